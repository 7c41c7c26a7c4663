"""The interactive explorer computes what the reference computes, driven through its controls as a reader would."""

from __future__ import annotations

import json
import math

import pytest
from conftest import GENERATED, OfflinePage
from pelib.figures import MIN_TEXT_PX

pytestmark = [pytest.mark.slow, pytest.mark.browser]

REFERENCE = json.loads((GENERATED / "explorer" / "reference_values.json").read_text(encoding="utf-8"))
TOLERANCE = float(json.loads((GENERATED / "explorer" / "reference_values.values.json").read_text())["tolerance"])
CONTROLS = ["pe-d-model", "pe-base", "pe-positions", "pe-p", "pe-k", "pe-pair"]
TAB_ORDER = ["pe-d-model", "pe-base", "pe-positions", "pe-p", "pe-play-p", "pe-k-down", "pe-k", "pe-k-up", "pe-play-k",
             "pe-pair"]
CHARTS = ["pe-heatmap", "pe-curves", "pe-dots", "pe-rotation"]


def type_into(page, control: str, value: object) -> None:
    """Click a number field, select what it holds, type the new value and leave with Tab, as a reader does."""
    field = page.locator(f"#{control}")
    field.click()
    field.press("Control+a")
    field.press_sequentially(str(value))
    field.press("Tab")


def slide_to(page, control: str, value: int) -> None:
    """Move a range slider with the keyboard only, as a reader would to a far value: Home, PageUp (a tenth of the
    range a press) while that lands no further from `value` than it was, then the arrow keys. Each press redraws
    every chart: k = 99 took 99 presses and 7 to 12 s on 1,000 positions, 2 presses now."""
    slider = page.locator(f"#{control}")
    slider.focus()
    slider.press("Home")
    current = int(slider.input_value())
    tenth = (float(slider.get_attribute("max") or 100) - float(slider.get_attribute("min") or 0)) / 10
    while tenth >= 2 and value - current >= tenth / 2:
        slider.press("PageUp")
        after = int(slider.input_value())
        if after == current:  # at the end already
            break
        if abs(value - after) > abs(value - current):
            slider.press("PageDown")  # overshot by more than it gained: back, and the arrows from there
            current = int(slider.input_value())
            break
        current = after
    for _ in range(abs(value - current)):
        slider.press("ArrowRight" if value > current else "ArrowLeft")
    assert int(slider.input_value()) == value, f"#{control} is at {slider.input_value()}, not {value}"


def set_controls(page, setting: dict, *, d_model: int | None = None) -> None:
    type_into(page, "pe-d-model", setting["d_model"] if d_model is None else d_model)
    type_into(page, "pe-base", f"{setting['base']:g}")
    type_into(page, "pe-positions", setting["positions"])
    type_into(page, "pe-p", setting["p"])
    slide_to(page, "pe-k", setting["k"])


def max_diff(a: list[float], b: list[float]) -> float:
    assert len(a) == len(b), f"lengths differ: {len(a)} vs {len(b)}"
    return max((abs(x - y) for x, y in zip(a, b, strict=True)), default=0.0)


def assert_matches_reference(page, setting: dict) -> None:
    """Every number the page computed for `setting` equals the reference's to within TOLERANCE."""
    settings = page.evaluate("window.peExplorer.settings()")
    wanted = {key: setting[key] for key in ("d_model", "base", "positions", "p", "k")}
    assert {key: settings[key] for key in wanted} == wanted
    assert page.locator("#pe-explorer").get_attribute("data-valid") == "true"
    errors = {}
    for position, row in setting["rows"].items():
        errors[f"row {position} (formula)"] = max_diff(page.evaluate(f"window.peExplorer.row({position})"), row)
        if int(position) < setting["positions"]:
            table_row = page.evaluate(f"window.peExplorer.tableRow({position})")
            errors[f"row {position} (heatmap table)"] = max_diff(table_row, row)
    errors["dot product against offset"] = max_diff(page.evaluate("window.peExplorer.dot()"), setting["dot"])
    rotation = page.evaluate("window.peExplorer.rotation()")
    errors["M_k cos"] = max_diff(rotation["cos"], setting["cos"])
    errors["M_k sin"] = max_diff(rotation["sin"], setting["sin"])
    errors["M_k PE(p)"] = max_diff(page.evaluate("window.peExplorer.moved()"), setting["moved"])
    errors["PE(p + k)"] = max_diff(page.evaluate("window.peExplorer.target()"), setting["target"])
    # What the reader sees: the visible table of selected values carries the full-precision numbers it rounds.
    shown = [float(v) for v in page.locator('[data-row="p"] td').evaluate_all("c => c.map(t => t.dataset.value)")]
    errors["visible PE(p)"] = max_diff(shown, setting["rows"][str(setting["p"])][: len(shown)])
    dot_shown = float(page.locator("#pe-dot-value").get_attribute("data-value"))
    errors["visible dot product"] = abs(dot_shown - setting["dot"][setting["k"]])
    assert len(shown) == min(8, setting["d_model"])
    worst = max(errors, key=errors.get)
    assert errors[worst] < TOLERANCE, f"{worst}: the page differs from the reference by {errors[worst]:.3g}: {errors}"


@pytest.fixture
def explorer(offline_page, site_url):
    offline_page.page.goto(f"{site_url}/explorer.html")
    offline_page.page.wait_for_function("window.peExplorer && window.peExplorer.settings() !== null")
    yield offline_page.page
    assert not offline_page.console_errors, offline_page.console_errors
    assert not offline_page.external, f"the explorer requested {offline_page.external}"


@pytest.mark.parametrize(
    "index", range(len(REFERENCE)), ids=lambda i: "d{d_model}-b{base:g}-n{positions}".format(**REFERENCE[i])
)
def test_numbers_equal_the_reference(explorer, index: int) -> None:
    setting = REFERENCE[index]
    set_controls(explorer, setting)
    assert_matches_reference(explorer, setting)


def test_controls_work_from_the_keyboard(explorer) -> None:
    setting = next(s for s in REFERENCE if s["d_model"] == 16)
    # Tab walks the controls in reading order.
    explorer.locator("#pe-d-model").focus()
    order = ["pe-d-model"]
    for _ in TAB_ORDER[1:]:
        explorer.keyboard.press("Tab")
        order.append(explorer.evaluate("document.activeElement.id"))
    assert order == TAB_ORDER
    # Arrow keys change a number field and a slider; the page recomputes at once.
    set_controls(explorer, setting, d_model=setting["d_model"] - 1)
    explorer.locator("#pe-d-model").focus()
    explorer.keyboard.press("ArrowUp")
    explorer.locator("#pe-k").focus()
    explorer.keyboard.press("ArrowRight")
    explorer.keyboard.press("ArrowLeft")
    assert_matches_reference(explorer, setting)
    explorer.locator("#pe-pair").focus()
    explorer.keyboard.press("End")
    assert explorer.evaluate("window.peExplorer.settings().pair") == setting["d_model"] // 2 - 1


def test_bad_input_is_named_and_keeps_the_last_figures(explorer) -> None:
    type_into(explorer, "pe-d-model", 0)
    error = explorer.locator("#pe-error")
    assert error.is_visible()
    assert 'd_model must be a positive int from 1 to 1024, got "0"' in error.inner_text()
    assert explorer.locator("#pe-explorer").get_attribute("data-valid") == "false"
    assert explorer.evaluate("window.peExplorer.settings().d_model") == 128
    type_into(explorer, "pe-d-model", 16)
    type_into(explorer, "pe-base", 1)
    assert 'base must be a finite number > 1, got "1"' in error.inner_text()


CONTRAST = """() => {
  const rgb = (s) => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const linear = (x) => (x /= 255) <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  const lum = (c) => { const v = c.map(linear); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const ratio = (a, b) => {
    const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const main = getComputedStyle(document.querySelector(".md-main")).backgroundColor;
  const bg = main !== "rgba(0, 0, 0, 0)" ? main : getComputedStyle(document.body).backgroundColor;
  const style = (sel) => getComputedStyle(document.querySelector(sel));
  return {
    scheme: document.body.getAttribute("data-md-color-scheme"),
    text: ratio(style("#pe-curves text").fill, bg),
    sine: ratio(style("#pe-curves .pe-s1").stroke, bg),
    cosine: ratio(style("#pe-curves .pe-s2").stroke, bg),
    frame: ratio(style("#pe-curves .pe-frame").stroke, bg),
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_charts_are_readable_in_both_palettes(browser, site_url, scheme: str) -> None:
    """Chart text has a contrast of 4.5:1 and lines 3:1 (WCAG 1.4.3 and 1.4.11) against the palette's background."""
    context = browser.new_context(color_scheme=scheme)
    try:
        page = OfflinePage(context).page
        page.goto(f"{site_url}/explorer.html")
        page.wait_for_function("window.peExplorer && window.peExplorer.settings() !== null")
        measured = page.evaluate(CONTRAST)
    finally:
        context.close()
    assert measured["scheme"] == {"light": "default", "dark": "slate"}[scheme]
    assert measured["text"] >= 4.5, measured
    assert min(measured["sine"], measured["cosine"]) >= 3.0, measured


@pytest.mark.parametrize(("d_model", "same"), [(16, True), (7, False)])
def test_dot_product_depends_on_the_offset_only_for_even_widths(explorer, d_model: int, same: bool) -> None:
    """What the page tells readers to try: moving p leaves the dot-product curve alone, unless d_model is odd."""
    type_into(explorer, "pe-d-model", d_model)
    type_into(explorer, "pe-positions", 64)
    curves = []
    for p in (0, 37, 5000):
        type_into(explorer, "pe-p", p)
        curves.append(explorer.evaluate("window.peExplorer.dot()"))
    spread = max(max_diff(curves[0], c) for c in curves[1:])
    if same:
        assert spread < TOLERANCE, f"the dot product moved with p by {spread:.3g}"
    else:
        assert spread > 0.1, "the lone sine column of an odd width should make the dot product depend on p"


# --- legible at any width and any length (issue 13) ---------------------------------------------------------------

CHART_TEXT = """() => [...document.querySelectorAll('#pe-explorer svg text')]
  .filter((t) => t.textContent.trim())
  .map((t) => {
    const m = t.getScreenCTM();
    return { text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) };
  })"""
TARGETS = """() => [...document.querySelectorAll('#pe-explorer input, #pe-explorer button')].map((i) => {
  const r = i.getBoundingClientRect();
  return { id: i.id, width: r.width, height: r.height };
})"""


@pytest.fixture
def phone_explorer(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 900})
    offline = OfflinePage(context)
    offline.page.goto(f"{site_url}/explorer.html")
    offline.page.wait_for_function("window.peExplorer && window.peExplorer.curve() !== null && window.peExplorer.idle()")
    yield offline.page
    assert not offline.console_errors, offline.console_errors
    context.close()


def drawn(page) -> None:
    """Wait until the charts have been drawn for the current settings (they are drawn on the next frame)."""
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_function("window.peExplorer.idle()")


def test_chart_text_and_controls_read_and_reach_on_a_phone(phone_explorer) -> None:
    """At 390 px every chart label shows at MIN_TEXT_PX (11 CSS px, the figures' floor) or more, and every control is
    a 24 px touch target."""
    for settings in ({}, {"pe-positions": 4096, "pe-d-model": 1024, "pe-p": 3000}):
        for control, value in settings.items():
            type_into(phone_explorer, control, value)
        drawn(phone_explorer)
        texts = phone_explorer.evaluate(CHART_TEXT)
        assert len(texts) > 30, texts
        small = [t for t in texts if t["px"] < MIN_TEXT_PX]
        assert not small, f"chart text under {MIN_TEXT_PX} px on a phone ({settings}): {small}"
    targets = phone_explorer.evaluate(TARGETS)
    assert len(targets) == len(TAB_ORDER)
    small = [t for t in targets if t["height"] < 24 or t["width"] < 24]
    assert not small, f"controls smaller than a 24 px touch target: {small}"


def test_heatmap_has_axes_a_colour_scale_and_labelled_markers(explorer) -> None:
    type_into(explorer, "pe-p", 40)
    slide_to(explorer, "pe-k", 60)
    drawn(explorer)
    texts = explorer.locator("#pe-heatmap text").evaluate_all("t => t.map(x => x.textContent)")
    assert {"position p", "pair i: sine, cosine", "sin 0", "sin 32", "cos 0", "cos 32", "value", "1", "0", "−1",
            "100"} <= set(texts), texts
    assert explorer.locator("#pe-heatmap .pe-split").count() == 1  # the line between the sines and the cosines
    rows = dict(explorer.locator('#pe-heatmap .pe-axes text[text-anchor="end"]').evaluate_all(
        "t => t.map(x => [x.textContent, +x.getAttribute('y')])"))
    # from the top: the sines (as on the static heatmap), then the cosines, each half with pair 0 at its bottom
    assert rows["sin 32"] < rows["sin 0"] < rows["cos 32"] < rows["cos 0"], rows
    assert explorer.locator("#pe-heatmap .pe-scale").count() == 1
    stops = explorer.locator("#pe-heatmap stop").evaluate_all("s => s.map(x => x.getAttribute('stop-color'))")
    assert stops[0] == "rgb(33,102,172)" and stops[-1] == "rgb(178,24,43)", stops  # −1 blue at the bottom, +1 red
    lines = explorer.locator("#pe-heatmap .pe-marker").evaluate_all("l => l.map(x => +x.getAttribute('x1'))")
    labels = explorer.locator("#pe-heatmap .pe-marker-label").evaluate_all(
        "l => l.map(x => [x.textContent, +x.getAttribute('x')])")
    assert [text for text, _ in labels] == ["p = 40", "p + k = 100"]
    assert [x for _, x in labels] == pytest.approx(lines)  # each label stands on its line
    # the lines stand on their positions: cells are centred on integers along the position axis
    ticks = dict(explorer.locator('#pe-heatmap .pe-axes text[text-anchor="middle"]:not(.pe-axis-title)').evaluate_all(
        "t => t.map(x => [x.textContent, +x.getAttribute('x')])"))
    per_position = (ticks["100"] - ticks["0"]) / 100
    assert lines == pytest.approx([ticks["0"] + 40 * per_position, ticks["0"] + 100 * per_position])


def test_pair_0_is_a_smooth_wave_through_the_table_entries(explorer) -> None:
    type_into(explorer, "pe-positions", 48)  # room for the table's entries as dots
    drawn(explorer)
    curve = explorer.evaluate("window.peExplorer.curve()")
    xs = curve["xs"]
    steps = [b - a for a, b in zip(xs, xs[1:])]
    assert max(steps) <= 2 * math.pi / 16, "samples too far apart for a smooth wave of pair 0 (wavelength 2π)"
    assert sum(1 for x in xs if x != int(x)) > 0.9 * len(xs), "the wave must be sampled between integer positions"
    assert max(abs(math.sin(x) - y) for x, y in zip(xs, curve["sin"])) < 1e-12
    assert max(abs(math.cos(x) - y) for x, y in zip(xs, curve["cos"])) < 1e-12
    points = explorer.locator("#pe-curves polyline.pe-s1").get_attribute("points").split()
    assert len(points) >= curve["plotWidth"], "fewer points than pixels: the curve would show corners"
    # the table's own entries are drawn as dots on the wave, at integer positions only
    dots = explorer.locator("#pe-curves circle.pe-s1").count()
    assert dots == int(curve["x1"]) - math.ceil(curve["x0"]) + 1 == 48


def test_4096_positions_stay_legible(explorer) -> None:
    """No solid block and no moiré: the heatmap averages the entries under each pixel, the pair chart shows a window
    of positions in which every wave spans 16 px or more, the dot product shows each pixel's range."""
    type_into(explorer, "pe-positions", 4096)
    type_into(explorer, "pe-p", 3000)
    drawn(explorer)
    heat = explorer.evaluate("window.peExplorer.heatmap()")
    assert heat["positionsPerPixel"] > 1 and heat["dimensionsPerPixel"] == 1, heat
    row = explorer.evaluate("window.peExplorer.heatmapRow(64)")  # dimension 0: sin(p), a wave of 2π positions
    n, w = 4096, heat["width"]
    blocks = [range(c * n // w, (c + 1) * n // w) for c in range(w)]
    expected = [sum(math.sin(p) for p in block) / len(block) for block in blocks]
    assert max(abs(a - b) for a, b in zip(row, expected)) < 1e-9, "each pixel is the mean of its positions"
    assert max(abs(v) for v in row) < 0.4, "a wave faster than the pixels fades to its mean, not to stripes"
    # row 0 of 128 (the lowest) is column 1, pair 0's cosine: the cosines by pair below, the sines by pair above, as
    # on the static heatmap (snippets/reference_page/heatmap.py: the sine panel first), not interleaved
    cosines = explorer.evaluate("window.peExplorer.heatmapRow(0)")
    assert max(abs(a - sum(math.cos(p) for p in block) / len(block)) for a, block in zip(cosines, blocks)) < 1e-9
    last_sine = explorer.evaluate("window.peExplorer.heatmapRow(127)")  # column 126: pair 63's sine, the slowest
    w63 = 10000 ** (-126 / 128)
    assert max(abs(a - sum(math.sin(p * w63) for p in block) / len(block)) for a, block in zip(last_sine, blocks)) < 1e-9
    curve = explorer.evaluate("window.peExplorer.curve()")
    px_per_wave = curve["plotWidth"] / (curve["x1"] - curve["x0"]) * 2 * math.pi
    assert px_per_wave >= 16 and curve["x0"] <= 3000 <= curve["x1"], curve
    assert "Shown: positions" in explorer.locator("#pe-wavelength").inner_text()
    assert explorer.locator("#pe-dots polygon.pe-band").count() == 2
    assert explorer.locator("#pe-dots polyline").count() == 0


@pytest.mark.parametrize(("d_model", "same"), [(16, True), (7, False)])
def test_the_dashed_p0_curve_is_drawn_on_top(explorer, d_model: int, same: bool) -> None:
    """For an even width the two dot-product curves coincide: the dashed p = 0 one is drawn after (over) the wider
    solid one, in another colour, so both stay visible; for an odd width they part."""
    type_into(explorer, "pe-d-model", d_model)
    type_into(explorer, "pe-p", 5000)
    drawn(explorer)
    order = explorer.evaluate("""() => {
      const solid = document.querySelector('#pe-dots [data-curve="p"]');
      const dashed = document.querySelector('#pe-dots [data-curve="p0"]');
      const s = getComputedStyle(solid), d = getComputedStyle(dashed);
      return { after: !!(solid.compareDocumentPosition(dashed) & Node.DOCUMENT_POSITION_FOLLOWING),
               solidWidth: parseFloat(s.strokeWidth), dashedWidth: parseFloat(d.strokeWidth),
               dash: d.strokeDasharray, colours: [s.stroke, d.stroke],
               points: [solid.getAttribute('points'), dashed.getAttribute('points')] };
    }""")
    assert order["after"] and order["dash"] != "none", order
    assert order["dashedWidth"] < order["solidWidth"] and order["colours"][0] != order["colours"][1], order
    ys = [[float(pt.split(",")[1]) for pt in points.split()] for points in order["points"]]
    gap = max(abs(a - b) for a, b in zip(*ys))
    assert (gap < 0.2) == same, f"largest vertical gap between the curves: {gap:.2f} px"


# --- an instrument: the controls stay in view with the chart they drive, and play sweeps p (issue 25) ---------------

WATCH = """(id) => {
  document.documentElement.style.scrollBehavior = "auto";
  const chart = document.getElementById(id), bar = document.getElementById("pe-instrument");
  const stuck = parseFloat(getComputedStyle(bar).top);
  window.scrollTo(0, window.scrollY + chart.getBoundingClientRect().top - stuck - bar.offsetHeight - 12);
  const b = bar.getBoundingClientRect(), c = chart.getBoundingClientRect();
  const controls = ["pe-p", "pe-k", "pe-pair", "pe-play-p", "pe-play-k"].map((i) => {
    const r = document.getElementById(i).getBoundingClientRect();
    return { id: i, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
  return { bar: { top: b.top, bottom: b.bottom }, chart: { top: c.top, bottom: c.bottom, height: c.height },
           controls: controls, height: innerHeight, width: innerWidth, header: stuck };
}"""


@pytest.fixture(params=[390, 1300], ids=["390px", "1300px"])
def sized_explorer(request, browser, site_url):
    context = browser.new_context(viewport={"width": request.param, "height": 844 if request.param == 390 else 900})
    offline = OfflinePage(context)
    offline.page.goto(f"{site_url}/explorer.html")
    offline.page.wait_for_function("window.peExplorer && window.peExplorer.curve() !== null && window.peExplorer.idle()")
    yield offline.page
    assert not offline.console_errors, offline.console_errors
    context.close()


def test_every_chart_can_be_watched_with_the_controls_that_drive_it(sized_explorer) -> None:
    """Scrolled to each chart, the bar with p, k, the pair and the play buttons stays on screen below the header,
    above the chart and not over it, and the whole chart fits below it: a reader drags a slider and watches."""
    page = sized_explorer
    for chart in CHARTS:
        seen = page.evaluate(WATCH, chart)
        bar, box = seen["bar"], seen["chart"]
        assert bar["top"] == pytest.approx(seen["header"], abs=1), f"{chart}: the controls scrolled away: {seen}"
        assert box["top"] >= bar["bottom"], f"{chart}: the controls cover the chart: {seen}"
        assert box["bottom"] <= seen["height"], f"{chart}: the chart does not fit below the controls: {seen}"
        for control in seen["controls"]:
            assert bar["top"] <= control["top"] and control["bottom"] <= bar["bottom"] + 1, (chart, control)
            assert 0 <= control["left"] and control["right"] <= seen["width"], f"{chart}: {control} off screen"
    # the bar holds its place in the flow: sticking shifts nothing below it
    assert page.evaluate("getComputedStyle(document.getElementById('pe-instrument')).position") == "sticky"


def test_keyboard_focus_is_not_hidden_under_the_controls(sized_explorer) -> None:
    """Tabbing on from the controls through the charts' headings to the table of values, each focused element is
    scrolled into view below the sticky bar, not under it (WCAG 2.4.11)."""
    page = sized_explorer
    page.evaluate(WATCH, "pe-heatmap")
    page.locator("#pe-pair").focus()
    seen = []
    while not seen or not seen[-1]["values"]:
        assert len(seen) < 12, f"the table of values is not reached by Tab: {seen}"
        page.keyboard.press("Tab")
        page.wait_for_timeout(400)  # Material scrolls smoothly
        seen.append(page.evaluate("""() => {
          const f = document.activeElement, r = f.getBoundingClientRect();
          const b = document.getElementById('pe-instrument').getBoundingClientRect();
          return { values: f.classList.contains('pe-values-wrap'), text: f.textContent.trim().slice(0, 30),
                   top: r.top, barBottom: b.bottom };
        }"""))
    hidden = [f for f in seen if f["top"] < f["barBottom"] - 1]
    assert not hidden, f"focus under the controls: {hidden}"


def test_play_sweeps_p_and_pauses_and_never_starts_by_itself(explorer) -> None:
    start = explorer.evaluate("window.peExplorer.settings().p")
    explorer.wait_for_timeout(600)
    assert explorer.evaluate("window.peExplorer.settings().p") == start, "p moved without the reader asking"
    assert explorer.evaluate("window.peExplorer.playing()") is None
    play = explorer.locator("#pe-play-p")
    assert play.get_attribute("aria-pressed") == "false"
    play.click()
    assert play.get_attribute("aria-pressed") == "true" and "Pause" in play.get_attribute("aria-label")
    explorer.wait_for_function(f"window.peExplorer.settings().p >= {start + 3}", timeout=5000)
    k = explorer.evaluate("window.peExplorer.settings().k")
    play.click()  # pause
    assert play.get_attribute("aria-pressed") == "false"
    paused = explorer.evaluate("window.peExplorer.settings().p")
    explorer.wait_for_timeout(600)
    assert explorer.evaluate("window.peExplorer.settings().p") == paused, "p kept moving after pause"
    assert explorer.evaluate("window.peExplorer.settings().k") == k, "playing p moved k"
    assert explorer.locator("#pe-p").input_value() == str(paused)  # the field shows the p the charts show
    # play k, then a hand on a control pauses it
    explorer.locator("#pe-play-k").click()
    explorer.wait_for_function(f"window.peExplorer.settings().k >= {k + 2}", timeout=5000)
    type_into(explorer, "pe-p", 20)
    assert explorer.evaluate("window.peExplorer.playing()") is None
    assert_rotation_drawn(explorer)


def test_play_respects_reduced_motion(browser, site_url) -> None:
    """With prefers-reduced-motion the sweep still runs when asked, at two steps a second instead of twelve."""
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = OfflinePage(context).page
        page.goto(f"{site_url}/explorer.html")
        page.wait_for_function("window.peExplorer && window.peExplorer.settings() !== null")
        start = page.evaluate("window.peExplorer.settings().p")
        page.locator("#pe-play-p").click()
        page.wait_for_timeout(1600)
        moved = page.evaluate("window.peExplorer.settings().p") - start
        page.locator("#pe-play-p").click()
    finally:
        context.close()
    assert 1 <= moved <= 5, f"p moved {moved} steps in 1.6 s with reduced motion"


def assert_rotation_drawn(page) -> None:
    """The circle shows p and p + k, each labelled, and the angle w k as an arc; the block sits between brackets."""
    drawn(page)
    s = page.evaluate("window.peExplorer.settings()")
    labels = page.locator("#pe-rotation text").evaluate_all("t => t.map(x => x.textContent)")
    assert f"p = {s['p']}" in labels and f"p + k = {s['p'] + s['k']}" in labels, labels
    assert any(t.startswith("ω") and ("k = " in t or "k mod 2π = " in t) for t in labels), labels
    assert page.locator("#pe-rotation path.pe-arc").count() == (1 if s["k"] else 0)
    assert page.locator("#pe-matrix .pe-bracket-l").count() == 1 and page.locator("#pe-matrix .pe-bracket-r").count() == 1
    border = page.evaluate("""() => { const t = getComputedStyle(document.querySelector('#pe-matrix table'));
      return [t.borderLeftWidth, t.borderRightWidth]; }""")
    assert border == ["0px", "0px"], f"bars beside the matrix read as a determinant: {border}"
    marks = page.locator("#pe-curves circle.pe-mark").count()
    assert marks == 4, f"p and p + k should each be marked on both waves, found {marks} marks"
    at_k = page.locator("#pe-dots circle.pe-mark")  # the dot product at k, the value the table quotes
    assert at_k.count() == 1
    assert float(at_k.get_attribute("data-value")) == float(page.locator("#pe-dot-value").get_attribute("data-value"))


def test_the_circle_labels_p_and_p_plus_k_and_draws_the_angle(explorer) -> None:
    type_into(explorer, "pe-p", 3)
    slide_to(explorer, "pe-k", 2)
    assert_rotation_drawn(explorer)
    angle = [t for t in explorer.locator("#pe-rotation text").evaluate_all("t => t.map(x => x.textContent)")
             if t.startswith("ω")]
    assert angle == ["ω₀k = 2.00"], angle  # pair 0: w = 1, k = 2


# --- the small widgets inside the pages share the explorer's code (pe-core.js) ---------------------------------------


def test_the_widgets_in_the_pages_draw_with_the_explorers_code(offline_page, site_url) -> None:
    page = offline_page.page
    page.goto(f"{site_url}/linearity.html")
    widget = page.locator('[data-pe-widget="rotation"]')
    page.wait_for_function("document.querySelector('[data-pe-widget=rotation]').dataset.drawn === '1,2'")
    assert page.evaluate("typeof window.PE.drawCircle") == "function" and page.evaluate("window.peExplorer") is None
    slide_to(page, "pe-w-k", 5)
    assert widget.get_attribute("data-drawn") == "1,5"
    labels = widget.locator("svg text").evaluate_all("t => t.map(x => x.textContent)")
    assert {"p = 1", "p + k = 6", "ω₀k = 5"} <= set(labels), labels
    assert widget.locator("path.pe-arc").count() == 1 and widget.locator(".pe-bracket-l").count() == 1
    slide_to(page, "pe-w-k", 0)  # M_0 is the identity: the caption says exactly, not "to within 0e+0"
    note = page.locator("#pe-w-note").inner_text()
    assert "exactly" in note and "e+0" not in note, note
    page.goto(f"{site_url}/base.html")
    page.wait_for_function("document.querySelector('[data-pe-widget=base]').dataset.repeat !== undefined")
    base = page.locator('[data-pe-widget="base"]')
    repeats = [int(base.get_attribute("data-repeat"))]
    slider = page.locator("#pe-w-base")
    slider.focus()
    for key in ("Home", "End"):
        slider.press(key)
        repeats.append(int(base.get_attribute("data-repeat")))
    assert repeats[1] > repeats[0] > repeats[2], f"pairs that turn within the window at bases 10^4, 10, 10^6: {repeats}"
    assert base.locator(".pe-scale").count() == 1, "the base widget has no colour bar"
    scale = base.locator(".pe-scale-label").evaluate_all("t => t.map(x => x.textContent)")
    assert scale == ["1", "0", "−1"], scale
    assert page.locator("#pe-w-base-out").inner_text() == "1,000,000"
    assert not offline_page.console_errors, offline_page.console_errors


# --- the circle never clips or overprints its labels (issue 40) -----------------------------------------------------

# Every label of a circle (the points, the angle, the axes) for one state: its box on screen, and the SVG's.
CIRCLE_LABELS = r"""(svg) => {
  const frame = svg.getBoundingClientRect();
  const boxes = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim()).map((t) => {
    const r = t.getBoundingClientRect();
    return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });
  const problems = [];
  for (const b of boxes)
    if (b.left < frame.left - 0.5 || b.right > frame.right + 0.5 || b.top < frame.top - 0.5 || b.bottom > frame.bottom + 0.5)
      problems.push(`"${b.text}" is cut by the edge`);
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
      problems.push(`"${a.text}" overprints "${b.text}"`);
  }));
  return { problems, texts: boxes.map((b) => b.text) };
}"""
SWEEP = r"""async ([svgId, controls, states]) => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const svg = document.getElementById(svgId), out = [];
  for (const state of states) {
    for (const [id, value] of Object.entries(state)) {
      const input = document.getElementById(controls[id]);
      input.value = String(value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // the explorer draws in the next frame (idle() says when it has); linearity's widget draws in the input
    // handler itself, so its labels are read at once (reading a box lays the page out)
    if (window.peExplorer) while (!window.peExplorer.idle()) await frame();
    const seen = (CIRCLE_LABELS)(svg);
    out.push({ state, problems: seen.problems, texts: seen.texts });
  }
  return out;
}""".replace("(CIRCLE_LABELS)", f"({CIRCLE_LABELS})")


def swept_circle(page, svg_id: str, controls: dict, states: list[dict]) -> tuple[list[str], list[dict]]:
    seen = page.evaluate(SWEEP, [svg_id, controls, states])
    problems = [f"{s['state']}: {p}" for s in seen for p in s["problems"]]
    return problems, seen


@pytest.mark.parametrize("width", [390, 1300])
def test_the_circles_never_clip_or_overprint_their_labels(browser, site_url, width) -> None:
    """The explorer's circle for p = 0, 10 and 57 and every k from 0 to 60 (at p = 10 it cut "p + k = 27" to
    "p + k = 2" for 18 of them), and linearity's widget in all its 217 states (it cut a label in 61 and overprinted
    p's and p + k's at every k = 0): every label lies inside the SVG and apart from every other, the axes are named
    sin and cos, and the angle is shown reduced mod 2π as the arc draws it."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = OfflinePage(context).page
        page.goto(f"{site_url}/explorer.html")
        page.wait_for_function("window.peExplorer && window.peExplorer.settings() !== null && window.peExplorer.idle()")
        states = [{"p": p, "k": k} for p in (0, 10, 57) for k in range(61)]
        problems, seen = swept_circle(page, "pe-rotation", {"p": "pe-p", "k": "pe-k"}, states)
        page.goto(f"{site_url}/linearity.html")
        page.wait_for_function("document.querySelector('[data-pe-widget=rotation]').dataset.drawn === '1,2'")
        states = [{"p": p, "k": k} for p in range(31) for k in range(7)]
        widget_problems, widget_seen = swept_circle(page, "pe-w-circle", {"p": "pe-w-p", "k": "pe-w-k"}, states)
    finally:
        context.close()
    problems += [f"linearity {p}" for p in widget_problems]
    assert not problems, f"{len(problems)} labels clipped or overprinted at {width} px:\n" + "\n".join(problems[:40])
    for s in seen + widget_seen:
        assert {"sin", "cos"} <= set(s["texts"]), f"{s['state']}: the axes are not named sin and cos: {s['texts']}"
    # the angle as the arc draws it: explorer pair 0 (ω₀ = 1), k = 60 turns 60 - 9 · 2π = 3.451 rad
    angle = next(t for t in seen[60]["texts"] if t.startswith("ω"))
    assert "3.45" in angle and "60.0" not in angle, angle
    angle = next(t for t in widget_seen[6]["texts"] if t.startswith("ω"))
    assert angle.startswith("ω₀k = 6") and "mod 2π" not in angle, angle  # 6 rad < 2π: shown as it is


# --- touch and keyboard (issue 40) -----------------------------------------------------------------------------------

INSTRUMENT_ORDER = ["pe-p", "pe-play-p", "pe-k-down", "pe-k", "pe-k-up", "pe-play-k", "pe-pair"]


def test_tab_inside_the_sticky_bar_keeps_the_chart_in_view(sized_explorer) -> None:
    """Scrolled to a chart, Tab from one control of the sticky bar to the next leaves the page where it is: the bar's
    controls are on screen, so nothing scrolls (a `scroll-padding-top` on the page counted the bar as hiding its own
    controls, and each Tab scrolled up about 440 px, taking the chart away from a keyboard user)."""
    page = sized_explorer
    for chart in ("pe-rotation", "pe-dots"):
        page.evaluate(WATCH, chart)
        page.locator(f"#{INSTRUMENT_ORDER[0]}").focus()
        page.wait_for_timeout(400)
        start = page.evaluate("window.scrollY")
        for control in INSTRUMENT_ORDER[1:]:
            page.keyboard.press("Tab")
            page.wait_for_timeout(400)  # Material scrolls smoothly
            seen = page.evaluate("""(id) => ({ focused: document.activeElement.id, y: window.scrollY,
              chart: document.getElementById(id).getBoundingClientRect().toJSON(), height: innerHeight })""", chart)
            assert seen["focused"] == control, f"Tab went to {seen['focused']!r}, not {control!r}"
            assert abs(seen["y"] - start) <= 2, f"{chart}: Tab to {control} scrolled the page by {seen['y'] - start} px"
            assert seen["chart"]["top"] >= 0 and seen["chart"]["bottom"] <= seen["height"], (chart, control, seen)


def test_k_steps_by_one_with_buttons_and_keys(sized_explorer) -> None:
    """A step control for k: − and + buttons beside the slider (each a 24 px touch target or more), and the − and +
    keys on the slider, move k by one; the slider is as wide as the bar allows on a phone."""
    page = sized_explorer
    k = page.evaluate("window.peExplorer.settings().k")
    page.locator("#pe-k-up").click()
    page.locator("#pe-k-up").click()
    page.locator("#pe-k-down").click()
    assert page.evaluate("window.peExplorer.settings().k") == k + 1
    page.locator("#pe-k").focus()
    page.keyboard.press("+")
    page.keyboard.press("+")
    page.keyboard.press("-")
    assert page.evaluate("window.peExplorer.settings().k") == k + 2
    assert page.locator("#pe-k-out").inner_text() == str(k + 2)
    page.locator("#pe-k").focus()
    page.keyboard.press("Home")
    page.locator("#pe-k-down").click()  # never below 0
    assert page.evaluate("window.peExplorer.settings().k") == 0
    sizes = page.evaluate("""() => ['pe-k-down', 'pe-k-up', 'pe-k'].map((id) => {
      const r = document.getElementById(id).getBoundingClientRect(); return [id, r.width, r.height]; })""")
    assert all(w >= 24 and h >= 24 for _, w, h in sizes), sizes
    if page.viewport_size["width"] < 600:  # on a phone the slider takes a row of its own: about 2 px per value
        assert sizes[2][1] >= 0.6 * page.viewport_size["width"], f"the k slider is {sizes[2][1]:.0f} px wide"
