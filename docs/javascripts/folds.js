// Folded blocks (`???` admonitions and other <details>): a link into one opens it, on arrival and within the page,
// and printing opens them all (extra.css does it for paper with ::details-content; this covers the rest), closing
// again afterwards the ones it opened. Loaded by overrides/main.html on pages that have a folded block.
(function () {
  "use strict";

  function target() {
    if (location.hash.length < 2) return null;
    try {
      return document.getElementById(decodeURIComponent(location.hash.slice(1)));
    } catch (error) {
      return null;  // a malformed %-escape names nothing
    }
  }

  function openTo() {
    var element = target();
    if (!element || !element.closest("details:not([open])")) return;
    for (var e = element; e; e = e.parentElement) {
      if (e.tagName === "DETAILS") e.open = true;
    }
    element.scrollIntoView();
  }

  window.addEventListener("hashchange", openTo);
  // A click on a link to the fragment the address already has changes nothing: no hashchange.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href^='#']");
    if (link && link.getAttribute("href") === location.hash) openTo();
  });
  openTo();

  var opened = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details:not([open])").forEach(function (fold) {
      fold.open = true;
      opened.push(fold);
    });
  });
  window.addEventListener("afterprint", function () {
    opened.splice(0).forEach(function (fold) {
      fold.open = false;
    });
  });
})();
