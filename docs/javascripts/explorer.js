/* Interactive explorer of the sinusoidal positional encoding (plain JavaScript, no library, nothing fetched).
 *
 * The formula and the circle and matrix drawings live in pe-core.js (loaded first), which the widgets inside the
 * pages share; this file wires the explorer's controls, its play buttons and its charts. It computes the same table
 * as snippets/reference.py, in float64. tests/test_explorer.py drives the controls and compares the numbers read
 * back through window.peExplorer with docs/generated/explorer/reference_values.json.
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

  // --- the formula: pe-core.js, shared with the widgets inside the pages -------------------------------------------

  var PE = window.PE;
  var frequencies = PE.frequencies, peRow = PE.peRow, dot = PE.dot, shift = PE.shift;

  var cache = {}; // what each group of settings determines, so that moving k or p does not recompute the table

  function compute(s) {
    var d = s.d_model, n = s.positions, key = d + "|" + s.base + "|" + n;
    if (cache.key !== key) {
      var omega = frequencies(d, s.base), table = new Float64Array(n * d), row0 = peRow(0, d, omega);
      for (var pos = 0; pos < n; pos++) peRow(pos, d, omega, table.subarray(pos * d, (pos + 1) * d));
      var dots0 = new Float64Array(n);
      for (var j = 0; j < n; j++) dots0[j] = dot(row0, table.subarray(j * d, (j + 1) * d));
      cache = { key: key, omega: omega, table: table, dots0: dots0, heatmap: null, curve: null };
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

  var el = PE.el, fmt = PE.fmt, clear = PE.clear, colour = PE.colour;
  function ticks(lo, hi, count) {
    var span = hi - lo || 1, step = Math.pow(10, Math.floor(Math.log10(span / count)));
    var err = span / count / step;
    step *= err >= 7.5 ? 10 : err >= 3.5 ? 5 : err >= 1.5 ? 2 : 1;
    var out = [];
    for (var t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Math.abs(t) < step * 1e-9 ? 0 : t);
    return out;
  }

  // Every chart is drawn at the width it is shown at (its viewBox is its size in CSS px), so its 12 px text stays
  // 12 px on a phone instead of shrinking with the picture; the charts are redrawn when the window resizes.
  var MIN_PX_PER_WAVE = 16; // a wave narrower than this would fill the chart as a solid block: show fewer positions
  var MARGIN = { l: 56, r: 14, t: 24, b: 42 };

  // The charts' displayed widths, read for all of them before any is redrawn (drawAll): a chart read after another was
  // redrawn would lay the page out once for each.
  var widths = null;
  function drawAll(list) {
    widths = {};
    ["pe-heatmap", "pe-curves", "pe-dots"].forEach(function (id) {
      widths[id] = Math.round($(id).parentNode.getBoundingClientRect().width);
    });
    try {
      list.forEach(function (chart) { chart(); });
    } finally {
      widths = null;
    }
  }

  /** Size the chart to its displayed width (at least 260 px) and `height`; return the plot box. */
  function sizeChart(svg, height, right) {
    var shown = widths && svg.id in widths ? widths[svg.id] : Math.round(svg.parentNode.getBoundingClientRect().width);
    var width = Math.max(260, shown || 640);
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    var r = right === undefined ? MARGIN.r : right;
    return { W: width, H: height, l: MARGIN.l, t: MARGIN.t, w: width - MARGIN.l - r, h: height - MARGIN.t - MARGIN.b };
  }
  function tickCount(pixels) { return Math.max(2, Math.floor(pixels / 70)); }
  function label(t) { return String(+t.toPrecision(6)).replace("-", "−"); }

  /** Grid, ticks, frame and axis titles for data ranges [x0, x1] and [y0, y1] in the plot box; returns the maps. */
  function axes(svg, box, x0, x1, y0, y1, xLabel, yLabel, opts) {
    opts = opts || {};
    var X = opts.X || function (x) { return box.l + (x - x0) / (x1 - x0 || 1) * box.w; };
    var Y = opts.Y || function (y) { return box.t + box.h - (y - y0) / (y1 - y0 || 1) * box.h; };
    var g = el("g", { "class": "pe-axes" }, svg);
    ticks(x0, x1, tickCount(box.w)).forEach(function (t) {
      if (!opts.noGrid) el("line", { x1: X(t), x2: X(t), y1: box.t, y2: box.t + box.h, "class": "pe-grid" }, g);
      el("line", { x1: X(t), x2: X(t), y1: box.t + box.h, y2: box.t + box.h + 4, "class": "pe-frame" }, g);
      el("text", { x: X(t), y: box.t + box.h + 16, "text-anchor": "middle" }, g).textContent = label(t);
    });
    (opts.yTicks || ticks(y0, y1, Math.max(2, Math.floor(box.h / 45))).map(function (t) { return [t, label(t)]; }))
      .forEach(function (t) {
        if (!opts.noGrid) el("line", { x1: box.l, x2: box.l + box.w, y1: Y(t[0]), y2: Y(t[0]), "class": "pe-grid" }, g);
        el("line", { x1: box.l - 4, x2: box.l, y1: Y(t[0]), y2: Y(t[0]), "class": "pe-frame" }, g);
        el("text", { x: box.l - 7, y: Y(t[0]) + 4, "text-anchor": "end" }, g).textContent = t[1];
      });
    el("rect", { x: box.l, y: box.t, width: box.w, height: box.h, "class": "pe-frame" }, g);
    el("text", { x: box.l + box.w / 2, y: box.H - 6, "text-anchor": "middle", "class": "pe-axis-title" }, g)
      .textContent = xLabel;
    var mid = box.t + box.h / 2;
    el("text", { x: 14, y: mid, "text-anchor": "middle", "class": "pe-axis-title",
                 transform: "rotate(-90 14 " + mid + ")" }, g).textContent = yLabel;
    return { X: X, Y: Y };
  }

  /** Vertical marker lines, each labelled above the plot ("p = 10"); labels that would collide move apart. */
  function markers(svg, box, X, list) {
    var shown = list.filter(function (m) { return m.x >= m.lo && m.x <= m.hi; });
    var labels = shown.map(function (m) { return { x: X(m.x), text: m.text }; });
    if (labels.length === 2 && Math.abs(labels[1].x - labels[0].x) < 120) { // too close for two: one label
      labels = [{ x: labels[0].x, text: labels[0].text + ", " + labels[1].text }];
    }
    shown.forEach(function (m) {
      el("line", { x1: X(m.x), x2: X(m.x), y1: box.t, y2: box.t + box.h, "class": "pe-marker" }, svg);
    });
    labels.forEach(function (m) {
      var room = 4 * m.text.length; // about half the label's width at 12 px
      var anchor = m.x - box.l < room ? "start" : box.l + box.w - m.x < room ? "end" : "middle";
      el("text", { x: m.x, y: box.t - 7, "text-anchor": anchor, "class": "pe-marker-label" }, svg).textContent = m.text;
    });
  }

  function polyline(svg, xs, ys, X, Y, cls) {
    var pts = [];
    for (var j = 0; j < xs.length; j++) pts.push(X(xs[j]).toFixed(1) + "," + Y(ys[j]).toFixed(1));
    return el("polyline", { points: pts.join(" "), "class": "pe-line " + cls }, svg);
  }

  /** A band from per-pixel minima to maxima: what a curve too fast for the chart's pixels covers, with no aliasing. */
  function band(svg, xs, lo, hi, X, Y, cls) {
    var pts = [];
    for (var j = 0; j < xs.length; j++) pts.push(X(xs[j]).toFixed(1) + "," + Y(hi[j]).toFixed(1));
    for (j = xs.length - 1; j >= 0; j--) pts.push(X(xs[j]).toFixed(1) + "," + Y(lo[j]).toFixed(1));
    return el("polygon", { points: pts.join(" "), "class": "pe-band " + cls }, svg);
  }

  function describe(id, text) {
    var node = $(id);
    var title = node.querySelector("title");
    if (title) title.textContent = text;
  }

  /** The table averaged onto at most `cols` x `rows` pixels, position across; upwards, the cosine columns by pair
   *  (pair 0 at the bottom), then the sine columns by pair: the sines above the cosines, as on the static heatmap
   *  (snippets/reference_page/heatmap.py). Taken apart, the interleaved columns do not read as 1-px stripes. Every entry counts once, so a wave faster than the pixels fades to its mean instead of folding
   *  into moiré. */
  function aggregate(d, n, cols, rows) {
    var w = Math.min(n, cols), h = Math.min(d, rows), values = new Float64Array(w * h), low = Math.floor(d / 2);
    for (var cx = 0; cx < w; cx++) {
      var p0 = Math.floor(cx * n / w), p1 = Math.floor((cx + 1) * n / w);
      for (var ry = 0; ry < h; ry++) {
        var j0 = Math.floor(ry * d / h), j1 = Math.floor((ry + 1) * d / h), sum = 0;
        for (var pos = p0; pos < p1; pos++) {
          var row = pos * d;
          for (var j = j0; j < j1; j++) sum += state.table[row + (j < low ? 2 * j + 1 : 2 * (j - low))];
        }
        values[ry * w + cx] = sum / ((p1 - p0) * (j1 - j0)); // ry = 0: the cosine of pair 0
      }
    }
    return { width: w, height: h, values: values, positionsPerPixel: n / w, dimensionsPerPixel: d / h };
  }

  function paint(image) {
    var source = document.createElement("canvas");
    source.width = image.width; source.height = image.height;
    var ctx = source.getContext("2d"), img = ctx.createImageData(image.width, image.height);
    for (var ry = 0; ry < image.height; ry++) {
      for (var cx = 0; cx < image.width; cx++) {
        var at = ((image.height - 1 - ry) * image.width + cx) * 4, c = colour(image.values[ry * image.width + cx]);
        img.data[at] = c[0]; img.data[at + 1] = c[1]; img.data[at + 2] = c[2]; img.data[at + 3] = 255;
      }
    }
    ctx.putImageData(img, 0, 0);
    return source.toDataURL("image/png");
  }

  function drawHeatmap() {
    var s = state.s, d = s.d_model, n = s.positions, svg = $("pe-heatmap");
    clear(svg);
    var box = sizeChart(svg, 290, 76), ratio = window.devicePixelRatio || 1;
    var cols = Math.max(1, Math.floor(box.w * ratio)), rows = Math.max(1, Math.floor(box.h * ratio));
    var key = cols + "x" + rows;
    if (!cache.heatmap || cache.heatmap.key !== key) {
      var image = aggregate(d, n, cols, rows);
      cache.heatmap = { key: key, image: image, url: paint(image) };
    }
    var heat = cache.heatmap;
    el("image", { x: box.l, y: box.t, width: box.w, height: box.h, preserveAspectRatio: "none", href: heat.url,
                  "class": heat.image.width < cols || heat.image.height < rows ? "pe-cells" : "" }, svg);
    // cells are centred on integer positions and rows; the rows, upwards: cosines of pairs 0 .. low - 1, then sines
    var half = Math.ceil(d / 2), low = d - half, mid = Math.floor(half / 2), yTicks = [];
    if (d > 1) yTicks.push([0, "cos 0"]);
    if (mid > 0 && mid < low) yTicks.push([mid, "cos " + mid]);
    yTicks.push([low, "sin 0"]);
    if (mid > 0) yTicks.push([low + mid, "sin " + mid]);
    var map = axes(svg, box, 0, n - 1, 0, d - 1, "position p", "pair i: sine, cosine", {
      noGrid: true, yTicks: yTicks,
      X: function (x) { return box.l + (x + 0.5) / n * box.w; },
      Y: function (y) { return box.t + box.h - (y + 0.5) / d * box.h; },
    });
    if (d > 1) { // where the cosines end and the sines begin
      var split = box.t + box.h - low / d * box.h;
      el("line", { x1: box.l - 4, x2: box.l + box.w, y1: split, y2: split, "class": "pe-split" }, svg);
    }
    markers(svg, box, map.X, [{ x: s.p, lo: 0, hi: n - 1, text: "p = " + s.p },
                              { x: s.p + s.k, lo: 0, hi: n - 1, text: "p + k = " + (s.p + s.k) }]);
    // the colour scale
    var bx = box.l + box.w + 16, grad = el("linearGradient", { id: "pe-scale", x1: 0, y1: 1, x2: 0, y2: 0 },
      el("defs", {}, svg));
    [-1, -0.5, 0, 0.5, 1].forEach(function (v) {
      el("stop", { offset: (v + 1) / 2, "stop-color": "rgb(" + colour(v).map(Math.round).join(",") + ")" }, grad);
    });
    el("rect", { x: bx, y: box.t, width: 12, height: box.h, fill: "url(#pe-scale)", "class": "pe-scale" }, svg);
    [1, 0, -1].forEach(function (v) {
      var y = box.t + (1 - v) / 2 * box.h;
      el("line", { x1: bx + 12, x2: bx + 16, y1: y, y2: y, "class": "pe-frame" }, svg);
      el("text", { x: bx + 19, y: y + 4, "class": "pe-scale-label" }, svg).textContent = v < 0 ? "−1" : String(v);
    });
    el("text", { x: bx + 6, y: box.t - 7, "text-anchor": "middle", "class": "pe-axis-title" }, svg).textContent = "value";
    var averaged = heat.image.positionsPerPixel > 1 || heat.image.dimensionsPerPixel > 1;
    describe("pe-heatmap", "Heatmap of PE for " + n + " positions (left to right) and d_model = " + d +
      ", base " + s.base + ": the sine columns by pair in the upper half, the cosine columns by pair in the lower " +
      "half, pair 0 at the bottom of each; red is +1, blue is −1. Fast stripes in the first pairs of each half, " +
      "slow bands in the last. Lines mark positions p = " + s.p + " and p + k = " + (s.p + s.k) + ".");
    $("pe-heatmap-axes").textContent = averaged
      ? "Each pixel shows the mean of " + label(heat.image.positionsPerPixel) + " positions × " +
        label(heat.image.dimensionsPerPixel) + " dimensions: a wave faster than the pixels fades to grey instead " +
        "of folding into false stripes."
      : "One cell per position and column.";
    $("pe-heatmap-axes").textContent += " The table interleaves its columns (column 2i holds pair i's sine, " +
      "2i + 1 its cosine); drawn here apart, sines above the line and cosines below, as on the static heatmap, so " +
      "that neighbouring rows are neighbouring pairs.";
  }

  /** The pair's two columns as the waves they sample: drawn between integer positions too, over a window of
   *  positions narrow enough that each wave spans at least MIN_PX_PER_WAVE pixels; the table's own entries are
   *  dots where there is room for them. */
  function drawCurves() {
    var s = state.s, d = s.d_model, n = s.positions, i = s.pair, omega = state.omega[i], svg = $("pe-curves");
    clear(svg);
    var box = sizeChart(svg, 250), wavelength = 2 * Math.PI / omega, hasCos = 2 * i + 1 < d;
    var x0 = 0, x1 = Math.max(1, n - 1), span = Math.max(4, Math.floor(wavelength * box.w / MIN_PX_PER_WAVE));
    if (x1 - x0 > span) { // too many waves for the pixels: the positions around p
      var centre = Math.min(Math.max(s.p, 0), n - 1);
      x0 = Math.max(0, Math.min(Math.round(centre - span / 2), n - 1 - span));
      x1 = x0 + span;
    }
    var count = Math.max(2, Math.round(box.w * 2)), xs = new Float64Array(count);
    var sinV = new Float64Array(count), cosV = new Float64Array(count);
    for (var j = 0; j < count; j++) {
      var x = x0 + (x1 - x0) * j / (count - 1);
      xs[j] = x; sinV[j] = Math.sin(omega * x); cosV[j] = Math.cos(omega * x);
    }
    var map = axes(svg, box, x0, x1, -1.1, 1.1, "position p", "PE value");
    polyline(svg, xs, sinV, map.X, map.Y, "pe-s1");
    if (hasCos) polyline(svg, xs, cosV, map.X, map.Y, "pe-s2");
    if (box.w / (x1 - x0) >= 6) { // the table's entries, at integer positions
      for (var pos = Math.ceil(x0); pos <= Math.min(x1, n - 1); pos++) {
        el("circle", { cx: map.X(pos), cy: map.Y(state.table[pos * d + 2 * i]), r: 2.5, "class": "pe-dot pe-s1" }, svg);
        if (hasCos) el("circle", { cx: map.X(pos), cy: map.Y(state.table[pos * d + 2 * i + 1]), r: 2.5,
                                  "class": "pe-dot pe-s2" }, svg);
      }
    }
    [[s.p, "pe-pair"], [s.p + s.k, "pe-offset"]].forEach(function (m) { // where p and p + k sit on both waves
      if (m[0] < x0 || m[0] > x1) return;
      el("circle", { cx: map.X(m[0]), cy: map.Y(Math.sin(omega * m[0])), r: 5, "class": "pe-dot pe-mark " + m[1] }, svg);
      if (hasCos) el("circle", { cx: map.X(m[0]), cy: map.Y(Math.cos(omega * m[0])), r: 5,
                                 "class": "pe-dot pe-mark " + m[1] }, svg);
    });
    markers(svg, box, map.X, [{ x: s.p, lo: x0, hi: x1, text: "p = " + s.p },
                              { x: s.p + s.k, lo: x0, hi: x1, text: "p + k = " + (s.p + s.k) }]);
    cache.curve = { x0: x0, x1: x1, plotWidth: box.w, xs: xs, sin: sinV, cos: hasCos ? cosV : null };
    var windowed = x0 > 0 || x1 < n - 1;
    $("pe-wavelength").textContent = "Pair " + i + ": angular frequency w = " + omega.toPrecision(6) +
      " radians per position, wavelength 2π/w = " + wavelength.toPrecision(6) + " positions." +
      (windowed ? " Shown: positions " + x0 + " to " + x1 + " of 0 to " + (n - 1) + " (around p), where each wave " +
                  "is wide enough to see at this width." : "");
    describe("pe-curves", "Columns " + 2 * i + (hasCos ? " (sine) and " + (2 * i + 1) + " (cosine)" : " (a lone sine)") +
      " over positions " + x0 + " to " + x1 + "; wavelength " + wavelength.toPrecision(4) + " positions.");
  }

  /** PE(from) · PE(from + x) at real offsets x, for the smooth curve between integer offsets. */
  function dotAt(from, row, x, scratch) {
    return dot(row, peRow(from + x, state.s.d_model, state.omega, scratch));
  }

  /** The dot product against the offset, for p and for p = 0. With room, both as smooth curves (the p = 0 one
   *  dashed, drawn last so that it stays visible on top of the other, which it matches for even widths); with more
   *  offsets than pixels, the band each covers within each pixel. */
  function drawDots() {
    var s = state.s, d = s.d_model, n = s.positions, svg = $("pe-dots");
    clear(svg);
    var box = sizeChart(svg, 250), x1 = Math.max(1, n - 1), curves = [], lo = Infinity, hi = -Infinity;
    var row0 = peRow(0, d, state.omega), scratch = new Float64Array(d);
    var perPixel = x1 / box.w;
    [[s.p, state.rowP, state.dots], [0, row0, state.dots0]].forEach(function (c) {
      var out;
      if (perPixel <= 1) {
        var count = Math.round(box.w * 2), xs = new Float64Array(count), ys = new Float64Array(count);
        for (var j = 0; j < count; j++) { xs[j] = x1 * j / (count - 1); ys[j] = dotAt(c[0], c[1], xs[j], scratch); }
        out = { xs: xs, ys: ys };
        ys.forEach(function (y) { lo = Math.min(lo, y); hi = Math.max(hi, y); });
      } else {
        var cols = Math.floor(box.w), bx = new Float64Array(cols), bl = new Float64Array(cols), bh = new Float64Array(cols);
        for (var cx = 0; cx < cols; cx++) {
          var k0 = Math.floor(cx * n / cols), k1 = Math.max(k0 + 1, Math.floor((cx + 1) * n / cols));
          bl[cx] = Infinity; bh[cx] = -Infinity;
          for (var k = k0; k < k1; k++) { bl[cx] = Math.min(bl[cx], c[2][k]); bh[cx] = Math.max(bh[cx], c[2][k]); }
          bx[cx] = (k0 + k1 - 1) / 2;
          lo = Math.min(lo, bl[cx]); hi = Math.max(hi, bh[cx]);
        }
        out = { xs: bx, lo: bl, hi: bh };
      }
      curves.push(out);
    });
    var map = axes(svg, box, 0, x1, Math.min(0, lo), hi, "offset k", "PE(p) · PE(p + k)");
    curves.forEach(function (c, index) {
      var cls = index === 0 ? "pe-s1 pe-under" : "pe-s2 pe-dashed";
      if (c.ys) polyline(svg, c.xs, c.ys, map.X, map.Y, cls).setAttribute("data-curve", index === 0 ? "p" : "p0");
      else band(svg, c.xs, c.lo, c.hi, map.X, map.Y, cls).setAttribute("data-curve", index === 0 ? "p" : "p0");
    });
    markers(svg, box, map.X, [{ x: s.k, lo: 0, hi: x1, text: "k = " + s.k }]);
    if (s.k <= x1) { // the value the table below quotes, where the line for k meets the curve
      el("circle", { cx: map.X(s.k), cy: map.Y(state.dots[s.k]), r: 5, "class": "pe-dot pe-mark pe-offset",
                     "data-value": String(state.dots[s.k]) }, svg);
    }
    describe("pe-dots", "Dot product PE(p) · PE(p + k) against the offset k for p = " + s.p + " and for p = 0; " +
      "it is largest at k = 0, where it equals " + fmt(state.dots[0], 2) + "." +
      (perPixel > 1 ? " Each pixel column shows the range of the values of its offsets." : ""));
  }

  /** Pair i on its unit circle at p and at p + k, the clockwise angle w_i k between them as an arc, and the block
   *  R_i(k) of M_k beside it between brackets. */
  function drawRotation() {
    var s = state.s, d = s.d_model, i = s.pair, svg = $("pe-rotation"), note = $("pe-matrix");
    if (2 * i + 1 >= d) {
      clear(svg);
      note.innerHTML = "";
      $("pe-rotation-note").textContent = "Column " + 2 * i + " is a lone sine (odd d_model): sin(w(p + k)) needs " +
        "cos(w p), which the table does not hold, so no matrix moves this column on its own.";
      describe("pe-rotation", "No rotation for a lone sine column.");
      return;
    }
    var angle = state.omega[i] * s.k;
    PE.drawCircle(svg, {
      sinP: state.rowP[2 * i], cosP: state.rowP[2 * i + 1], sinQ: state.target[2 * i], cosQ: state.target[2 * i + 1],
      angle: angle, labelP: "p = " + s.p, labelQ: "p + k = " + (s.p + s.k), moved: [state.moved[2 * i], state.moved[2 * i + 1]],
      angleName: "ω" + PE.sub(i) + "k", angleDigits: 2,
    });
    var c = state.cos[i], sn = state.sin[i];
    PE.bracketMatrix(note, [[c, sn], [-sn, c]], "R" + PE.sub(i) + "(k) = [cos ωk, sin ωk; −sin ωk, cos ωk], " +
      "block " + i + " of M_k, for k = " + s.k + ":");
    $("pe-rotation-note").textContent = "Pair " + i + " of PE(p) (green, p = " + s.p + ") turned clockwise by ω k = " +
      angle.toPrecision(5) + " radians" + (angle >= 2 * Math.PI ? " (" + PE.turnOf(angle).toFixed(3) + " past its whole turns)"
      : "") + " lands on PE(p + k) (purple, inside the ring that marks M_k PE(p)). " +
      "Over all " + state.cos.length + " pairs, max |M_k PE(p) − PE(p + k)| = " + PE.sci(state.shiftError) + ".";
    describe("pe-rotation", "Unit circle: the point (sin, cos) of pair " + i + " at p = " + s.p +
      " and at p + k = " + (s.p + s.k) + ", the clockwise arc between them of " + angle.toPrecision(3) +
      " radians; the rotation M_k moves the first onto the second.");
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

  // The first drawing takes one chart a frame, so that loading the page never blocks it for long (on a slow phone
  // the four charts together are one long task); after that, all four follow the controls in one frame. A change
  // made while the first drawing is under way is drawn whole once it ends.
  var pending = false, first = true, again = false;
  var charts = [function () { drawHeatmap(); }, function () { drawCurves(); }, function () { drawDots(); },
                function () { drawRotation(); }];
  function draw() {
    drawValues(); // at once: the numbers a reader (or the test) reads
    if (pending) { again = true; return; }
    pending = true;
    if (first) {
      first = false;
      var step = function (i) {
        window.requestAnimationFrame(function () {
          charts[i]();
          if (i + 1 < charts.length) { step(i + 1); return; }
          pending = false;
          if (again) { again = false; draw(); }
        });
      };
      step(0);
      return;
    }
    window.requestAnimationFrame(function () {
      pending = false;
      again = false;
      drawAll(charts);
    });
  }

  // --- wiring and the read-back API ---------------------------------------------------------------------------------

  Object.keys(inputs).forEach(function (name) {
    var changed = function (event) {
      if (playing && event.isTrusted) setPlaying(null); // the reader's hand on a control pauses the sweep
      update();
    };
    inputs[name].addEventListener("input", changed);
    inputs[name].addEventListener("change", changed);
  });

  // --- k one step at a time: the − and + buttons beside the slider, and the − and + keys on it ----------------------

  function stepK(delta, event) {
    if (playing && event.isTrusted) setPlaying(null);
    var k = Number(inputs.k.value) + delta, max = Number(inputs.k.max);
    inputs.k.value = String(Math.min(max, Math.max(0, k)));
    update();
  }
  $("pe-k-down").addEventListener("click", function (event) { stepK(-1, event); });
  $("pe-k-up").addEventListener("click", function (event) { stepK(1, event); });
  inputs.k.addEventListener("keydown", function (event) {
    var delta = { "+": 1, "=": 1, "-": -1, "−": -1, "_": -1 }[event.key];
    if (!delta || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    stepK(delta, event);
  });

  // --- play: sweep p (or k) one step at a time; only when asked, paused by the same button -------------------------

  var playing = null, stopPlay = null;
  var buttons = { p: $("pe-play-p"), k: $("pe-play-k") };
  function setPlaying(which) {
    if (stopPlay) { stopPlay(); stopPlay = null; }
    playing = which;
    Object.keys(buttons).forEach(function (name) {
      var on = name === which;
      buttons[name].setAttribute("aria-pressed", on ? "true" : "false");
      buttons[name].setAttribute("aria-label", (on ? "Pause " : "Play ") + name +
        (name === "p" ? ": sweep the position" : ": sweep the offset"));
      buttons[name].textContent = (on ? "❚❚ " : "▶ ") + name;
    });
    root.setAttribute("data-playing", which || "");
    if (!which) return;
    stopPlay = PE.animate(function () { // p runs up to where p + k leaves the table, then starts again at 0
      if (!state || root.getAttribute("data-valid") !== "true") { setPlaying(null); return false; }
      var s = state.s;
      if (which === "p") inputs.p.value = String(s.p + s.k + 1 > s.positions - 1 ? 0 : s.p + 1);
      else inputs.k.value = String(s.k + 1 > s.positions - 1 ? 0 : s.k + 1);
      update();
    }, 12);
  }
  Object.keys(buttons).forEach(function (name) {
    buttons[name].addEventListener("click", function () { setPlaying(playing === name ? null : name); });
  });
  document.addEventListener("visibilitychange", function () { if (document.hidden && playing) setPlaying(null); });
  var resizing = false;
  window.addEventListener("resize", function () {
    if (!state || resizing) return;
    resizing = true;
    window.requestAnimationFrame(function () { resizing = false; drawAll([drawHeatmap, drawCurves, drawDots]); });
  });

  var list = function (a) { return Array.prototype.slice.call(a); };
  /** What the page computed, for readers in the console and for the browser test. */
  window.peExplorer = {
    settings: function () { return state && Object.assign({}, state.s); },
    playing: function () { return playing; },
    // true once every chart shows the current settings (the first drawing takes a chart a frame)
    idle: function () { return !pending; },
    row: function (position) { return list(peRow(position, state.s.d_model, state.omega)); },
    tableRow: function (position) {
      var d = state.s.d_model;
      return list(state.table.subarray(position * d, (position + 1) * d));
    },
    dot: function () { return list(state.dots); },
    rotation: function () { return { cos: list(state.cos), sin: list(state.sin) }; },
    moved: function () { return list(state.moved); },
    target: function () { return list(state.target); },
    // what the charts drew, for the browser test: the heatmap's pixels (averaged values, row 0 = the lowest
    // dimensions) and the pair's sampled waves
    heatmap: function () {
      var h = cache.heatmap && cache.heatmap.image;
      return h && { width: h.width, height: h.height, positionsPerPixel: h.positionsPerPixel,
                    dimensionsPerPixel: h.dimensionsPerPixel };
    },
    heatmapRow: function (r) {
      var h = cache.heatmap.image;
      return list(h.values.subarray(r * h.width, (r + 1) * h.width));
    },
    curve: function () {
      var c = cache.curve;
      return c && { x0: c.x0, x1: c.x1, plotWidth: c.plotWidth, xs: list(c.xs), sin: list(c.sin),
                    cos: c.cos && list(c.cos) };
    },
  };
  update();
})();
