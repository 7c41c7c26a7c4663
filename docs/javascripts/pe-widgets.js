/* Small widgets inside the pages, built on pe-core.js (the explorer's own formula and drawings, loaded first):
 *   data-pe-widget="rotation" (linearity.md): pair 0 on its circle at p and p + k, the arc w k and R_0(k);
 *   data-pe-widget="base" (base.md): the sine columns of the table, by pair, for the base on the slider.
 * Each draws once on load and again on every move of its sliders; nothing runs on its own.
 */
(function () {
  "use strict";

  var PE = window.PE;
  if (!PE) return;

  function rotation(widget) {
    var $ = function (id) { return widget.querySelector("#" + id); };
    var p = $("pe-w-p"), k = $("pe-w-k"), d = 8, omega = PE.frequencies(d, 10000);
    function draw() {
      var P = Number(p.value), K = Number(k.value);
      var rowP = PE.peRow(P, d, omega), rowQ = PE.peRow(P + K, d, omega), rowK = PE.peRow(K, d, omega);
      var moved = PE.shift(rowP, [rowK[1]], [rowK[0]]);
      $("pe-w-p-out").textContent = String(P);
      $("pe-w-k-out").textContent = String(K);
      PE.drawCircle($("pe-w-circle"), {
        sinP: rowP[0], cosP: rowP[1], sinQ: rowQ[0], cosQ: rowQ[1], angle: omega[0] * K, moved: [moved[0], moved[1]],
        labelP: "p = " + P, labelQ: "p + k = " + (P + K), angleName: "ω₀k",
      });
      PE.bracketMatrix($("pe-w-matrix"), [[rowK[1], rowK[0]], [-rowK[0], rowK[1]]], "R₀(" + K + ") =");
      var gap = Math.max(Math.abs(moved[0] - rowQ[0]), Math.abs(moved[1] - rowQ[1]));
      $("pe-w-note").textContent = "R₀(" + K + ") turns PE(" + P + ") clockwise by " + K + " rad onto PE(" + (P + K) +
        ") (ringed), " + (gap === 0 ? "exactly" : "to within " + PE.sci(gap)) +
        "; the matrix holds k only, so moving p leaves it as it is.";
      widget.setAttribute("data-drawn", P + "," + K);
    }
    p.addEventListener("input", draw);
    k.addEventListener("input", draw);
    draw();
  }

  function base(widget) {
    var $ = function (id) { return widget.querySelector("#" + id); };
    var slider = $("pe-w-base"), svg = $("pe-w-heat"), d = 64, n = 128, pairs = d / 2;
    var box = { l: 44, t: 8, w: 230, h: 120 }, bar = { x: 44 + 230 + 12, w: 10 };  // the colour bar on the right
    function draw() {
      var b = Math.pow(10, Number(slider.value)), omega = PE.frequencies(d, b);
      var canvas = document.createElement("canvas");
      canvas.width = n; canvas.height = pairs;
      var ctx = canvas.getContext("2d"), img = ctx.createImageData(n, pairs), row = new Float64Array(d);
      for (var pos = 0; pos < n; pos++) {
        PE.peRow(pos, d, omega, row);
        for (var i = 0; i < pairs; i++) { // pair 0 at the bottom
          var c = PE.colour(row[2 * i]), at = ((pairs - 1 - i) * n + pos) * 4;
          img.data[at] = c[0]; img.data[at + 1] = c[1]; img.data[at + 2] = c[2]; img.data[at + 3] = 255;
        }
      }
      ctx.putImageData(img, 0, 0);
      PE.clear(svg);
      PE.el("image", { x: box.l, y: box.t, width: box.w, height: box.h, preserveAspectRatio: "none",
                       href: canvas.toDataURL("image/png"), "class": "pe-cells" }, svg);
      PE.el("rect", { x: box.l, y: box.t, width: box.w, height: box.h, "class": "pe-frame" }, svg);
      [[0, "0"], [n - 1, String(n - 1)]].forEach(function (t) {
        PE.el("text", { x: box.l + (t[0] + 0.5) / n * box.w, y: box.t + box.h + 15, "text-anchor": "middle" }, svg)
          .textContent = t[1];
      });
      [[0, "0"], [pairs - 1, String(pairs - 1)]].forEach(function (t) {
        PE.el("text", { x: box.l - 6, y: box.t + box.h - (t[0] + 0.5) / pairs * box.h + 4, "text-anchor": "end" }, svg)
          .textContent = t[1];
      });
      PE.el("text", { x: box.l + box.w / 2, y: box.t + box.h + 30, "text-anchor": "middle" }, svg)
        .textContent = "position p";
      // the colour bar: −1 blue at the bottom, +1 red at the top, as on the explorer's heatmap
      var grad = PE.el("linearGradient", { id: "pe-w-scale", x1: 0, y1: 1, x2: 0, y2: 0 }, PE.el("defs", {}, svg));
      [-1, -0.5, 0, 0.5, 1].forEach(function (v) {
        PE.el("stop", { offset: (v + 1) / 2, "stop-color": "rgb(" + PE.colour(v).map(Math.round).join(",") + ")" }, grad);
      });
      PE.el("rect", { x: bar.x, y: box.t, width: bar.w, height: box.h, fill: "url(#pe-w-scale)", "class": "pe-scale" }, svg);
      PE.el("rect", { x: bar.x, y: box.t, width: bar.w, height: box.h, "class": "pe-frame" }, svg);
      [1, 0, -1].forEach(function (v) {
        PE.el("text", { x: bar.x + bar.w + 3, y: box.t + (1 - v) / 2 * box.h + 4, "class": "pe-scale-label" }, svg)
          .textContent = v < 0 ? "−1" : String(v);
      });
      PE.el("text", { x: 12, y: box.t + box.h / 2, "text-anchor": "middle",
                      transform: "rotate(-90 12 " + (box.t + box.h / 2) + ")" }, svg).textContent = "pair i (sine)";
      var shown = b >= 100 ? Math.round(b).toLocaleString("en-US") : String(+b.toPrecision(3));
      var repeat = 0;
      for (var j = 0; j < pairs; j++) if (2 * Math.PI / omega[j] <= n) repeat++;
      $("pe-w-base-out").textContent = shown;
      slider.setAttribute("aria-valuetext", shown);
      $("pe-w-base-note").textContent = "Base " + shown + ", d_model = " + d + ": " + repeat + " of " + pairs +
        " pairs complete a turn within these " + n + " positions; the slowest has a wavelength of " +
        Math.round(2 * Math.PI / omega[pairs - 1]).toLocaleString("en-US") + " positions.";
      widget.setAttribute("data-drawn", String(b));
      widget.setAttribute("data-repeat", String(repeat));
    }
    slider.addEventListener("input", draw);
    draw();
  }

  var kinds = { rotation: rotation, base: base };
  Array.prototype.forEach.call(document.querySelectorAll("[data-pe-widget]"), function (widget) {
    var make = kinds[widget.getAttribute("data-pe-widget")];
    if (make) make(widget);
  });
})();
