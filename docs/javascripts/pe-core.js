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

  /** An angle reduced mod 2π, as the arc draws it: in [0, 2π). */
  function turnOf(angle) {
    var full = 2 * Math.PI;
    return ((angle % full) + full) % full;
  }

  /** A small number for a caption: "0", or "2 × 10⁻¹⁶" (never "0e+0"). */
  function sci(x) {
    if (x === 0) return "0";
    var parts = x.toExponential(0).split("e"), exponent = Number(parts[1]);
    if (exponent >= -3 && exponent <= 3) return String(+x.toPrecision(1));
    var sup = String(exponent).replace("-", "⁻").replace(/\d/g, function (c) { return "⁰¹²³⁴⁵⁶⁷⁸⁹".charAt(+c); });
    return parts[0] + " × 10" + sup;
  }

  /** Whether boxes {x, y, width, height} come within `gap` px. */
  function overlap(a, b, gap) {
    return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap &&
           a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
  }

  /** A (sin, cos) pair on its unit circle: axes sin (across) and cos (up), the points at p and p + k with labels and
   *  radii, the clockwise angle w k as an arc, its value mod 2π as drawn. `opts`: sinP, cosP, sinQ, cosQ, angle,
   *  labelP, labelQ, angleName ("ω₀k"), angleDigits, moved ([sin, cos] of M_k PE(p), ringed). viewBox 300 x 270;
   *  each label takes the first free place inside it (tests/test_explorer.py sweeps p and k). */
  function drawCircle(svg, opts) {
    clear(svg);
    var W = 300, H = 270, C = [150, 138], R = 84;
    var at = function (s, c, r) { return [C[0] + (r || R) * s, C[1] - (r || R) * c]; };
    el("line", { x1: C[0] - R - 8, x2: C[0] + R + 8, y1: C[1], y2: C[1], "class": "pe-grid" }, svg);
    el("line", { x1: C[0], x2: C[0], y1: C[1] - R - 8, y2: C[1] + R + 8, "class": "pe-grid" }, svg);
    el("circle", { cx: C[0], cy: C[1], r: R, "class": "pe-frame" }, svg);
    var placed = [];
    var text = function (x, y, anchor, cls, words) {
      var t = el("text", { x: x, y: y, "text-anchor": anchor, "class": cls }, svg);
      t.textContent = words;
      return t;
    };
    // the axes' names, at the ends of the axes: sin across (to the right), cos up
    var names = [text(C[0] + R + 10, C[1] + 16, "start", "pe-axis-name", "sin"),
                 text(C[0] + 8, C[1] - R - 6, "start", "pe-axis-name", "cos")];
    var a = Math.atan2(opts.sinP, opts.cosP); // clockwise from the top: (sin a, cos a)
    var turn = turnOf(opts.angle);
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
    // the angle as the arc shows it: reduced mod 2π once the turn passes a full circle
    var reduced = opts.angle >= 2 * Math.PI - 5e-4;
    var angleText = opts.angleName + (reduced ? " mod 2π = " : " = ") + (opts.angleDigits
      ? (reduced ? turn : opts.angle).toFixed(opts.angleDigits) : String(+(reduced ? turn : opts.angle).toFixed(3)));
    // the first of `tries` ([x, y, align]: 1 text right of x, -1 left, 0 centred) inside the SVG and 2 px from the rest
    function place(label, size, tries) {
      var chosen = null;
      tries.some(function (t) {
        var x = t[2] > 0 ? t[0] : t[2] < 0 ? t[0] - size.width : t[0] - size.width / 2;
        x = Math.min(Math.max(x, 3), W - 3 - size.width);
        var y = Math.min(Math.max(t[1], 2 - size.y), H - 2 - size.y - size.height);  // size.y: the top, from the baseline
        var box = { x: x, y: y + size.y, width: size.width, height: size.height };
        if (placed.some(function (b) { return overlap(box, b, 2); })) return false;
        chosen = [x, y, box];
        return true;
      });
      if (!chosen) { // nowhere free: a row along the bottom
        var y0 = H - 2 - size.y - size.height - placed.filter(function (b) { return b.y > H - 40; }).length * 15;
        chosen = [3, y0, { x: 3, y: y0 + size.y, width: size.width, height: size.height }];
      }
      label.setAttribute("x", chosen[0]);
      label.setAttribute("y", chosen[1]);
      placed.push(chosen[2]);
    }
    var LIFTS = [0, -17, 17, -34, 34, -51, 51];  // a line of text is about 15 px tall
    var mid = a + turn / 2, tries = [];
    [0.42 * R + 20, 0.42 * R + 36, 0.42 * R + 4].forEach(function (radius) {
      var m = at(Math.sin(mid), Math.cos(mid), radius);
      LIFTS.forEach(function (lift) { tries.push([m[0], m[1] + 4 + lift, 0]); });
    });
    var angleLabel = text(0, 0, "start", "pe-angle-label", angleText);
    var points = [[opts.sinP, opts.cosP, opts.labelP, "pe-pair"], [opts.sinQ, opts.cosQ, opts.labelQ, "pe-offset"]];
    points.forEach(function (q) {
      var p = at(q[0], q[1]);
      el("line", { x1: C[0], y1: C[1], x2: p[0], y2: p[1], "class": "pe-line " + q[3] }, svg);
      el("circle", { cx: p[0], cy: p[1], r: 6, "class": "pe-dot " + q[3] }, svg);
    });
    var pointLabels = points.map(function (q) { return text(0, 0, "start", "pe-point-label", q[2]); });
    if (opts.moved) {
      var mv = at(opts.moved[0], opts.moved[1]);
      el("circle", { cx: mv[0], cy: mv[1], r: 10, "class": "pe-ring" }, svg);
    }
    // Every label is measured at once, before any is moved: measuring lays the page out, and a measurement after each
    // move laid it out five times a drawing (a slider dragged on a phone redraws many times a second). A label's size
    // does not depend on where it stands.
    var sizes = names.concat([angleLabel], pointLabels).map(function (t) { return t.getBBox(); });
    placed.push(sizes[0], sizes[1]);
    place(angleLabel, sizes[2], tries);
    points.forEach(function (q, j) { // outside the point, then further out, stepped up and down
      var align = q[0] > 0.25 ? 1 : q[0] < -0.25 ? -1 : 0, tries = [];
      [14, 24, 36].forEach(function (out) {
        var t = at(q[0], q[1], R + out);
        LIFTS.forEach(function (lift) { tries.push([t[0], t[1] + 4 + lift, align]); });
      });
      place(pointLabels[j], sizes[3 + j], tries);
    });
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
    el: el, fmt: fmt, sub: sub, clear: clear, drawCircle: drawCircle, turnOf: turnOf, sci: sci, bracketMatrix: bracketMatrix, colour: colour,
    animate: animate,
  };
})();
