"""Browser benchmark (not a timed test): the median time from a click on a card (or a chip)
of a game's table to the updated table, against a bare ipywidgets button round trip (a click
whose handler sets an HTML widget's value) in the same JupyterLab page.

    PYTHONPATH=$PWD python benchmarks/widget_click.py [--table golf|go-fish|rook] [--clicks 30]

Golf: a face-down card is turned up, then Undo takes it back. Go Fish: two requests (ask for 2s,
ask for Ks) are clicked in turn; whether the rules allow or refuse each, the table is redrawn
with the answer. Rook: during the auction, a bid that does not raise (70) and a card (R14) are
clicked in turn, each refused with its rule and the table redrawn.

The goal (issue 18): the table's median within 1.5 times the bare round trip.  The bare
button pays what every widget click pays (the browser's event, the comm message to the kernel,
the handler, the model's update back, the redraw of one widget) in the same page, browser and
kernel, so the ratio is what cardlib adds: the move, the rules' answer and the table redrawn.
The kernel imports the ``cardlib`` first on its ``sys.path`` (``PYTHONPATH`` picks a
checkout); the script prints which.  Needs Debian's chromium and Playwright (as the browser
tests do).  Prints both medians in milliseconds and their ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    run_notebook_in,
    start_jupyter_lab,
    stop_jupyter_lab,
)

# which cardlib the kernel measures: the first on its sys.path (PYTHONPATH picks a checkout)
MEASURED = "cardlib-measured.txt"
CELLS = [
    f"import pathlib, cardlib\npathlib.Path({MEASURED!r}).write_text(cardlib.__file__)",
    "import ipywidgets as w\n"
    "bare_out = w.HTML('0', layout=w.Layout(width='60px'))\n"
    "bare = w.Button(description='bare')\n"
    "def _bump(_b):\n    bare_out.value = str(int(bare_out.value) + 1)\n"
    "bare.on_click(_bump)\n"
    "box = w.HBox([bare, bare_out])\nbox.add_class('bench-bare')\nbox",
]
TABLES = {
    "golf": (
        "from cardlib.widgets import GolfTable\ntable = GolfTable(seed=1)\ntable",
        ".cardlib-golf-table",
        None,
    ),
    "go-fish": (
        "from cardlib.widgets import GoFishTable\ntable = GoFishTable(seed=1)\ntable",
        ".cardlib-gofish-table",
        ("[title='ask for 2s']", "[title='ask for Ks']"),
    ),
    "rook": (
        "from cardlib.widgets import RookTable\ntable = RookTable(seed=1)\ntable",
        ".cardlib-rook-table",
        ("[title='bid 70']", "[title^='R14']"),
    ),
}

NOTEBOOK = "widget-click-benchmark.ipynb"


def _time_click(page, button, changed_js: str, arg) -> float:
    before = page.evaluate(changed_js, arg)
    t0 = time.perf_counter()
    button.click()
    page.wait_for_function(f"(b) => ({changed_js})(b[1]) !== b[0]", arg=[before, arg])
    return (time.perf_counter() - t0) * 1000


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clicks", type=int, default=30)
    ap.add_argument("--table", choices=list(TABLES), default="golf")
    args = ap.parse_args()
    source, selector, chips = TABLES[args.table]
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        lab = start_jupyter_lab(Path(tmp), Path(tmp) / "server.log")
        try:
            cells = [
                {
                    "cell_type": "code",
                    "metadata": {},
                    "source": s,
                    "outputs": [],
                    "execution_count": None,
                }
                for s in [*CELLS, source]
            ]
            doc = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
            (lab.root_dir / NOTEBOOK).write_text(json.dumps(doc), encoding="utf-8")
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                run_notebook_in(page, lab, NOTEBOOK)
                text_of = "(sel) => document.querySelector(sel).textContent"
                bare = page.locator("button.widget-button", has_text="bare")
                table = page.locator(selector)
                status = f"{selector} .cardlib-status"
                card = table.locator("button[title^='your top-left card']")
                undo = table.locator("button.widget-button", has_text="Undo")

                def bare_click(_i: int) -> float:
                    return _time_click(page, bare, text_of, ".bench-bare .widget-html")

                def table_click(i: int) -> float:
                    if chips is not None:
                        chip = table.locator(f"button{chips[i % 2]}").first
                        return _time_click(page, chip, text_of, status)
                    took = _time_click(page, card, text_of, status)  # Golf: turn a card up
                    before = page.evaluate(text_of, status)
                    undo.click()  # and take it back, untimed
                    page.wait_for_function(
                        f"(b) => ({text_of})(b[1]) !== b[0]", arg=[before, status]
                    )
                    return took

                # paired clicks, the order alternating, so that the page, the kernel and the
                # machine are in the same state for both
                bare_ms, card_ms = [], []
                for i in range(args.clicks):
                    pair = [(bare_ms, bare_click), (card_ms, table_click)]
                    for out, click in pair if i % 2 == 0 else pair[::-1]:
                        out.append(click(i))
                browser.close()
            measured = (lab.root_dir / MEASURED).read_text(encoding="utf-8")
        finally:
            stop_jupyter_lab(lab)
    b, c = statistics.median(bare_ms), statistics.median(card_ms)
    print(f"the kernel's cardlib: {Path(measured).parent}")
    print(f"bare ipywidgets button round trip: median {b:.1f} ms over {len(bare_ms)} clicks")
    print(
        f"{args.table} table click to updated table: median {c:.1f} ms over {len(card_ms)} clicks"
    )
    ratios = [t / u for t, u in zip(card_ms, bare_ms, strict=True)]
    print(
        f"ratio of the medians: {c / b:.2f}; median of the paired ratios: "
        f"{statistics.median(ratios):.2f} (goal: at most 1.5)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
