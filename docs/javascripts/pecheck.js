/* Check your own table: snippets/pecheck.py's table verdict, in the browser, offline.
 *
 * The same steps as pecheck.check_table (read that file for the reasons): find the sine/cosine pairs, fit each
 * pair's angle, name the layout and the frequency law, the first position and the amplitude, compare every value
 * with the exact table, and name the family of the site's registry that builds the same table. The families come
 * from docs/generated/variants/conventions.json, embedded in the page (#pecheck-conventions). What a reader pastes
 * is data: it is parsed as numbers and never inserted as HTML (textContent only); links come from the generated
 * conventions and are relative to the site.
 */
(function () {
  "use strict";

  var MAX_BYTES = 16 * 1024 * 1024; // larger input gets a message, not a frozen tab
  var MAX_VALUES = 4 * 1024 * 1024;
  var FIT_ROWS = 1024;
  var ROUNDING = { float64: Math.pow(2, -53), float32: Math.pow(2, -24), float16: Math.pow(2, -11), bfloat16: Math.pow(2, -8) };
  var FLOAT32_ARITHMETIC = Math.pow(2, -24);

  function conventions() {
    var node = document.getElementById("pecheck-conventions");
    return node ? JSON.parse(node.textContent) : [];
  }
  var CONVENTIONS = [];

  function Unreadable(message) { this.message = message; }

  function problem(verdict, code, message) { verdict.problems.push({ code: code, message: message }); }

  function pyG(x) {
    // Python's format(x, "g"): 6 significant digits, exponent form below 1e-4 and from 1e6 (two-digit exponent)
    if (x === 0) return "0";
    var e = Math.floor(Math.log10(Math.abs(Number(Number(x).toPrecision(6)))));
    if (e < -4 || e >= 6) {
      return Number(x).toExponential(5).replace(/\.?0+e/, "e").replace(/e([+-])(\d)$/, "e$10$2");
    }
    var s = Number(x).toPrecision(6);
    return s.indexOf(".") >= 0 ? s.replace(/\.?0+$/, "") : s;
  }

  function fmt(x, digits) { return Number(x).toPrecision(digits).replace(/\.?0+(e|$)/, "$1"); }

  // --- reading -----------------------------------------------------------------------------------------------------

  function parseText(text) {
    if (text.length > MAX_BYTES) throw new Unreadable("the input is " + text.length + " characters; the checker reads at most " + MAX_BYTES);
    var trimmed = text.trim();
    if (!trimmed) throw new Unreadable("nothing to read: paste a table, or drop a .csv, .json or .npy file");
    if (trimmed[0] === "[" || trimmed[0] === "{") {
      var data;
      try { data = JSON.parse(trimmed); } catch (e) { throw new Unreadable("not valid JSON: " + e.message); }
      if (data !== null && !Array.isArray(data) && typeof data === "object") {
        if (Array.isArray(data.cos) && Array.isArray(data.sin)) {  // a rotary cache, as --rope reads it from a .npz
          return { rope: [parseText(JSON.stringify(data.cos)), parseText(JSON.stringify(data.sin))] };
        }
        var keys = Object.keys(data).filter(function (k) { return Array.isArray(data[k]); });
        if (keys.length !== 1) throw new Unreadable("a JSON object must hold exactly one array (the table), found " + keys.length);
        data = data[keys[0]];
      }
      if (!Array.isArray(data)) throw new Unreadable("JSON input must be an array of rows");
      while (data.length === 1 && Array.isArray(data[0]) && Array.isArray(data[0][0])) data = data[0]; // [1, n, d]
      if (!data.every(Array.isArray)) return { rows: null, shape: [data.length], dtype: "float64" };
      return fromRows(data.map(function (row) {
        return row.map(function (v) {
          if (typeof v !== "number") throw new Unreadable("every value must be a number, got " + JSON.stringify(v).slice(0, 40));
          return v;
        });
      }));
    }
    var lines = trimmed.split(/\r?\n/).filter(function (l) { return l.trim() && l.trim()[0] !== "#"; });
    var rows = lines.map(function (line, r) {
      return line.trim().split(/[\s,;]+/).map(function (cell, c) {
        var v = Number(cell);
        if (cell === "" || (isNaN(v) && !/^[+-]?nan$/i.test(cell))) {
          throw new Unreadable("row " + (r + 1) + ", column " + (c + 1) + " is not a number: " + JSON.stringify(cell.slice(0, 40)));
        }
        return v;
      });
    });
    return fromRows(rows);
  }

  function fromRows(rows) {
    while (rows.length === 1 && Array.isArray(rows[0]) && Array.isArray(rows[0][0])) rows = rows[0]; // [1, n, d]
    var n = rows.length, d = n ? rows[0].length : 0;
    if (n * d > MAX_VALUES) throw new Unreadable("the table holds " + n * d + " values; the checker reads at most " + MAX_VALUES);
    for (var r = 0; r < n; r++) {
      if (rows[r].length !== d) throw new Unreadable("row " + (r + 1) + " has " + rows[r].length + " values, row 1 has " + d);
    }
    var values = new Float64Array(n * d);
    for (r = 0; r < n; r++) for (var c = 0; c < d; c++) values[r * d + c] = rows[r][c];
    return { values: values, shape: [n, d], dtype: "float64" };
  }

  function half(bits) {
    var sign = bits & 0x8000 ? -1 : 1, exp = (bits >> 10) & 0x1f, frac = bits & 0x3ff;
    if (exp === 0) return sign * Math.pow(2, -14) * (frac / 1024);
    if (exp === 31) return frac ? NaN : sign * Infinity;
    return sign * Math.pow(2, exp - 15) * (1 + frac / 1024);
  }

  function parseNpy(buffer) {
    if (buffer.byteLength > MAX_BYTES) throw new Unreadable("the file is " + buffer.byteLength + " bytes; the checker reads at most " + MAX_BYTES);
    var bytes = new Uint8Array(buffer);
    var magic = [0x93, 78, 85, 77, 80, 89];
    if (bytes.length < 10 || !magic.every(function (b, i) { return bytes[i] === b; })) throw new Unreadable("not a .npy file (no NUMPY magic)");
    var view = new DataView(buffer), major = bytes[6];
    var headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
    var start = major === 1 ? 10 : 12;
    if (start + headerLength > bytes.length) throw new Unreadable("the .npy header runs past the end of the file");
    var header = new TextDecoder("latin1").decode(bytes.subarray(start, start + headerLength));
    var descr = /'descr':\s*'([^']+)'/.exec(header), order = /'fortran_order':\s*(True|False)/.exec(header);
    var shapeText = /'shape':\s*\(([^)]*)\)/.exec(header);
    if (!descr || !order || !shapeText) throw new Unreadable("the .npy header is malformed");
    var shape = shapeText[1].split(",").map(function (s) { return s.trim(); }).filter(Boolean).map(Number);
    if (shape.some(function (s) { return !Number.isInteger(s) || s < 0; })) throw new Unreadable("the .npy shape is malformed");
    var count = shape.reduce(function (a, b) { return a * b; }, 1);
    if (count > MAX_VALUES) throw new Unreadable("the table holds " + count + " values; the checker reads at most " + MAX_VALUES);
    var kinds = { "<f8": [8, "float64"], "<f4": [4, "float32"], "<f2": [2, "float16"], "<i8": [8, "float64"],
                  "<i4": [4, "float64"], "|u1": [1, "float64"], "|i1": [1, "float64"] };
    var kind = kinds[descr[1]];
    if (!kind) throw new Unreadable("dtype " + descr[1] + " is not read here; save float64, float32 or float16 (little-endian)");
    if (order[1] === "True") throw new Unreadable("Fortran-ordered arrays are not read here; save np.ascontiguousarray(table)");
    var offset = start + headerLength;
    if (offset + count * kind[0] > bytes.length) throw new Unreadable("the .npy data is shorter than its shape says");
    var values = new Float64Array(count);
    for (var i = 0; i < count; i++) {
      var at = offset + i * kind[0];
      switch (descr[1]) {
        case "<f8": values[i] = view.getFloat64(at, true); break;
        case "<f4": values[i] = view.getFloat32(at, true); break;
        case "<f2": values[i] = half(view.getUint16(at, true)); break;
        case "<i8": values[i] = Number(view.getBigInt64(at, true)); break;
        case "<i4": values[i] = view.getInt32(at, true); break;
        case "|u1": values[i] = view.getUint8(at); break;
        default: values[i] = view.getInt8(at);
      }
    }
    return { values: values, shape: shape, dtype: kind[1] };
  }

  // --- the frequency laws and small helpers ------------------------------------------------------------------------

  function law(base, denominator, n, grow) {
    var out = new Float64Array(n);
    for (var i = 0; i < n; i++) out[i] = Math.pow(base, (grow ? 1 : -1) * i / denominator);
    return out;
  }
  function wrap(a) { var t = (a + Math.PI) % (2 * Math.PI); if (t < 0) t += 2 * Math.PI; return t - Math.PI; }

  function roundBase(value) {
    if (!isFinite(value) || value <= 1) return false;
    var mantissa = value / Math.pow(10, Math.floor(Math.log10(value)));
    var near = Math.min.apply(null, [1, 2, 2.5, 5, 10].map(function (m) { return Math.abs(mantissa - m) / m; }));
    var off = Math.abs(value - Math.round(value));
    return near < 2e-4 || (value < 1e6 && off < 2e-4 * value && off < 0.05);
  }

  function snap(value) {
    if (roundBase(value)) {
      var scale = Math.pow(10, Math.floor(Math.log10(value)));
      var ms = [1, 2, 2.5, 5, 10];
      for (var i = 0; i < ms.length; i++) if (Math.abs(value / scale - ms[i]) / ms[i] < 2e-4) return ms[i] * scale;
      return Math.round(value);
    }
    return value; // any other base is kept as fitted, to full precision (as pecheck._snap)
  }

  // --- the precision a table's values allow ------------------------------------------------------------------------

  function digitsOf(values) {
    // the decimals (1 .. 6) a printed or CSV table was written with, or null (as pecheck._digits)
    var count = Math.min(values.length, 65536);
    for (var k = 1; k <= 6; k++) {
      var scale = Math.pow(10, k), on = true;
      for (var i = 0; i < count && on; i++) { var s = values[i] * scale; if (Math.abs(s - Math.round(s)) >= 1e-3) on = false; }
      if (on) return k;
    }
    return null;
  }

  var F32 = new Float32Array(1), U32 = new Uint32Array(F32.buffer);
  function isHalf(x) {
    if (x === 0) return true;
    var a = Math.abs(x);
    if (a > 65504) return false;
    var q = a < Math.pow(2, -14) ? Math.pow(2, -24) : Math.pow(2, Math.floor(Math.log2(a)) - 10);
    return Number.isInteger(a / q);
  }
  function isBfloat16(x) { F32[0] = x; return F32[0] === x && (U32[0] & 0xffff) === 0; }

  function precisionOf(values, dtype) {
    // [in words, half a step near 1]: printed digits, float16 / bfloat16 values stored wider, or the dtype
    var digits = (dtype === "float64" || dtype === "float32") ? digitsOf(values) : null;
    if (digits !== null) return [digits + " decimals", 0.5 * Math.pow(10, -digits)];
    if ((dtype === "float64" || dtype === "float32") && values.length >= 64) {
      var count = Math.min(values.length, 65536), bf = true, hf = true;
      for (var i = 0; i < count && (bf || hf); i++) { if (bf && !isBfloat16(values[i])) bf = false; if (hf && !isHalf(values[i])) hf = false; }
      if (bf) return ["bfloat16 values", ROUNDING.bfloat16];
      if (hf) return ["float16 values", ROUNDING.float16];
    }
    return [dtype, ROUNDING[dtype] || ROUNDING.float64];
  }

  // --- judging ------------------------------------------------------------------------------------------------------

  function pairings(d) {
    var h = Math.floor(d / 2), inter = [[], []], split = [[], []];
    for (var i = 0; i < h; i++) { inter[0].push(2 * i); inter[1].push(2 * i + 1); split[0].push(i); split[1].push(h + i); }
    return [["interleaved", inter[0], inter[1]], ["split", split[0], split[1]]];
  }

  function median(values) {
    var sorted = Float64Array.from(values).sort(), m = sorted.length;
    return m % 2 ? sorted[(m - 1) / 2] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2;
  }

  function radii(u, rows, d, a, b) {
    var r2 = new Float64Array(rows.length * a.length), at = 0;
    for (var k = 0; k < rows.length; k++) {
      var base = rows[k] * d;
      for (var j = 0; j < a.length; j++) { var x = u[base + a[j]], y = u[base + b[j]]; r2[at++] = x * x + y * y; }
    }
    return r2;
  }

  function circleErrors(u, rows, d, a, b) {
    // per pair, the largest |r^2 / R^2 - 1|, R^2 the median of r^2 = u_a^2 + u_b^2 (any one amplitude passes)
    var r2 = radii(u, rows, d, a, b), big = Math.max(median(r2), 1e-300), err = new Float64Array(a.length);
    for (var k = 0; k < rows.length; k++) {
      for (var j = 0; j < a.length; j++) {
        var e = Math.abs(r2[k * a.length + j] / big - 1);
        if (e > err[j] || e !== e) err[j] = e !== e ? Infinity : e;
      }
    }
    return err;
  }

  function columnFit(u, n, d, c) {
    var num = 0, den = 0, amp = 0;
    for (var p = 1; p < n - 1; p++) { var x = u[p * d + c]; num += x * (u[(p + 1) * d + c] + u[(p - 1) * d + c]); den += 2 * x * x; }
    var cos = num / Math.max(den, 1e-300), residual = 0;
    for (p = 0; p < n; p++) amp = Math.max(amp, Math.abs(u[p * d + c]));
    for (p = 1; p < n - 1; p++) residual = Math.max(residual, Math.abs(u[(p + 1) * d + c] + u[(p - 1) * d + c] - 2 * cos * u[p * d + c]));
    return [Math.acos(Math.min(1, Math.max(-1, cos))), residual / Math.max(amp, 1e-300)];
  }

  function genericPairing(u, rows, d, tol) {
    if (d > 512) return null; // d^2 * rows work: larger tables are judged on the known layouts only
    var sq = rows.map(function (r) { var out = new Float64Array(d); for (var c = 0; c < d; c++) { var x = u[r * d + c]; out[c] = x * x; } return out; });
    var partner = new Int32Array(d);
    for (var j = 0; j < d; j++) {
      var best = Infinity, arg = -1;
      for (var k = 0; k < d; k++) {
        if (k === j) continue;
        var dist = 0;
        for (var r = 0; r < sq.length && dist < best; r++) { var e = sq[r][j] + sq[r][k] - 1; dist += e * e; }
        if (dist < best) { best = dist; arg = k; }
      }
      partner[j] = arg;
    }
    var a = [], b = [];
    for (j = 0; j < d; j++) if (j < partner[j] && partner[partner[j]] === j) { a.push(j); b.push(partner[j]); }
    if (a.length < Math.floor(d / 2)) return null;
    var err = circleErrors(u, rows, d, a, b);
    for (j = 0; j < err.length; j++) if (err[j] > tol) return null;
    return [a, b];
  }

  function unwrapFit(u, m, d, sinCol, cosCol) {
    // slope and intercept of the unwrapped atan2(sin, cos) over rows 0 .. m - 1
    var prev = Math.atan2(u[sinCol], u[cosCol]), theta = prev, st = 0, sp = 0, stp = 0, spp = 0;
    for (var p = 0; p < m; p++) {
      if (p > 0) {
        var raw = Math.atan2(u[p * d + sinCol], u[p * d + cosCol]), step = raw - prev;
        step -= 2 * Math.PI * Math.round(step / (2 * Math.PI));
        theta += step; prev = raw;
      }
      st += theta; sp += p; stp += theta * p; spp += p * p;
    }
    var slope = (stp - st * sp / m) / (spp - sp * sp / m);
    return [slope, st / m - slope * sp / m];
  }

  function newVerdict(dtype, shape) {
    return { ok: false, sinusoidal: false, convention: null, members: [], layout: null, base: null,
             denominator: null, first_position: null, amplitude: null, dtype: dtype, shape: shape,
             max_error: null, tolerance: null, problems: [], notes: [], paper: false, deviations: [],
             position_step: null, padding_rows: [], precision: null, arithmetic: null };
  }

  function checkTable(table) {
    var shape = table.shape.slice(), dtype = ROUNDING[table.dtype] ? table.dtype : "float64";
    var verdict = newVerdict(dtype, shape);
    if (shape.length !== 2) {
      var kept = shape.filter(function (s) { return s !== 1; });
      if (shape.length > 2 && kept.length === 2) shape = kept;
      else { problem(verdict, "not_2d", "the table has shape [" + shape.join(", ") + "]; the checker needs [positions, width]"); return finish(verdict); }
    }
    var n = shape[0], d = shape[1], values = table.values, i, p, c;
    verdict.shape = [n, d];
    if (n < 4 || d < 2) { problem(verdict, "too_small", "the table is " + n + " x " + d + "; the checker needs at least 4 positions and 2 columns"); return finish(verdict); }
    var amp = 0;
    for (i = 0; i < values.length; i++) {
      if (!isFinite(values[i])) {
        problem(verdict, "not_finite", "the table holds NaN or infinite values (first at row " + Math.floor(i / d) + ", column " + i % d + "); a sinusoidal table holds values in [-1, 1]");
        return finish(verdict);
      }
      amp = Math.max(amp, Math.abs(values[i]));
    }
    if (amp === 0) { problem(verdict, "all_zero", "every value is 0: the table was never filled (or was overwritten at init)"); return finish(verdict); }
    var prec = table.digits ? [table.digits + " decimals", 0.5 * Math.pow(10, -table.digits)] : precisionOf(values, dtype);
    verdict.precision = prec[0];
    var rounding = Math.max(prec[1], ROUNDING.float64);
    var zeroRows = [];
    for (p = 0; p < n; p++) {
      var zero = true;
      for (c = 0; c < d && zero; c++) if (values[p * d + c] !== 0) zero = false;
      if (zero) zeroRows.push(p);
    }
    if (zeroRows.length === 1 && zeroRows[0] <= 2 && n - zeroRows[0] - 1 >= 4) return finish(judgePadded(verdict, values, n, d, zeroRows[0], rounding));
    if (zeroRows.length) {
      var shown = zeroRows.slice(0, 5).join(", ") + (zeroRows.length > 5 ? ", ..." : "");
      problem(verdict, "zero_row", "row " + shown + (zeroRows.length === 1 ? " is" : " are") + " all zeros: no position's encoding is (its cosines are never all 0). fairseq-style tables zero one padding row, at padding_idx (0 or 1); a zero row elsewhere is a bug (a mask or an index that wrote over it)");
      verdict.sinusoidal = true;
      return finish(verdict);
    }
    return finish(judgeValues(verdict, values, n, d, amp, rounding));
  }

  function judgePadded(verdict, values, n, d, row, rounding) {
    var rest = values.subarray((row + 1) * d), restAmp = 0, k;
    for (k = 0; k < rest.length; k++) restAmp = Math.max(restAmp, Math.abs(rest[k]));
    var inner = judgeValues(newVerdict(verdict.dtype, [n - row - 1, d]), rest, n - row - 1, d, restAmp, rounding);
    ["sinusoidal", "layout", "base", "denominator", "amplitude", "max_error", "tolerance", "problems", "arithmetic", "position_step"].forEach(function (key) { verdict[key] = inner[key]; });
    verdict.padding_rows = [row];
    if (inner.first_position === null) return verdict;
    var step = inner.position_step || 1;
    verdict.first_position = inner.first_position - (row + 1) * step;
    if (inner.exact && row) {
      var worst = 0;
      for (var r = 0; r < row; r++) {
        var ex = inner.exact(verdict.first_position + step * r);
        for (k = 0; k < ex[0].length; k++) worst = Math.max(worst, Math.abs(values[r * d + ex[0][k]] - ex[1][k]));
      }
      if (worst > (inner.tolerance || 0)) problem(verdict, "values_off", "the rows before the padding row (" + row + ") are not the positions before it");
    }
    if (inner.den !== undefined && verdict.sinusoidal) match(verdict, d, inner.den);
    return verdict;
  }

  function finish(verdict) {
    verdict.ok = verdict.problems.length === 0;
    var dev = [];
    if (verdict.sinusoidal && verdict.ok) {
      if (verdict.layout !== "interleaved") dev.push("layout " + verdict.layout + ", not interleaved (sin in even columns, cos in odd)");
      if (verdict.base !== null && Math.abs(verdict.base - 10000) > 1) dev.push("base " + fmt(verdict.base, 6) + ", not 10000");
      if (verdict.denominator !== null && verdict.denominator !== "d/2") dev.push("exponent -i/(" + verdict.denominator + "), not -2i/d");
      if (verdict.first_position) dev.push("positions from " + verdict.first_position + ", not 0");
      if (verdict.position_step === -1) dev.push("positions descend");
      if (verdict.amplitude !== null && verdict.amplitude !== "1") dev.push("amplitude " + verdict.amplitude + ", not 1");
      if (verdict.padding_rows.length) dev.push("padding row " + verdict.padding_rows[0] + " zeroed");
    }
    verdict.deviations = dev;
    verdict.paper = !!(verdict.ok && verdict.sinusoidal && !dev.length);
    return verdict;
  }

  function pairCause(u, rows, d, name, a, b, err, tol) {
    var wrong = [], k;
    for (k = 0; k < err.length; k++) if (err[k] > tol) wrong.push(k);
    var first = wrong[0], j = a[first], c = b[first], same = 0, opposite = 0;
    for (k = 0; k < rows.length; k++) {
      var x = u[rows[k] * d + j], y = u[rows[k] * d + c];
      same = Math.max(same, Math.abs(x - y)); opposite = Math.max(opposite, Math.abs(x + y));
    }
    if (same <= 8 * tol || opposite <= 8 * tol) {
      return ["same_function", "in the " + name + " layout, columns " + j + " and " + c + " hold the same values (" + wrong.length + " of " + a.length + " pairs): the sine (or the cosine) was written twice; one column of each pair takes sin(p w), the other cos(p w)"];
    }
    var fj = columnFit(u, rows.length, d, j), fc = columnFit(u, rows.length, d, c);
    if (Math.abs(fj[0] - fc[0]) <= 1e-3 * Math.max(fj[0], fc[0], 1e-9) && Math.max(fj[1], fc[1]) < 1e-2) {
      return ["pair_phase", "in the " + name + " layout, columns " + j + " and " + c + " turn at the same rate (" + fmt(fj[0], 4) + " rad per position) but are not a quarter turn apart (" + wrong.length + " of " + a.length + " pairs): one of them is evaluated at another position (one step late?) or with a phase added; use the same p in sin(p w) and cos(p w)"];
    }
    return ["pair_mismatch", "in the " + name + " layout, " + wrong.length + " of " + a.length + " pairs have columns that turn at different rates (first: columns " + j + " and " + c + ", " + fmt(fj[0], 4) + " and " + fmt(fc[0], 4) + " rad per position): both columns of pair i take the same frequency, base ** (-2i/d); an exponent that uses the column index j instead of 2 * (j // 2) gives each column its own"];
  }

  function stacked(values, n, d, amp, tol) {
    // stack([sin, cos], 0).reshape(n, d): read back as [2, n, d/2], the fastest column's angle grows by one step a row
    if (n % 2 || d % 2 || n < 8) return false;
    var h = d / 2, half = n * h, prev = null, theta = 0, steps = [], k;
    for (k = 0; k < half; k++) {
      var s = values[k] / amp, co = values[half + k] / amp;
      if (Math.abs(s * s + co * co - 1) > tol) return false;
    }
    for (var p = 0; p < n; p++) {
      var raw = Math.atan2(values[p * h] / amp, values[half + p * h] / amp);
      if (prev !== null) { var st = raw - prev; st -= 2 * Math.PI * Math.round(st / (2 * Math.PI)); steps.push(st); }
      prev = raw;
    }
    var med = median(steps), worst = 0;
    for (k = 0; k < steps.length; k++) worst = Math.max(worst, Math.abs(steps[k] - med));
    return worst < 1e-3 && Math.abs(med) > 1e-3;
  }

  function judgeValues(verdict, values, n, d, amp, rounding) {
    var i, c, p, j;
    var repeatTol = rounding * 4 * amp, spread = 0, lead = 0;
    for (c = 0; c < d; c++) {
      var lo = Infinity, hi = -Infinity;
      for (p = 0; p < n; p++) { var v = values[p * d + c]; if (v < lo) lo = v; if (v > hi) hi = v; }
      spread = Math.max(spread, hi - lo);
    }
    for (p = 0; p < Math.min(n, 64); p++) for (c = 0; c < d; c++) lead = Math.max(lead, Math.abs(values[p * d + c] - values[c]));
    if (lead <= repeatTol && spread <= repeatTol) {
      problem(verdict, "repeated_rows", "every row is the same vector: one position's encoding is repeated for all (a missing slice such as pe[:, n] instead of pe[:, :n]?)");
      return verdict;
    }
    var u = new Float64Array(values.length);
    for (i = 0; i < values.length; i++) u[i] = values[i] / amp;
    var sample = [];
    if (n <= FIT_ROWS) { for (p = 0; p < n; p++) sample.push(p); }
    else {
      for (p = 0; p < 512; p++) sample.push(p);
      for (i = 0; i < 512; i++) sample.push(Math.floor(512 + (n - 1 - 512) * i / 511));
    }
    var pairTol = 16 * rounding + 1e-5, dEven = d - (d % 2), found = null, partial = null;
    var layouts = pairings(dEven);
    for (i = 0; i < layouts.length && !found; i++) {
      var err = circleErrors(u, sample, d, layouts[i][1], layouts[i][2]), good = 0, worst = 0;
      for (j = 0; j < err.length; j++) { if (err[j] <= pairTol) good++; worst = Math.max(worst, err[j]); }
      if (worst <= pairTol) found = layouts[i];
      else if (good / err.length >= 0.5 && !partial) partial = [layouts[i], err];
    }
    var cause;
    if (!found && partial) {
      cause = pairCause(u, sample, d, partial[0][0], partial[0][1], partial[0][2], partial[1], pairTol);
      problem(verdict, cause[0], cause[1]);
      verdict.sinusoidal = true; verdict.layout = partial[0][0];
      return verdict;
    }
    if (!found) {
      var generic = genericPairing(u, sample, d, pairTol);
      if (generic) found = ["other", generic[0], generic[1]];
    }
    if (!found && stacked(values, n, d, amp, pairTol)) {
      problem(verdict, "stacked", "the top " + n / 2 + " rows hold sines and the bottom " + n / 2 + " their cosines: the table was built as stack([sin, cos], 0).reshape(n, d); stack along the last axis (stack([sin, cos], -1).reshape(n, d) interleaves) or cat([sin, cos], -1)");
      return verdict;
    }
    if (!found) {
      for (i = 0; i < layouts.length; i++) {
        var e2 = circleErrors(u, sample, d, layouts[i][1], layouts[i][2]), good2 = 0;
        for (j = 0; j < e2.length; j++) if (e2[j] <= pairTol) good2++;
        if (good2 / e2.length >= 0.25) {
          cause = pairCause(u, sample, d, layouts[i][0], layouts[i][1], layouts[i][2], e2, pairTol);
          problem(verdict, cause[0], cause[1]);
          verdict.sinusoidal = true; verdict.layout = layouts[i][0];
          return verdict;
        }
      }
      var m = Math.min(n, FIT_ROWS);
      for (i = 0; i < layouts.length; i++) {
        var fa = columnFit(u, m, d, layouts[i][1][0]), fb = columnFit(u, m, d, layouts[i][2][0]);
        if (fa[1] < 1e-3 && fb[1] < 1e-3) {
          cause = pairCause(u, sample, d, layouts[i][0], layouts[i][1], layouts[i][2], circleErrors(u, sample, d, layouts[i][1], layouts[i][2]), pairTol);
          problem(verdict, cause[0], cause[1]);
          verdict.sinusoidal = true; verdict.layout = layouts[i][0];
          return verdict;
        }
      }
    }
    if (!found) {
      if (dEven === d && n % 2 === 0) {
        var t = new Float64Array(values.length);
        for (p = 0; p < n; p++) for (c = 0; c < d; c++) t[c * n + p] = u[p * d + c];
        var rowsT = []; for (c = 0; c < d; c++) rowsT.push(c);
        var tl = pairings(n);
        for (i = 0; i < tl.length; i++) {
          var e = circleErrors(t, rowsT, n, tl[i][1], tl[i][2]);
          if (Math.max.apply(null, Array.from(e)) <= pairTol) {
            problem(verdict, "transposed", "the table is [" + n + ", " + d + "] but its rows pair up as sines and cosines: it is [width, positions]; transpose it ([" + d + ", " + n + "])");
            return verdict;
          }
        }
      }
      if (n <= d && n < 8) problem(verdict, "not_sinusoidal", "no two columns hold the sine and cosine of one angle (sin^2 + cos^2 = 1 on every row): too few positions to tell, or not a sinusoidal table");
      else problem(verdict, "not_sinusoidal", "no two columns hold the sine and cosine of one angle (sin^2 + cos^2 = 1 on every row): this is not a sinusoidal encoding (a random or learned matrix, one whose values were scaled column by column, or dropout applied)");
      return verdict;
    }
    verdict.sinusoidal = true;
    var fitRows = []; for (p = 0; p < Math.min(n, FIT_ROWS); p++) fitRows.push(p);
    var radius = Math.sqrt(median(radii(u, fitRows, d, found[1], found[2])));
    for (i = 0; i < u.length; i++) u[i] /= radius;
    return judgePairs(verdict, values, u, amp, found[0], found[1], found[2], n, d, rounding);
  }

  function layoutName(kind, sinFirst, sinCols, cosCols) {
    return kind === "interleaved" ? (sinFirst ? "interleaved" : "interleaved, cos first")
      : kind === "split" ? (sinFirst ? "[sin | cos]" : "[cos | sin]")
      : "other: " + sinCols.slice(0, 4).map(function (s, k) { return "(" + s + "," + cosCols[k] + ")"; }).join(", ") + (sinCols.length > 4 ? ", ..." : "");
  }

  function judgePairs(verdict, values, u, amp, kind, a, b, n, d, rounding) {
    var half = a.length, m = Math.min(n, FIT_ROWS), i, p;
    var sinCols = [], cosCols = [], omega = [], phase = [], sinFirst = true, step = 1;
    var fits = a.map(function (col, k) { return unwrapFit(u, m, d, col, b[k]); });
    if (kind === "other") {
      fits.forEach(function (f, k) {
        var rising = f[0] > 0;
        sinCols.push(rising ? a[k] : b[k]); cosCols.push(rising ? b[k] : a[k]);
        omega.push(Math.abs(f[0])); phase.push(rising ? f[1] : Math.PI / 2 - f[1]);
      });
      var order = omega.map(function (w, k) { return k; }).sort(function (x, y) { return omega[y] - omega[x]; });
      sinCols = order.map(function (k) { return sinCols[k]; }); cosCols = order.map(function (k) { return cosCols[k]; });
      omega = order.map(function (k) { return omega[k]; }); phase = order.map(function (k) { return phase[k]; });
    } else {
      sinFirst = fits[0][0] > 0;
      for (i = 0; i < half; i++) {
        sinCols.push(sinFirst ? a[i] : b[i]); cosCols.push(sinFirst ? b[i] : a[i]);
        omega.push(sinFirst ? fits[i][0] : -fits[i][0]);
      }
    }
    verdict.layout = layoutName(kind, sinFirst, sinCols, cosCols);

    var frozen = [];
    for (i = 1; i < half; i++) if (Math.abs(omega[i]) * (m - 1) < 1e-6) frozen.push(i);
    if (half >= 2 && frozen.length) {
      problem(verdict, "frozen_pairs", frozen.length + " of " + half + " pairs never turn (sine 0 and cosine 1 on every row, from pair " + frozen[0] + "): their frequencies are 0, as when the frequencies are cast to an integer dtype (exp(...).to(timesteps.dtype) with integer timesteps); keep them in float");
      return verdict;
    }
    var falling = half < 2 || omega.every(function (w, k) { return w > 0 && (k === 0 || w < omega[k - 1]); });
    if (!falling) {
      var grown = multiplied(omega, d);
      if (grown) {
        var predicted = law(grown[0], grown[1], half, true), aliased = 0;
        for (i = 0; i < half; i++) if (predicted[i] > Math.PI) aliased++;
        verdict.base = grown[0];
        verdict.denominator = grown[1] === d / 2 ? "d/2" : grown[1] === d / 2 - 1 ? "d/2 - 1" : "d";
        problem(verdict, "multiplied", "the frequencies grow with the pair index, as base ** (+i / " + verdict.denominator + ") with base " + grown[0] + ": the formula multiplies by the divisor instead of dividing; " + aliased + " of " + half + " pairs turn by more than pi per position and alias");
        return verdict;
      }
      for (i = 0; i < half; i++) if (omega[i] <= 0) {
        problem(verdict, "aliased", "pair " + i + " turns by more than pi radians per position or backwards (" + fmt(omega[i], 4) + " rad after wrapping): its positions alias; the frequencies must fall from 1 with i");
        return verdict;
      }
      for (i = 1; i < half; i++) if (omega[i] >= omega[i - 1]) {
        problem(verdict, "not_geometric", "the frequencies do not fall from pair to pair (pair " + i + " turns as fast as pair " + (i - 1) + "): not base ** (-i / D) for any base");
        return verdict;
      }
    }
    var rate = NaN, omega0 = omega[0];
    if (half >= 2) {
      var sw = 0, swi = 0, swl = 0;
      var w = omega.map(function (o) { var moving = Math.abs(o) * (m - 1) > 0.02 && o > 0; return moving ? Math.pow(Math.abs(o) * (m - 1), 2) : 1e-12; });
      var logw = omega.map(function (o) { return Math.log(Math.abs(o)); });
      for (i = 0; i < half; i++) { sw += w[i]; swi += w[i] * i; swl += w[i] * logw[i]; }
      var wi = swi / sw, wl = swl / sw, num = 0, den = 0;
      for (i = 0; i < half; i++) { num += w[i] * (i - wi) * (logw[i] - wl); den += w[i] * (i - wi) * (i - wi); }
      rate = -num / den;
      omega0 = Math.exp(wl + rate * wi);
    }

    var base = null, denominator = d / 2, denName = "d/2";
    if (half >= 2) {
      var candidates = [[d / 2, "d/2"], [d / 2 - 1, "d/2 - 1"], [d, "d"]];
      if (d % 2) candidates.splice(1, 0, [half, "(d - 1)/2"], [half - 1, "(d - 1)/2 - 1"]);
      base = Math.exp(rate * d / 2);
      var known = CONVENTIONS.map(function (f) { return f.base; });
      for (i = 0; i < candidates.length; i++) {
        var bb = Math.exp(rate * candidates[i][0]);
        if (candidates[i][0] > 0 && known.some(function (k) { return Math.abs(bb - k) <= 2e-4 * k; })) { base = bb; denominator = candidates[i][0]; denName = candidates[i][1]; break; }
      }
      if (!roundBase(base)) {
        for (i = 1; i < candidates.length; i++) {
          var b2 = Math.exp(rate * candidates[i][0]);
          if (candidates[i][0] > 0 && roundBase(b2)) { base = b2; denominator = candidates[i][0]; denName = candidates[i][1]; break; }
        }
      }
      base = snap(base);
    }
    var scaled = Math.abs(omega0 - 1) > 1e-3;
    if (scaled) problem(verdict, "first_frequency", "the fastest pair turns by " + fmt(omega0, 6) + " rad per position, not 1: positions are scaled (or the frequencies multiplied by a constant)");

    var exact = half >= 2 ? law(base, denominator, half, false) : new Float64Array([1]);
    if (scaled && half >= 2) for (i = 0; i < half; i++) exact[i] *= omega0;
    var first;
    if (kind === "other") first = firstPosition(exact, phase, m)[0];
    else {
      // sin(p w) read down the rows is cos(pi/2 - p w) read up them: keep the reading whose angles agree on one
      // integer first position (rising positions on a tie)
      var best = null;
      [true, false].forEach(function (sf) {
        var st = (fits[0][0] > 0) === sf ? 1 : -1;
        var theta0 = fits.map(function (f) { return sf ? f[1] : Math.PI / 2 - f[1]; });
        var fp = firstPosition(exact, theta0, m), score = fp[1] + (st === -1 ? 1e-9 : 0);
        if (best === null || score < best[0]) best = [score, sf, st, fp[0]];
      });
      sinFirst = best[1]; step = best[2]; first = best[3];
      sinCols = []; cosCols = [];
      for (i = 0; i < half; i++) { sinCols.push(sinFirst ? a[i] : b[i]); cosCols.push(sinFirst ? b[i] : a[i]); }
    }
    verdict.layout = layoutName(kind, sinFirst, sinCols, cosCols);
    verdict.position_step = step;
    verdict.base = base; verdict.denominator = denName; verdict.first_position = first;
    verdict.den = denominator;

    var num2 = 0, den2 = 0;
    for (p = 0; p < m; p++) {
      for (i = 0; i < half; i++) {
        var ang = (first + step * p) * exact[i], s = Math.sin(ang), co = Math.cos(ang);
        num2 += values[p * d + sinCols[i]] * s + values[p * d + cosCols[i]] * co; den2 += s * s + co * co;
      }
    }
    var scale = num2 / den2;
    verdict.amplitude = amplitudeName(scale, d, Math.max(1e-3, 8 * rounding));
    var named = { "1": 1, "1/sqrt(d)": 1 / Math.sqrt(d), "sqrt(d)": Math.sqrt(d) }[verdict.amplitude];
    if (named === undefined) {
      named = scale;
      problem(verdict, "amplitude", "the values reach " + fmt(amp, 4) + ", not 1: the table is multiplied by " + fmt(scale, 4) + " (the paper's values lie in [-1, 1]; scaling the embeddings is a separate step)");
    } else if (verdict.amplitude === "sqrt(d)") {
      problem(verdict, "amplitude", "the table is multiplied by sqrt(d) = " + fmt(Math.sqrt(d), 4) + ": no known convention scales the encoding; the paper multiplies the token embeddings by sqrt(d) (x * sqrt(d) + PE), not PE");
    }
    var error = 0, worstCol = 0, maxOmega = 0;
    for (i = 0; i < half; i++) maxOmega = Math.max(maxOmega, exact[i]);
    for (p = 0; p < n; p++) {
      for (i = 0; i < half; i++) {
        var an = (first + step * p) * exact[i];
        var es = Math.abs(values[p * d + sinCols[i]] - named * Math.sin(an)), ec = Math.abs(values[p * d + cosCols[i]] - named * Math.cos(an));
        if (es > error) { error = es; worstCol = sinCols[i]; }
        if (ec > error) { error = ec; worstCol = cosCols[i]; }
      }
    }
    var extent = Math.max(Math.abs(first), Math.abs(first + step * (n - 1))) * maxOmega + 1;
    var tol = named * (4 * rounding + 16 * FLOAT32_ARITHMETIC * extent) + 1e-12;
    verdict.max_error = error; verdict.tolerance = tol;
    verdict.exact = function (position) {
      var cols = sinCols.concat(cosCols), vals = [];
      for (var q = 0; q < half; q++) vals.push(named * Math.sin(position * exact[q]));
      for (q = 0; q < half; q++) vals.push(named * Math.cos(position * exact[q]));
      return [cols, vals];
    };
    if (error > tol) {
      var low = error - named * 4 * rounding;
      if (low <= named * 1.5 * Math.pow(2, -11) * (extent + 1)) verdict.arithmetic = "float16";
      else if (low <= named * 1.5 * Math.pow(2, -8) * (extent + 1)) verdict.arithmetic = "bfloat16";
      var stored = verdict.arithmetic && verdict.dtype !== verdict.arithmetic ? ", stored as " + verdict.dtype : "";
      var hint = verdict.arithmetic ? ": the angles were computed in " + verdict.arithmetic + " arithmetic" + stored + "; compute them in float32 or float64, then cast" : ": compute the angles in float32 or float64, then cast";
      problem(verdict, "values_off", "values differ from the exact ones by up to " + fmt(error, 3) + " (column " + worstCol + "), more than a correctly computed " + (verdict.precision || verdict.dtype) + " table can (" + fmt(tol, 2) + ")" + hint);
    }
    var used = {};
    sinCols.concat(cosCols).forEach(function (col) { used[col] = true; });
    for (var col = 0; col < d; col++) {
      if (used[col]) continue;
      var zero = true;
      for (p = 0; p < n && zero; p++) if (values[p * d + col] !== 0) zero = false;
      if (zero) { problem(verdict, "zero_column", "column " + col + " is all zeros: an odd width (" + d + ") left its last column empty; the paper's formula gives it sin(p * w), w the next frequency"); continue; }
      if (base === null) continue;
      var wl2 = Math.pow(base, -half / denominator), off = 0;
      for (p = 0; p < n; p++) off = Math.max(off, Math.abs(values[p * d + col] - named * Math.sin((first + step * p) * wl2)));
      if (off > tol) problem(verdict, "odd_column", "column " + col + ", the odd width's lone column, is not sin(p * w) at the next frequency of the law");
    }
    match(verdict, d, denominator);
    return verdict;
  }

  function multiplied(omega, d) {
    var half = omega.length;
    if (half < 2 || Math.abs(omega[0] - 1) > 1e-2) return null;
    var bases = CONVENTIONS.map(function (f) { return f.base; }).filter(function (b, k, all) { return all.indexOf(b) === k; });
    if (omega[1] > 1.0001 && omega[1] < Math.PI) bases.push(Number(Math.pow(omega[1], d / 2).toPrecision(4)));
    for (var k = 0; k < bases.length; k++) {
      var dens = [d / 2, d / 2 - 1, d];
      for (var j = 0; j < dens.length; j++) {
        if (dens[j] <= 0) continue;
        var predicted = law(bases[k], dens[j], half, true), close = 0, firstThree = true;
        for (var i = 0; i < half; i++) {
          var ok = Math.abs(wrap(wrap(predicted[i]) - omega[i])) < 2e-2;
          if (ok) close++; else if (i < 3) firstThree = false;
        }
        if (firstThree && close / half >= 0.75) return [bases[k], dens[j]];
      }
    }
    return null;
  }

  function firstPosition(omega, phase, rows) {
    // [row 0's position, the mean squared misfit there], as pecheck._first_position: the slowest pair gives it up to
    // multiples of its period (every multiple within 1e7 a candidate); each faster pair narrows each candidate to the
    // nearest position its own angle allows; the best candidate is kept, the smallest in size on a tie
    var usable = [], k, j;
    for (k = 0; k < omega.length; k++) if (omega[k] > 0 && omega[k] * rows > 0.05) usable.push(k);
    if (!usable.length) for (k = 0; k < omega.length; k++) if (omega[k] > 0) usable.push(k);
    if (!usable.length) return [0, 0];
    var order = usable.slice().sort(function (x, y) { return omega[x] - omega[y]; });
    var slow = order[0], period = 2 * Math.PI / omega[slow];
    var span = Math.min(Math.floor(1e7 / period), 200000), candidates = [];
    for (k = -span; k <= span; k++) candidates.push(phase[slow] / omega[slow] + k * period);
    for (j = 1; j < order.length; j++) {
      var o = omega[order[j]], st = 2 * Math.PI / o, target = phase[order[j]] / o;
      for (k = 0; k < candidates.length; k++) candidates[k] = target + Math.round((candidates[k] - target) / st) * st;
    }
    var seen = {}, unique = [];
    for (k = 0; k < candidates.length; k++) { var c = Math.round(candidates[k]); if (!seen[c]) { seen[c] = true; unique.push(c); } }
    unique.sort(function (x, y) { return Math.abs(x) - Math.abs(y) || x - y; });
    var misfits = new Float64Array(unique.length), least = Infinity;
    for (j = 0; j < unique.length; j++) {
      var misfit = 0;
      for (k = 0; k < usable.length; k++) {
        var e = wrap(phase[usable[k]] - omega[usable[k]] * unique[j]);
        misfit += e * e;
      }
      misfits[j] = misfit / usable.length;
      if (misfits[j] < least) least = misfits[j];
    }
    // the smallest in size among those that fit as well as the best, within noise
    for (j = 0; j < unique.length; j++) if (misfits[j] <= least * 1.5 + 1e-10) return [unique[j], misfits[j]];
    return [0, least];
  }

  function amplitudeName(scale, d, tol) {
    var names = [["1", 1], ["1/sqrt(d)", 1 / Math.sqrt(d)], ["sqrt(d)", Math.sqrt(d)]];
    for (var i = 0; i < names.length; i++) if (Math.abs(scale - names[i][1]) <= (tol || 1e-3) * names[i][1]) return names[i][0];
    return "other (" + fmt(scale, 4) + ")";
  }

  function match(verdict, d, denominator) {
    var shift = denominator - d / 2;
    for (var i = 0; i < CONVENTIONS.length; i++) {
      var f = CONVENTIONS[i];
      if (f.layout === verdict.layout && Math.abs(f.denominator_shift - shift) < 1e-9 && verdict.base !== null
          && Math.abs(f.base - verdict.base) <= 1e-4 * f.base && f.first_position === verdict.first_position
          && f.amplitude === verdict.amplitude && verdict.position_step !== -1) {
        verdict.convention = f.id;
        verdict.members = f.members.map(function (member) { return member.name; });
        verdict.family = f;
        return;
      }
    }
    var parts = [verdict.base !== null ? "base " + pyG(verdict.base) : "one frequency"];
    if (verdict.denominator !== "d/2") parts.push("denominator " + verdict.denominator);
    if (verdict.first_position) parts.push("first position " + verdict.first_position);
    if (verdict.position_step === -1) parts.push("positions descending");
    if (verdict.amplitude !== "1") parts.push("amplitude " + verdict.amplitude);
    verdict.convention = verdict.layout + " sinusoids, " + parts.join(", ");
  }

  var PROBLEM_WORDS = { // each problem code in words (as snippets/variants/clinic.py's PROBLEM_WORDS)
    multiplied: "frequencies multiplied, not divided", pair_mismatch: "the two columns of a pair disagree",
    same_function: "the same function twice in a pair", pair_phase: "a pair's columns a step apart",
    stacked: "sines and cosines stacked by rows", zero_row: "a zero row", frozen_pairs: "pairs that never turn",
    zero_column: "an empty column", odd_column: "a wrong odd column", repeated_rows: "one row for every position",
    not_sinusoidal: "not a sinusoidal table", values_off: "values off", amplitude: "a scale no convention uses",
    transposed: "saved transposed", aliased: "frequencies past pi", not_geometric: "frequencies that do not fall",
    first_frequency: "positions scaled", all_zero: "all zeros", not_finite: "NaN or infinite values",
    not_2d: "not a 2-D table", too_small: "too small to judge"
  };

  // --- rotary caches (as pecheck.check_rope) --------------------------------------------------------------------------

  function polyfit1(x, y) {
    // [slope, intercept] of the least-squares line, as np.polyfit(x, y, 1)
    var n = x.length, mx = 0, my = 0, sxy = 0, sxx = 0, k;
    for (k = 0; k < n; k++) { mx += x[k]; my += y[k]; }
    mx /= n; my /= n;
    for (k = 0; k < n; k++) { sxy += (x[k] - mx) * (y[k] - my); sxx += (x[k] - mx) * (x[k] - mx); }
    var slope = sxy / sxx;
    return [slope, my - slope * mx];
  }

  function checkRope(cos, sin, dtype, headDim) {
    // a rotary cos/sin cache pair [positions, rotary_dim]: the layout the rotation must use, the base, the scaling the
    // frequencies carry, the attention scaling, the first position, and the values against exact ones
    dtype = ROUNDING[dtype] ? dtype : "float64";
    var verdict = { ok: false, rotary: false, layout: null, rotary_dim: null, base: null, scaling: null, factor: null,
                    attention_scaling: null, first_position: null, dtype: dtype, shape: cos.shape.slice(),
                    max_error: null, tolerance: null, problems: [], notes: [] };
    function done() { verdict.ok = verdict.rotary && !verdict.problems.length; return verdict; }
    if (cos.shape.length !== 2 || cos.shape[0] !== sin.shape[0] || cos.shape[1] !== sin.shape[1]) {
      problem(verdict, "not_2d", "cos [" + cos.shape.join(", ") + "] and sin [" + sin.shape.join(", ") + "] must be one [positions, rotary_dim] shape");
      return done();
    }
    var n = cos.shape[0], r = cos.shape[1], c = cos.values, s = sin.values, p, i, k;
    verdict.shape = [n, r]; verdict.rotary_dim = r;
    if (n < 4 || r < 2 || r % 2) {
      problem(verdict, "too_small", "the cache is " + n + " x " + r + "; pecheck needs 4 positions and an even width");
      return done();
    }
    for (k = 0; k < c.length; k++) {
      if (!isFinite(c[k]) || !isFinite(s[k])) { problem(verdict, "not_finite", "the cache holds NaN or infinite values"); return done(); }
    }
    var both = new Float64Array(c.length + s.length);
    both.set(c); both.set(s, c.length);
    var rounding = Math.max(precisionOf(both, dtype)[1], ROUNDING.float64);
    var r2 = new Float64Array(c.length);
    for (k = 0; k < c.length; k++) r2[k] = c[k] * c[k] + s[k] * s[k];
    var scale2 = median(r2), worst = 0;
    for (k = 0; k < c.length; k++) worst = Math.max(worst, Math.abs(r2[k] / scale2 - 1));
    if (scale2 === 0 || worst > 16 * rounding + 1e-5) {
      problem(verdict, "not_rope", "cos^2 + sin^2 is not one constant: these are not the cosines and sines of one angle per entry (pass the cos cache first, the sin cache second)");
      return done();
    }
    verdict.rotary = true;
    var amp = Math.sqrt(scale2), tol = 4 * rounding * amp + 1e-12, h = r / 2;
    function repeats(first, second) {  // the largest gap between the columns first(i) and second(i), cos and sin
      var gap = 0;
      for (var q = 0; q < n; q++) for (var j = 0; j < h; j++) {
        gap = Math.max(gap, Math.abs(c[q * r + first(j)] - c[q * r + second(j)]), Math.abs(s[q * r + first(j)] - s[q * r + second(j)]));
      }
      return gap;
    }
    var column;
    if (repeats(function (j) { return j; }, function (j) { return h + j; }) <= tol) {
      verdict.layout = "rotate_half"; column = function (j) { return j; };
    } else if (repeats(function (j) { return 2 * j; }, function (j) { return 2 * j + 1; }) <= tol) {
      verdict.layout = "adjacent pairs"; column = function (j) { return 2 * j; };
    } else {
      problem(verdict, "layout", "the angles repeat neither in halves (cat(freqs, freqs), for rotate_half) nor in adjacent pairs (repeat_interleave, for rotate_every_two): the cache was built for neither rotation");
      return done();
    }
    verdict.notes.push(verdict.layout === "rotate_half" ? "rotate with rotate_half (x1, x2 = halves)"
      : "rotate adjacent pairs (x[..., 0::2], x[..., 1::2]), as GPT-J and Meta's Llama code do");
    var m = Math.min(n, FIT_ROWS), u = new Float64Array(m * 2 * h);
    for (p = 0; p < m; p++) for (i = 0; i < h; i++) {
      u[p * 2 * h + 2 * i] = s[p * r + column(i)] / amp; u[p * 2 * h + 2 * i + 1] = c[p * r + column(i)] / amp;
    }
    var slope = new Float64Array(h), phase = new Float64Array(h), omega = new Float64Array(h);
    for (i = 0; i < h; i++) { var fit = unwrapFit(u, m, 2 * h, 2 * i, 2 * i + 1); slope[i] = fit[0]; phase[i] = fit[1]; omega[i] = Math.abs(fit[0]); }
    var step = slope[0] > 0 ? 1 : -1;
    if (step < 0) problem(verdict, "angles_fall", "the angles fall down the rows: cos and sin passed in the wrong order (sin first), or positions that descend; a rotary cache holds positions 0, 1, 2 ...");
    for (i = 1; i < h; i++) if (!(omega[i] < omega[i - 1])) { problem(verdict, "not_geometric", "the frequencies do not fall from pair to pair"); return done(); }
    var idx = [], logw = [], movingI = [], movingL = [];
    for (i = 0; i < h; i++) { idx.push(i); logw.push(Math.log(Math.max(omega[i], 1e-300))); }
    for (i = 0; i < h; i++) if (omega[i] * (m - 1) > 0.02) { movingI.push(i); movingL.push(logw[i]); }
    if (movingI.length < 2) {
      var moving = {}; movingI.forEach(function (j) { moving[j] = true; });
      for (i = 0; i < Math.min(h, 3); i++) moving[i] = true;
      movingI = []; movingL = [];
      for (i = 0; i < h; i++) if (moving[i]) { movingI.push(i); movingL.push(logw[i]); }
    }
    var line = h >= 2 ? polyfit1(movingI, movingL) : [0, 0], rateAll = h >= 2 ? -line[0] : 0, residual = 0;
    if (h >= 2) for (k = 0; k < movingI.length; k++) residual = Math.max(residual, Math.abs(movingL[k] - (line[0] * movingI[k] + line[1])));
    verdict.attention_scaling = Number(amp.toPrecision(6));
    var exact = new Float64Array(h), lawed;
    if (h < 2 || residual < 1e-3) {  // one geometric law: base ** (-2i / r), maybe divided by a linear factor
      var omega0 = h >= 2 ? Math.exp(line[1]) : omega[0];
      verdict.base = h >= 2 ? snap(Math.exp(rateAll * h)) : null;
      lawed = law(verdict.base || 10000, h, h);
      if (Math.abs(omega0 - 1) <= 1e-3) {
        verdict.scaling = "none"; verdict.factor = 1.0; exact = lawed;
      } else {
        verdict.scaling = "linear"; verdict.factor = Number((1 / omega0).toPrecision(6));
        for (i = 0; i < h; i++) exact[i] = lawed[i] / verdict.factor;
        verdict.notes.push("positions divided by " + pyG(verdict.factor) + " (linear interpolation)");
      }
    } else {  // the fastest pairs keep the law, the slowest are divided by the factor: YaRN, llama3, longrope
      var head = Math.min(3, h);
      var rate = -polyfit1(idx.slice(0, head), logw.slice(0, head))[0];
      verdict.base = snap(Math.exp(rate * h));
      lawed = law(verdict.base, h, h);
      verdict.scaling = "frequency-dependent";
      verdict.factor = Number((1 / (omega[h - 1] / lawed[h - 1])).toPrecision(4));
      exact = omega;  // measured: the blend between the two ends is the method's own
      var yarn = verdict.factor > 1 ? 0.1 * Math.log(verdict.factor) + 1 : 1.0;
      verdict.notes.push("the fastest pairs keep base " + pyG(verdict.base) + ", the slowest turn " + pyG(verdict.factor)
        + " times slower (YaRN, llama3 or longrope scaling)"
        + (Math.abs(amp - yarn) < 1e-3 ? "; attention scaling " + fmt(amp, 4) + " is YaRN's 0.1 ln(factor) + 1" : ""));
    }
    if (headDim) verdict.notes.push("rotary width " + r + " of head_dim " + headDim + ": partial_rotary_factor " + pyG(r / headDim));
    var first = firstPosition(exact, phase, m)[0];
    verdict.first_position = first;
    var error = 0, fastest = 0, far = Math.max(Math.abs(first), Math.abs(first + step * (n - 1)));
    for (i = 0; i < h; i++) fastest = Math.max(fastest, exact[i]);
    for (p = 0; p < n; p++) {
      var at = first + step * p;
      for (i = 0; i < h; i++) {
        var angle = at * exact[i];
        error = Math.max(error, Math.abs(c[p * r + column(i)] - amp * Math.cos(angle)), Math.abs(s[p * r + column(i)] - amp * Math.sin(angle)));
      }
    }
    var extent = far * fastest + 1;
    var tolerance = amp * (4 * rounding + 16 * FLOAT32_ARITHMETIC * extent) + 1e-12;
    if (verdict.scaling === "frequency-dependent") tolerance += amp * 1e-3;  // measured frequencies: their fitting noise
    verdict.max_error = error; verdict.tolerance = tolerance;
    if (error > tolerance) {
      problem(verdict, "values_off", "values differ from the exact ones by up to " + fmt(error, 3) + ", more than a correctly computed "
        + dtype + " cache can (" + fmt(tolerance, 2) + "): compute position * inv_freq in float32 (not float16 or bfloat16), then cast");
    }
    return done();
  }

  function ropeHeadline(verdict) {
    if (!verdict.rotary) return "not a rotary cos/sin cache";
    var what = [verdict.layout, verdict.base === null ? null : "base " + pyG(verdict.base),
                verdict.scaling === "none" ? null : verdict.scaling + " scaling" + (verdict.factor ? " (factor " + pyG(verdict.factor) + ")" : "")];
    what = what.filter(function (w) { return w; }).join(", ");
    return verdict.ok ? "a correct rotary cache, " + what : "a rotary cache, " + what;
  }

  function headline(verdict) {
    var what = verdict.convention || (verdict.sinusoidal ? "sinusoids, but of no frequency law it knows" : "not a sinusoidal encoding");
    return verdict.ok ? "a correct encoding, " + what : what;
  }

  // --- the page ------------------------------------------------------------------------------------------------------

  function pageLink(page) {
    // "variants/seeds.md#nested-loops" relative to docs/ -> "variants/seeds.html#nested-loops" relative to this page
    var parts = page.split("#");
    var href = parts[0].replace(/\.md$/, ".html") + (parts[1] ? "#" + parts[1] : "");
    var root = document.getElementById("pecheck");
    return (root && root.getAttribute("data-site-root") || "") + href;
  }

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function render(out, verdict) {
    out.textContent = "";
    out.setAttribute("data-ok", verdict.ok ? "true" : "false");
    var head = el("p", undefined, verdict.ok ? "pecheck-ok" : "pecheck-bad");
    head.appendChild(el("span", verdict.ok ? "OK" : "NOT OK", "pecheck-badge " + (verdict.ok ? "pecheck-badge-ok" : "pecheck-badge-bad")));
    head.appendChild(document.createTextNode(" " + (verdict.rotary === undefined ? headline(verdict) : ropeHeadline(verdict))));
    out.appendChild(head);
    var dl = el("dl");
    (verdict.rotary !== undefined ? [
      ["layout", verdict.layout], ["base", verdict.base === null ? null : pyG(verdict.base)], ["scaling", verdict.scaling],
      ["factor", verdict.factor === null ? null : pyG(verdict.factor)],
      ["attention scaling", verdict.attention_scaling === null ? null : pyG(verdict.attention_scaling)],
      ["first position", verdict.first_position], ["dtype", verdict.dtype], ["shape", verdict.shape.join(" x ")],
      ["largest error", verdict.max_error === null ? null : fmt(verdict.max_error, 2) + " (a correct " + verdict.dtype + " cache: up to " + fmt(verdict.tolerance, 2) + ")"]
    ] : [["layout", verdict.layout], ["base", verdict.base === null ? null : pyG(verdict.base)], ["denominator", verdict.denominator],
     ["first position", verdict.first_position], ["positions", verdict.position_step === -1 ? "descending down the rows" : null],
     ["padding row", verdict.padding_rows.length ? String(verdict.padding_rows[0]) + " (all zeros, judged without it)" : null],
     ["amplitude", verdict.amplitude], ["dtype", verdict.dtype], ["precision", verdict.precision !== verdict.dtype ? verdict.precision : null],
     ["shape", verdict.shape.join(" x ")],
     ["largest error", verdict.max_error === null ? null : fmt(verdict.max_error, 2) + " (a correct " + (verdict.precision || verdict.dtype) + " table: up to " + fmt(verdict.tolerance, 2) + ")"],
     ["computed in", verdict.arithmetic],
     ["the paper's own table", verdict.ok ? (verdict.paper ? "yes" : "no: " + verdict.deviations.join("; ")) : null]
    ]).forEach(function (item) {
      if (item[1] === null || item[1] === undefined) return;
      dl.appendChild(el("dt", item[0])); dl.appendChild(el("dd", String(item[1])));
    });
    out.appendChild(dl);
    if (verdict.family) {
      var same = el("p", "Same table as: ");
      verdict.family.members.forEach(function (member, k) {
        var a = el("a", member.name);
        a.setAttribute("href", pageLink(member.page));
        same.appendChild(a);
        if (k < verdict.family.members.length - 1) same.appendChild(document.createTextNode(", "));
      });
      out.appendChild(same);
    }
    if (verdict.problems.length) {
      var ul = el("ul", undefined, "pecheck-problems");
      verdict.problems.forEach(function (pr) {
        var li = el("li");
        li.setAttribute("data-code", pr.code);
        li.appendChild(el("strong", (PROBLEM_WORDS[pr.code] || pr.code.replace(/_/g, " ")) + ":"));
        li.appendChild(document.createTextNode(" " + pr.message));
        ul.appendChild(li);
      });
      out.appendChild(ul);
    }
  }

  function message(out, text) {
    out.textContent = "";
    out.setAttribute("data-ok", "error");
    out.appendChild(el("p", text, "pecheck-bad"));
  }

  function judgeInput(input) {
    var table = input instanceof ArrayBuffer ? parseNpy(input) : parseText(String(input));
    if (table.rope) {
      if (!table.rope[0].values || !table.rope[1].values) throw new Unreadable("cos and sin must each be an array of rows");
      return checkRope(table.rope[0], table.rope[1], "float64");
    }
    if (!table.values) return checkTable({ values: new Float64Array(0), shape: table.shape, dtype: table.dtype });
    return checkTable(table);
  }

  function run(out, input) {
    try {
      var verdict = judgeInput(input);
      render(out, verdict);
      return verdict;
    } catch (e) {
      if (e instanceof Unreadable) { message(out, "Cannot read this table: " + e.message); return { error: e.message }; }
      message(out, "Cannot judge this table: " + (e && e.message ? e.message : String(e)));
      return { error: String(e && e.message || e) };
    }
  }

  function setup() {
    var root = document.getElementById("pecheck");
    if (!root) return;
    try { CONVENTIONS = conventions(); } catch (e) { CONVENTIONS = []; }
    var area = document.getElementById("pecheck-input"), file = document.getElementById("pecheck-file");
    var button = document.getElementById("pecheck-run"), out = document.getElementById("pecheck-verdict");
    button.addEventListener("click", function () { run(out, area.value); });
    function readFile(f) {
      if (!f) return;
      if (f.size > MAX_BYTES) { message(out, "Cannot read this table: the file is " + f.size + " bytes; the checker reads at most " + MAX_BYTES); return; }
      var reader = new FileReader();
      reader.onload = function () { run(out, reader.result); };
      reader.onerror = function () { message(out, "Cannot read this file."); };
      if (/\.npy$/i.test(f.name)) reader.readAsArrayBuffer(f); else reader.readAsText(f);
    }
    file.addEventListener("change", function () { readFile(file.files[0]); });
    root.addEventListener("dragover", function (ev) { ev.preventDefault(); root.classList.add("pecheck-drop"); });
    root.addEventListener("dragleave", function () { root.classList.remove("pecheck-drop"); });
    root.addEventListener("drop", function (ev) {
      ev.preventDefault(); root.classList.remove("pecheck-drop");
      if (ev.dataTransfer.files.length) readFile(ev.dataTransfer.files[0]);
      else run(out, ev.dataTransfer.getData("text/plain"));
    });
    root.setAttribute("data-ready", "true");
  }

  function clean(v) { delete v.family; delete v.exact; delete v.den; return v; }

  window.peCheck = {
    checkTable: function (rows, dtype) {
      if (!CONVENTIONS.length) CONVENTIONS = conventions();
      var t = fromRows(rows); t.dtype = dtype || "float64";
      return clean(checkTable(t));
    },
    judge: function (input) {
      if (!CONVENTIONS.length) CONVENTIONS = conventions();
      try { return clean(judgeInput(input)); } catch (e) { return { error: e instanceof Unreadable ? e.message : String(e) }; }
    },
    checkRope: function (cosRows, sinRows, dtype, headDim) {
      return checkRope(fromRows(cosRows), fromRows(sinRows), dtype || "float64", headDim);
    },
    run: function (input) { var v = run(document.getElementById("pecheck-verdict"), input); return v && clean(v); },
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup); else setup();
})();
