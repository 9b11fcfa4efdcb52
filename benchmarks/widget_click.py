"""Browser benchmark (not a timed test): the median time from a click on a card of a
GolfTable to the updated table, against a bare ipywidgets button round trip (a click whose
handler sets an HTML widget's value) in the same JupyterLab page.

    PYTHONPATH=$PWD python benchmarks/widget_click.py [--clicks 30]

Needs Debian's chromium and Playwright (as the browser tests do).  Prints both medians in
milliseconds and their ratio.
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

CELLS = [
    "import ipywidgets as w\n"
    "bare_out = w.HTML('0', layout=w.Layout(width='60px'))\n"
    "bare = w.Button(description='bare')\n"
    "def _bump(_b):\n    bare_out.value = str(int(bare_out.value) + 1)\n"
    "bare.on_click(_bump)\n"
    "box = w.HBox([bare, bare_out])\nbox.add_class('bench-bare')\nbox",
    "from cardlib.widgets import GolfTable\ntable = GolfTable(seed=1)\ntable",
]

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
    args = ap.parse_args()
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
                for s in CELLS
            ]
            doc = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
            (lab.root_dir / NOTEBOOK).write_text(json.dumps(doc), encoding="utf-8")
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                run_notebook_in(page, lab, NOTEBOOK)
                text_of = "(sel) => document.querySelector(sel).textContent"
                bare = page.locator("button.widget-button", has_text="bare")
                bare_ms = [
                    _time_click(page, bare, text_of, ".bench-bare .widget-html")
                    for _ in range(args.clicks)
                ]
                table = page.locator(".cardlib-golf-table")
                card = table.locator("button[title^='your top-left card']")
                undo = table.locator("button.widget-button", has_text="Undo")
                card_ms = []
                for _ in range(args.clicks):
                    card_ms.append(
                        _time_click(page, card, text_of, ".cardlib-golf-table .cardlib-status")
                    )
                    before = page.evaluate(text_of, ".cardlib-golf-table .cardlib-status")
                    undo.click()
                    page.wait_for_function(
                        f"(b) => ({text_of})(b[1]) !== b[0]",
                        arg=[before, ".cardlib-golf-table .cardlib-status"],
                    )
                browser.close()
        finally:
            stop_jupyter_lab(lab)
    b, c = statistics.median(bare_ms), statistics.median(card_ms)
    print(f"bare ipywidgets button round trip: median {b:.1f} ms over {len(bare_ms)} clicks")
    print(f"GolfTable card click to updated table: median {c:.1f} ms over {len(card_ms)} clicks")
    print(f"ratio: {c / b:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
