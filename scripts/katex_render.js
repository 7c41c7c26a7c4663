// Typesets TeX with the pinned KaTeX of package-lock.json, for scripts/katex_hook.py at build time.
// Protocol: one JSON request per line on stdin, [{"tex": "...", "display": true}, ...]; one JSON reply per line on
// stdout, {"version": "0.19.1", "html": ["...", ...]} or {"error": "...", "index": N} for the first formula KaTeX
// rejects. Nothing of this runs in the reader's browser: pages carry the HTML (and MathML) it writes.
"use strict";
const katex = require("katex");
const readline = require("readline");

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const items = JSON.parse(line);
  const html = [];
  for (let index = 0; index < items.length; index++) {
    const { tex, display } = items[index];
    try {
      html.push(katex.renderToString(tex, {
        displayMode: display, throwOnError: true, strict: "error", output: "htmlAndMathml", trust: false,
      }));
    } catch (error) {
      process.stdout.write(JSON.stringify({ error: String(error.message || error), index }) + "\n");
      return;
    }
  }
  process.stdout.write(JSON.stringify({ version: katex.version, html }) + "\n");
});
