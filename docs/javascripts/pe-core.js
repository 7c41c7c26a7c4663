/* The sinusoidal positional encoding in plain JavaScript (no library, nothing fetched): the formula and the drawing
 * pieces that the explorer (explorer.js) and the small widgets inside the pages (pe-widgets.js) share.
 *
 * It computes the same table as snippets/reference.py, in float64:
 *   w_i = base ** (-2i / d_model),  PE(p, 2i) = sin(p w_i),  PE(p, 2i + 1) = cos(p w_i)
 * (for an odd d_model the last column is a lone sine). tests/test_explorer.py compares what the explorer computes
 * through this file with docs/generated/explorer/reference_values.json.
 */
(function () {
  "use strict";

  // --- the formula --------------------------------------------------------------------------------------------------

  /** Angular frequency w_i of every pair i = 0 .. ceil(d/2) - 1, exactly as the reference orders the operations. */
  function frequencies(d, base) {
    var omega = new Float64Array(Math.ceil(d / 2));
    for (var i = 0; i < omega.length; i++) omega[i] = Math.pow(base, -(2 * i) / d);
    return omega;
  }

  /** Row PE(position): sine in the even columns, cosine in the odd ones; both columns of a pair share w_i. */
  function peRow(position, d, omega, out) {
    var row = out || new Float64Array(d);
    for (var i = 0; i < omega.length; i++) {
      var angle = position * omega[i];
      row[2 * i] = Math.sin(angle);
      if (2 * i + 1 < d) row[2 * i + 1] = Math.cos(angle);
    }
    return row;
  }

  function dot(a, b) {
    var s = 0;
    for (var j = 0; j < a.length; j++) s += a[j] * b[j];
    return s;
  }

  /** M_k PE(p): rotate each complete pair (sin, cos) by w_i k; a lone last sine column has no partner and stays. */
  function shift(row, cos, sin) {
    var moved = Float64Array.from(row);
    for (var i = 0; i < cos.length; i++) {
      var x = row[2 * i], y = row[2 * i + 1];
      moved[2 * i] = x * cos[i] + y * sin[i];
      moved[2 * i + 1] = -x * sin[i] + y * cos[i];
    }
    return moved;
  }

  // --- drawing ------------------------------------------------------------------------------------------------------

  var SVG = "http://www.w3.org/2000/svg";
  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (parent) parent.appendChild(node);
    return node;
  }
  function fmt(x, digits) {
    var n = digits === undefined ? 4 : digits, scale = Math.pow(10, n);
    return (Math.round(x * scale) / scale + 0).toFixed(n).replace("-", "−"); // never "-0.0000"
  }
  /** An index as subscript digits: 12 -> "₁₂". */
  function sub(i) {
    return String(i).replace(/\d/g, function (c) { return "₀₁₂₃₄₅₆₇₈₉".charAt(+c); });
  }
  function clear(svg) {
    while (svg.lastChild && svg.lastChild.nodeName !== "title") svg.removeChild(svg.lastChild);
  }

  /** A (sin, cos) pair on its unit circle, as a learner draws it: the point at p and the point at p + k, each
   *  labelled, their radii, and the clockwise angle w k between them as an arc with its value. `opts`: sinP, cosP,
   *  sinQ, cosQ (the two points), angle (w k in radians), labelP, labelQ, angleLabel, moved ([sin, cos] of M_k PE(p),
   *  ringed). The SVG's viewBox is 300 x 270. */
  function drawCircle(svg, opts) {
    clear(svg);
    var C = [150, 135], R = 92;
    var at = function (s, c, r) { return [C[0] + (r || R) * s, C[1] - (r || R) * c]; };
    el("line", { x1: C[0] - R - 8, x2: C[0] + R + 8, y1: C[1], y2: C[1], "class": "pe-grid" }, svg);
    el("line", { x1: C[0], x2: C[0], y1: C[1] - R - 8, y2: C[1] + R + 8, "class": "pe-grid" }, svg);
    el("circle", { cx: C[0], cy: C[1], r: R, "class": "pe-frame" }, svg);
    var a = Math.atan2(opts.sinP, opts.cosP); // clockwise from the top: (sin a, cos a)
    var turn = ((opts.angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    if (turn > 1e-3 && turn < 2 * Math.PI - 1e-3) {
      var r = 0.42 * R, s = at(Math.sin(a), Math.cos(a), r), e = at(Math.sin(a + turn), Math.cos(a + turn), r);
      el("path", { d: "M" + s[0].toFixed(2) + "," + s[1].toFixed(2) + " A" + r + "," + r + " 0 " +
                      (turn > Math.PI ? 1 : 0) + " 1 " + e[0].toFixed(2) + "," + e[1].toFixed(2),
                   "class": "pe-arc" }, svg);
      var tip = at(Math.sin(a + turn - 0.25), Math.cos(a + turn - 0.25), r), dir = [e[0] - tip[0], e[1] - tip[1]];
      var len = Math.hypot(dir[0], dir[1]) || 1, u = [dir[0] / len, dir[1] / len], w = [-u[1], u[0]];
      el("polygon", { points: [e, [e[0] - 8 * u[0] + 4 * w[0], e[1] - 8 * u[1] + 4 * w[1]],
                                  [e[0] - 8 * u[0] - 4 * w[0], e[1] - 8 * u[1] - 4 * w[1]]]
                        .map(function (q) { return q[0].toFixed(2) + "," + q[1].toFixed(2); }).join(" "),
                      "class": "pe-arrowhead" }, svg);
    }
    var mid = a + turn / 2, m = at(Math.sin(mid), Math.cos(mid), 0.42 * R + 22);
    el("text", { x: m[0], y: m[1] + 4, "text-anchor": "middle", "class": "pe-angle-label" }, svg)
      .textContent = opts.angleLabel;
    [[opts.sinP, opts.cosP, opts.labelP, "pe-pair"], [opts.sinQ, opts.cosQ, opts.labelQ, "pe-offset"]]
      .forEach(function (q) {
        var p = at(q[0], q[1]);
        el("line", { x1: C[0], y1: C[1], x2: p[0], y2: p[1], "class": "pe-line " + q[3] }, svg);
        el("circle", { cx: p[0], cy: p[1], r: 6, "class": "pe-dot " + q[3] }, svg);
        var t = at(q[0], q[1], R + 14);
        el("text", { x: t[0], y: t[1] + 4, "text-anchor": q[0] > 0.25 ? "start" : q[0] < -0.25 ? "end" : "middle",
                     "class": "pe-point-label" }, svg).textContent = q[2];
      });
    if (opts.moved) {
      var mv = at(opts.moved[0], opts.moved[1]);
      el("circle", { cx: mv[0], cy: mv[1], r: 10, "class": "pe-ring" }, svg);
    }
  }

  /** A 2 x 2 matrix between square brackets, in HTML (a table between two bracket spans): rows of numbers. */
  function bracketMatrix(container, rows, caption) {
    container.innerHTML = "";
    var wrap = document.createElement("div");
    wrap.className = "pe-bmatrix";
    var left = document.createElement("span"), right = document.createElement("span");
    left.className = "pe-bracket pe-bracket-l"; right.className = "pe-bracket pe-bracket-r";
    left.setAttribute("aria-hidden", "true"); right.setAttribute("aria-hidden", "true");
    var table = document.createElement("table");
    table.className = "pe-matrix";
    if (caption) {
      var note = document.createElement("p");
      note.className = "pe-matrix-caption";
      note.textContent = caption;
      container.appendChild(note);
      table.setAttribute("aria-label", caption);
    }
    rows.forEach(function (r) {
      var tr = table.insertRow();
      r.forEach(function (x) {
        var td = tr.insertCell();
        td.textContent = fmt(x);
        td.setAttribute("data-value", String(x));
      });
    });
    wrap.appendChild(left); wrap.appendChild(table); wrap.appendChild(right);
    container.appendChild(wrap);
    return table;
  }

  /** Diverging colour for a value in [-1, 1]: -1 blue (33, 102, 172), 0 near-white (247, 247, 247), +1 red. */
  function colour(v) {
    var t = Math.min(1, Math.abs(v)), c = v < 0 ? [33, 102, 172] : [178, 24, 43];
    return [247 + (c[0] - 247) * t, 247 + (c[1] - 247) * t, 247 + (c[2] - 247) * t];
  }

  /** Call `step` about `rate` times a second (twice a second when the reader asks for reduced motion) until it
   *  returns false or the returned stop() is called; never starts by itself. */
  function animate(step, rate) {
    var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var interval = 1000 / (reduced ? 2 : rate), last = null, running = true, frame = null;
    function tick(now) {
      if (!running) return;
      if (last === null || now - last >= interval) {
        last = now;
        if (step() === false) { running = false; return; }
      }
      frame = window.requestAnimationFrame(tick);
    }
    frame = window.requestAnimationFrame(tick);
    return function stop() { running = false; if (frame !== null) window.cancelAnimationFrame(frame); };
  }

  window.PE = {
    frequencies: frequencies, peRow: peRow, dot: dot, shift: shift,
    el: el, fmt: fmt, sub: sub, clear: clear, drawCircle: drawCircle, bracketMatrix: bracketMatrix, colour: colour,
    animate: animate,
  };
})();
