"""The Golf widgets in JupyterLab in headless Chromium: the cards are buttons a learner
clicks; one legal and one illegal click each, the refusal visible, nothing clipped.

The test writes its own small notebook into the served copy (it does not touch
``notebooks/``), runs it through the harness, then clicks the card pictures.
"""

from __future__ import annotations

import pytest

from tests.browser.support import CLIPPED_JS, expect, save_screenshot, status_changes, write_cells

pytestmark = pytest.mark.browser

NOTEBOOK = "widgets-golf-browser.ipynb"
CELLS = [
    "from cardlib.widgets import GolfTable, LayoutScorer\ntable = GolfTable(seed=1)\ntable",
    "scorer = LayoutScorer()\nscorer",
]


@pytest.fixture
def golf_page(page, jupyter_lab, run_notebook):
    write_cells(jupyter_lab, NOTEBOOK, CELLS)
    run_notebook(page, NOTEBOOK)
    return page


def test_golf_table_cards_are_clicked_in_the_browser(golf_page):
    table = golf_page.locator(".cardlib-golf-table")
    expect(table).to_have_count(1)
    table.scroll_into_view_if_needed()
    status = table.locator(".cardlib-status")
    with status_changes(status, "clicking the stock during the opening flips"):
        table.locator("button[title^='the stock']").click()
    expect(status.locator(".cardlib-refusal")).to_contain_text("GOLF-FLIP-TWO")
    expect(status.locator(".cardlib-refusal")).to_contain_text("Legal instead: flip TL")
    with status_changes(status, "clicking a face-down card"):
        table.locator("button[title='your top-left card: face down']").click()
    expect(status).to_contain_text("Learner turns up top-left")
    expect(status.locator(".cardlib-refusal")).to_have_count(0)
    assert table.evaluate(CLIPPED_JS) == []
    save_screenshot(table, "golf-table-widget.png")


def test_layout_scorer_cards_and_chips_in_the_browser(golf_page):
    scorer = golf_page.locator(".cardlib-layout-scorer")
    expect(scorer).to_have_count(1)
    scorer.scroll_into_view_if_needed()
    result = scorer.locator(".widget-html").last
    scorer.locator("button[title^='bottom-left']").click()
    scorer.locator("button[title='rank Q']").click()  # 8C -> QC: legal
    expect(result).to_contain_text("Total: 27")
    scorer.locator("button[title='suit hearts']").click()  # QC -> QH: already top-right
    expect(result.locator(".cardlib-refusal")).to_contain_text("GOLF-DECK")
    assert scorer.evaluate(CLIPPED_JS) == []
    save_screenshot(scorer, "golf-layout-scorer-widget.png")
