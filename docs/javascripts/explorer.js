/* Interactive explorer of the sinusoidal positional encoding (plain JavaScript, no library, nothing fetched).
 *
 * It computes the same table as snippets/reference.py, in float64:
 *   w_i = base ** (-2i / d_model),  PE(p, 2i) = sin(p w_i),  PE(p, 2i + 1) = cos(p w_i)
 * (for an odd d_model the last column is a lone sine). tests/test_explorer.py drives the controls and compares the
 * numbers read back through window.peExplorer with docs/generated/explorer_reference_values.json.
 */
(function () {
  "use strict";

  var LIMITS = {
    d_model: { min: 1, max: 1024, what: "d_model must be a positive int" },
    positions: { min: 1, max: 4096, what: "positions must be a positive int" },
    p: { min: 0, max: 100000, what: "position p must be an int" },
  };
  var SHOWN_COLUMNS = 8; // columns of the "selected values" table

  var root = document.getElementById("pe-explorer");
  if (!root) return;
  var $ = function (id) { return document.getElementById(id); };
  var inputs = {
    d_model: $("pe-d-model"),
    base: $("pe-base"),
    positions: $("pe-positions"),
    p: $("pe-p"),
    k: $("pe-k"),
    pair: $("pe-pair"),
  };
  var state = null; // the last valid settings and everything computed from them

  // --- the formula ----------------------------------------------------------------------------------------------

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

  var cache = {}; // what each group of settings determines, so that moving k or p does not recompute the table

  function compute(s) {
    var d = s.d_model, n = s.positions, key = d + "|" + s.base + "|" + n;
    if (cache.key !== key) {
      var omega = frequencies(d, s.base), table = new Float64Array(n * d), row0 = peRow(0, d, omega);
      for (var pos = 0; pos < n; pos++) peRow(pos, d, omega, table.subarray(pos * d, (pos + 1) * d));
      var dots0 = new Float64Array(n);
      for (var j = 0; j < n; j++) dots0[j] = dot(row0, table.subarray(j * d, (j + 1) * d));
      cache = { key: key, omega: omega, table: table, dots0: dots0, heatmap: null };
    }
    var omega_ = cache.omega;
    if (cache.p !== s.p) {
      var rowP = peRow(s.p, d, omega_), dots = new Float64Array(n), scratch = new Float64Array(d);
      for (var k = 0; k < n; k++) dots[k] = dot(rowP, peRow(s.p + k, d, omega_, scratch));
      cache.p = s.p; cache.rowP = rowP; cache.dots = dots;
    }
    var pairs = Math.floor(d / 2), rowK = peRow(s.k, d, omega_);
    var cos = new Float64Array(pairs), sin = new Float64Array(pairs);
    for (var i = 0; i < pairs; i++) { cos[i] = rowK[2 * i + 1]; sin[i] = rowK[2 * i]; }
    var moved = shift(cache.rowP, cos, sin), target = peRow(s.p + s.k, d, omega_), err = 0;
    for (var c = 0; c < 2 * pairs; c++) err = Math.max(err, Math.abs(moved[c] - target[c]));
    return { s: s, omega: omega_, table: cache.table, cos: cos, sin: sin, rowP: cache.rowP, dots: cache.dots,
             dots0: cache.dots0, moved: moved, target: target, shiftError: err };
  }

  // --- reading the controls ---------------------------------------------------------------------------------------

  function readInt(name, value, min, max) {
    var x = Number(value);
    if (value === "" || !Number.isInteger(x) || x < min || x > max) {
      throw new Error(LIMITS[name] ? LIMITS[name].what + " from " + min + " to " + max + ", got " + JSON.stringify(value)
                                   : name + " must be an int from " + min + " to " + max + ", got " + JSON.stringify(value));
    }
    return x;
  }

  function readSettings() {
    var s = {};
    s.d_model = readInt("d_model", inputs.d_model.value, LIMITS.d_model.min, LIMITS.d_model.max);
    var base = Number(inputs.base.value);
    if (inputs.base.value === "" || !Number.isFinite(base) || base <= 1) {
      throw new Error("base must be a finite number > 1, got " + JSON.stringify(inputs.base.value));
    }
    s.base = base;
    s.positions = readInt("positions", inputs.positions.value, LIMITS.positions.min, LIMITS.positions.max);
    s.p = readInt("p", inputs.p.value, LIMITS.p.min, LIMITS.p.max);
    inputs.k.max = String(s.positions - 1);
    s.k = readInt("offset k", inputs.k.value, 0, s.positions - 1);
    var lastPair = Math.ceil(s.d_model / 2) - 1;
    inputs.pair.max = String(lastPair);
    s.pair = readInt("pair i", inputs.pair.value, 0, lastPair);
    return s;
  }

  function update() {
    var message = $("pe-error");
    var s;
    try {
      s = readSettings();
    } catch (error) {
      message.textContent = error.message + ". The figures show the last valid settings.";
      message.hidden = false;
      root.setAttribute("data-valid", "false");
      return;
    }
    message.hidden = true;
    message.textContent = "";
    state = compute(s);
    root.setAttribute("data-valid", "true");
    $("pe-k-out").textContent = String(s.k);
    $("pe-pair-out").textContent = String(s.pair) + " (columns " + 2 * s.pair +
      (2 * s.pair + 1 < s.d_model ? " and " + (2 * s.pair + 1) : ", a lone sine") + ")";
    draw();
    root.setAttribute("data-settings", JSON.stringify(s));
  }

  // --- drawing --------------------------------------------------------------------------------------------------

  var SVG = "http://www.w3.org/2000/svg";
  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (parent) parent.appendChild(node);
    return node;
  }
  function fmt(x, digits) {
    var scale = Math.pow(10, digits === undefined ? 4 : digits);
    return (Math.round(x * scale) / scale + 0).toFixed(digits === undefined ? 4 : digits); // never "-0.0000"
  }
  function ticks(lo, hi, count) {
    var span = hi - lo || 1, step = Math.pow(10, Math.floor(Math.log10(span / count)));
    var err = span / count / step;
    step *= err >= 7.5 ? 10 : err >= 3.5 ? 5 : err >= 1.5 ? 2 : 1;
    var out = [];
    for (var t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Math.abs(t) < step * 1e-9 ? 0 : t);
    return out;
  }

  /** A line chart in an <svg viewBox="0 0 640 240">: x from x0 by 1 per value, the series drawn as polylines. */
  function lineChart(svg, opts) {
    while (svg.lastChild && svg.lastChild.nodeName !== "title") svg.removeChild(svg.lastChild);
    var W = 640, H = 240, L = 56, R = 12, T = 10, B = 40;
    var x0 = opts.x0, x1 = opts.x1, y0 = opts.y0, y1 = opts.y1;
    var X = function (x) { return L + (x - x0) / (x1 - x0 || 1) * (W - L - R); };
    var Y = function (y) { return H - B - (y - y0) / (y1 - y0 || 1) * (H - T - B); };
    var axes = el("g", { "class": "pe-axes" }, svg);
    ticks(x0, x1, 6).forEach(function (t) {
      el("line", { x1: X(t), x2: X(t), y1: T, y2: H - B, "class": "pe-grid" }, axes);
      el("text", { x: X(t), y: H - B + 16, "text-anchor": "middle" }, axes).textContent = String(+t.toPrecision(6));
    });
    ticks(y0, y1, 4).forEach(function (t) {
      el("line", { x1: L, x2: W - R, y1: Y(t), y2: Y(t), "class": "pe-grid" }, axes);
      el("text", { x: L - 6, y: Y(t) + 4, "text-anchor": "end" }, axes).textContent = String(+t.toPrecision(6));
    });
    el("rect", { x: L, y: T, width: W - L - R, height: H - T - B, "class": "pe-frame" }, axes);
    el("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle" }, axes).textContent = opts.xLabel;
    el("text", { x: 14, y: (T + H - B) / 2, "text-anchor": "middle",
                 transform: "rotate(-90 14 " + (T + H - B) / 2 + ")" }, axes).textContent = opts.yLabel;
    opts.series.forEach(function (series) {
      var pts = [];
      for (var j = 0; j < series.values.length; j++) pts.push(X(x0 + j).toFixed(1) + "," + Y(series.values[j]).toFixed(1));
      el("polyline", { points: pts.join(" "), "class": "pe-line " + series.cls }, svg);
    });
    (opts.markers || []).forEach(function (m) {
      el("line", { x1: X(m.x), x2: X(m.x), y1: T, y2: H - B, "class": "pe-marker" }, svg);
    });
  }

  function describe(id, text) {
    var node = $(id);
    var title = node.querySelector("title");
    if (title) title.textContent = text;
  }

  /** The table as one pixel per entry (position across, dimension 0 at the bottom), painted once per table. */
  function paintTable(d, n) {
    var source = document.createElement("canvas");
    source.width = n; source.height = d;
    var ctx = source.getContext("2d"), img = ctx.createImageData(n, d);
    for (var pos = 0; pos < n; pos++) {
      for (var j = 0; j < d; j++) {
        var v = state.table[pos * d + j], at = ((d - 1 - j) * n + pos) * 4; // dimension 0 at the bottom
        // diverging map: -1 blue (33, 102, 172), 0 near-white (247, 247, 247), +1 red (178, 24, 43)
        var t = Math.abs(v), c = v < 0 ? [33, 102, 172] : [178, 24, 43];
        img.data[at] = 247 + (c[0] - 247) * t;
        img.data[at + 1] = 247 + (c[1] - 247) * t;
        img.data[at + 2] = 247 + (c[2] - 247) * t;
        img.data[at + 3] = 255;
      }
    }
    ctx.putImageData(img, 0, 0);
    return source;
  }

  function drawHeatmap() {
    var s = state.s, d = s.d_model, n = s.positions, canvas = $("pe-heatmap");
    var source = cache.heatmap || (cache.heatmap = paintTable(d, n));
    var width = Math.max(320, Math.round(canvas.clientWidth || 640)), height = 260;
    var ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio); canvas.height = Math.round(height * ratio);
    var out = canvas.getContext("2d");
    out.imageSmoothingEnabled = false;
    out.drawImage(source, 0, 0, canvas.width, canvas.height);
    out.fillStyle = "rgba(0, 0, 0, 0.75)";
    [s.p, s.p + s.k].forEach(function (x) {
      if (x < n) out.fillRect(Math.floor((x + 0.5) / n * canvas.width), 0, Math.max(1, ratio), canvas.height);
    });
    canvas.setAttribute("aria-label", "Heatmap of PE for " + n + " positions (left to right) and d_model = " + d +
      " (dimension 0 at the bottom), base " + s.base + ": red is +1, blue is -1. Fast stripes in the low dimensions, " +
      "slow bands in the high ones. Dark lines mark positions p = " + s.p + " and p + k = " + (s.p + s.k) + ".");
    $("pe-heatmap-axes").textContent = "Positions 0 to " + (n - 1) + " from left to right; dimensions 0 to " + (d - 1) +
      " from bottom to top.";
  }

  function drawCurves() {
    var s = state.s, d = s.d_model, n = s.positions, i = s.pair;
    var sinV = new Float64Array(n), cosV = new Float64Array(n);
    for (var pos = 0; pos < n; pos++) {
      sinV[pos] = state.table[pos * d + 2 * i];
      if (2 * i + 1 < d) cosV[pos] = state.table[pos * d + 2 * i + 1];
    }
    var series = [{ values: sinV, cls: "pe-s1" }];
    if (2 * i + 1 < d) series.push({ values: cosV, cls: "pe-s2" });
    lineChart($("pe-curves"), { x0: 0, x1: Math.max(1, n - 1), y0: -1.05, y1: 1.05, series: series,
      markers: [{ x: s.p }], xLabel: "position p", yLabel: "PE value" });
    var wavelength = 2 * Math.PI / state.omega[i];
    $("pe-wavelength").textContent = "Pair " + i + ": angular frequency w = " + state.omega[i].toPrecision(6) +
      " radians per position, wavelength 2π/w = " + wavelength.toPrecision(6) + " positions.";
    describe("pe-curves", "Columns " + 2 * i + (2 * i + 1 < d ? " (sine) and " + (2 * i + 1) + " (cosine)" : " (a lone sine)") +
      " over positions 0 to " + (n - 1) + "; wavelength " + wavelength.toPrecision(4) + " positions.");
  }

  function drawDots() {
    var s = state.s, n = s.positions, lo = Infinity, hi = -Infinity;
    for (var k = 0; k < n; k++) {
      lo = Math.min(lo, state.dots[k], state.dots0[k]);
      hi = Math.max(hi, state.dots[k], state.dots0[k]);
    }
    lineChart($("pe-dots"), { x0: 0, x1: Math.max(1, n - 1), y0: Math.min(0, lo), y1: hi, xLabel: "offset k",
      yLabel: "PE(p) · PE(p + k)", markers: [{ x: s.k }],
      series: [{ values: state.dots0, cls: "pe-s2 pe-dashed" }, { values: state.dots, cls: "pe-s1" }] });
    describe("pe-dots", "Dot product PE(p) · PE(p + k) against the offset k for p = " + s.p + " and for p = 0; " +
      "it is largest at k = 0, where it equals " + fmt(state.dots[0], 2) + ".");
  }

  function drawRotation() {
    var s = state.s, d = s.d_model, i = s.pair, svg = $("pe-rotation");
    while (svg.lastChild && svg.lastChild.nodeName !== "title") svg.removeChild(svg.lastChild);
    var C = 120, Rr = 90, P = function (x, y) { return [C + Rr * x, C - Rr * y]; };
    el("circle", { cx: C, cy: C, r: Rr, "class": "pe-frame" }, svg);
    el("line", { x1: C - Rr - 10, x2: C + Rr + 10, y1: C, y2: C, "class": "pe-grid" }, svg);
    el("line", { x1: C, x2: C, y1: C - Rr - 10, y2: C + Rr + 10, "class": "pe-grid" }, svg);
    var note = $("pe-matrix");
    if (2 * i + 1 >= d) {
      note.innerHTML = "";
      $("pe-rotation-note").textContent = "Column " + 2 * i + " is a lone sine (odd d_model): sin(w(p + k)) needs " +
        "cos(w p), which the table does not hold, so no matrix moves this column on its own.";
      describe("pe-rotation", "No rotation for a lone sine column.");
      return;
    }
    var a = P(state.rowP[2 * i], state.rowP[2 * i + 1]), b = P(state.target[2 * i], state.target[2 * i + 1]);
    var m = P(state.moved[2 * i], state.moved[2 * i + 1]);
    el("line", { x1: C, y1: C, x2: a[0], y2: a[1], "class": "pe-line pe-s1" }, svg);
    el("line", { x1: C, y1: C, x2: b[0], y2: b[1], "class": "pe-line pe-s2" }, svg);
    el("circle", { cx: a[0], cy: a[1], r: 6, "class": "pe-dot pe-s1" }, svg);
    el("circle", { cx: b[0], cy: b[1], r: 6, "class": "pe-dot pe-s2" }, svg);
    el("circle", { cx: m[0], cy: m[1], r: 10, "class": "pe-ring" }, svg);
    var c = state.cos[i], sn = state.sin[i];
    note.innerHTML = "";
    var table = document.createElement("table");
    table.className = "pe-matrix";
    var caption = table.createCaption();
    caption.textContent = "Block " + i + " of M_k, k = " + s.k + ": cos(w k), sin(w k) over −sin(w k), cos(w k)";
    [[c, sn], [-sn, c]].forEach(function (r) {
      var tr = table.insertRow();
      r.forEach(function (x) { var td = tr.insertCell(); td.textContent = fmt(x); td.setAttribute("data-value", String(x)); });
    });
    note.appendChild(table);
    $("pe-rotation-note").textContent = "Pair " + i + " of PE(p) (blue, p = " + s.p + ") turned by w k = " +
      (state.omega[i] * s.k).toPrecision(5) + " radians lands on PE(p + k) (red, inside the ring that marks M_k PE(p)). " +
      "Over all " + state.cos.length + " pairs, max |M_k PE(p) − PE(p + k)| = " + state.shiftError.toExponential(1) + ".";
    describe("pe-rotation", "Unit circle: the point (sin, cos) of pair " + i + " at p = " + s.p +
      " and at p + k = " + (s.p + s.k) + "; the rotation M_k moves the first onto the second.");
  }

  function drawValues() {
    var s = state.s, d = s.d_model, cols = Math.min(d, SHOWN_COLUMNS), body = $("pe-values-body");
    var head = $("pe-values-head");
    head.innerHTML = "";
    var tr = head.insertRow(), th = document.createElement("th");
    th.textContent = "vector"; th.scope = "col"; tr.appendChild(th);
    for (var j = 0; j < cols; j++) { th = document.createElement("th"); th.scope = "col"; th.textContent = "col " + j; tr.appendChild(th); }
    body.innerHTML = "";
    [["PE(p)", "p", state.rowP], ["PE(p + k)", "target", state.target], ["M_k PE(p)", "moved", state.moved]]
      .forEach(function (r) {
        var row = body.insertRow();
        row.setAttribute("data-row", r[1]);
        var h = document.createElement("th"); h.scope = "row"; h.textContent = r[0]; row.appendChild(h);
        for (var j = 0; j < cols; j++) {
          var td = row.insertCell(); td.textContent = fmt(r[2][j]); td.setAttribute("data-value", String(r[2][j]));
        }
      });
    var dp = $("pe-dot-value");
    dp.textContent = fmt(state.dots[s.k]);
    dp.setAttribute("data-value", String(state.dots[s.k]));
    $("pe-values-caption").textContent = "The first " + cols + " of " + d + " columns at p = " + s.p + ", k = " + s.k + ".";
  }

  var pending = false;
  function draw() {
    drawValues(); // at once: the numbers a reader (or the test) reads
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      drawHeatmap(); drawCurves(); drawDots(); drawRotation();
    });
  }

  // --- wiring and the read-back API ---------------------------------------------------------------------------------

  Object.keys(inputs).forEach(function (name) {
    inputs[name].addEventListener("input", update);
    inputs[name].addEventListener("change", update);
  });
  window.addEventListener("resize", function () { if (state) drawHeatmap(); });

  var list = function (a) { return Array.prototype.slice.call(a); };
  /** What the page computed, for readers in the console and for the browser test. */
  window.peExplorer = {
    settings: function () { return state && Object.assign({}, state.s); },
    row: function (position) { return list(peRow(position, state.s.d_model, state.omega)); },
    tableRow: function (position) {
      var d = state.s.d_model;
      return list(state.table.subarray(position * d, (position + 1) * d));
    },
    dot: function () { return list(state.dots); },
    rotation: function () { return { cos: list(state.cos), sin: list(state.sin) }; },
    moved: function () { return list(state.moved); },
    target: function () { return list(state.target); },
  };
  update();
})();
