// Typeset math with the vendored KaTeX. Markdown pages: arithmatex wraps math in .arithmatex as \( \) and \[ \].
// Notebook pages (mkdocs-jupyter): math stays as raw $ and $$ inside .jupyter-wrapper.
document$.subscribe(({ body }) => {
  const options = (delimiters) => ({ delimiters, throwOnError: false, ignoredTags: ["script", "noscript", "style", "textarea", "pre", "code"] });
  for (const element of body.querySelectorAll(".arithmatex")) {
    renderMathInElement(element, options([
      { left: "\\(", right: "\\)", display: false },
      { left: "\\[", right: "\\]", display: true },
    ]));
  }
  for (const element of body.querySelectorAll(".jupyter-wrapper")) {
    renderMathInElement(element, options([
      { left: "$$", right: "$$", display: true },
      { left: "$", right: "$", display: false },
      { left: "\\(", right: "\\)", display: false },
      { left: "\\[", right: "\\]", display: true },
    ]));
  }
});
