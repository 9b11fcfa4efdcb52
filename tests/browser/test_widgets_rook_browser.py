"""The Rook widgets in JupyterLab in headless Chromium: the cards, bid chips and colours are
buttons a learner clicks; one legal and one illegal click each, the refusal visible, a
screenshot kept, nothing clipped.

The test writes its own small notebook into the served copy (it does not touch
``notebooks/``), runs it through the harness, then clicks the card pictures.
"""

from __future__ import annotations

import pytest

from tests.browser.support import CLIPPED_JS, expect, save_screenshot, status_changes, write_cells

pytestmark = pytest.mark.browser

NOTEBOOK = "widgets-rook-browser.ipynb"
CELLS = [
    "from cardlib.widgets import BiddingPanel, RookTable, TrickTrainer\n"
    "table = RookTable(seed=1)\ntable",
    "trainer = TrickTrainer('East')\ntrainer",
    "panel = BiddingPanel()\npanel",
]


@pytest.fixture
def rook_page(page, jupyter_lab, run_notebook):
    write_cells(jupyter_lab, NOTEBOOK, CELLS)
    run_notebook(page, NOTEBOOK)
    return page


def _widget(page, selector):
    widget = page.locator(selector)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()
    return widget, widget.locator(".cardlib-status")


def test_rook_table_chips_and_cards_are_clicked_in_the_browser(rook_page):
    table, status = _widget(rook_page, ".cardlib-rook-table")
    with status_changes(status, "bidding 70 when the bid stands at 70"):
        table.locator("button[title='bid 70']").click()
    expect(status.locator(".cardlib-refusal")).to_contain_text("ROOK-BID-RAISE")
    expect(status.locator(".cardlib-refusal")).to_contain_text("Legal instead: bid 75 to 120")
    with status_changes(status, "bidding 120"):
        table.locator("button[title='bid 120']").click()
    expect(status.locator(".cardlib-refusal")).to_have_count(0)
    expect(status).to_contain_text("You won the auction at 120")
    cards = table.locator(".cardlib-rook-cards button")
    expect(cards).to_have_count(14)
    for i in range(4):
        cards.nth(i).click()
    expect(status).to_contain_text("(4 chosen)")
    with status_changes(status, "laying four cards aside"):
        table.locator("button", has_text="Lay aside").click()
    expect(status.locator(".cardlib-refusal")).to_contain_text("ROOK-NEST-TAKE")
    expect(status).to_contain_text("(4 chosen)")  # the refused lay-aside kept them
    assert table.evaluate(CLIPPED_JS) == []
    save_screenshot(table, "rook-table-widget.png")


def test_trick_trainer_card_pictures_are_clicked_in_the_browser(rook_page):
    trainer, status = _widget(rook_page, ".cardlib-rook-trainer")
    with status_changes(status, "playing G12 when East must follow yellow"):
        trainer.locator("button[title='G12: green 12']").click()
    refusal = status.locator(".cardlib-refusal")
    expect(refusal).to_contain_text("ROOK-FOLLOW")
    expect(refusal).to_contain_text("Legal instead: play Y5, play Y7")
    with status_changes(status, "playing Y5"):
        trainer.locator("button[title='Y5: yellow 5, 5 points']").click()
    expect(status.locator(".cardlib-refusal")).to_have_count(0)
    expect(status).to_contain_text("trick 1 to South with Y12, counters 15")
    expect(trainer.locator(".cardlib-rook-history")).to_contain_text("South, 15")
    assert trainer.evaluate(CLIPPED_JS) == []
    save_screenshot(trainer, "rook-trainer-widget.png")


def test_bidding_panel_chips_are_clicked_in_the_browser(rook_page):
    panel, status = _widget(rook_page, ".cardlib-rook-bidding")
    with status_changes(status, "bidding 70"):
        panel.locator("button[title='bid 70']").click()
    expect(status).to_contain_text("North: bid 70")
    with status_changes(status, "East bidding 70 again"):
        panel.locator("button[title='bid 70']").click()
    expect(status.locator(".cardlib-refusal")).to_contain_text("ROOK-BID-RAISE")
    assert panel.evaluate(CLIPPED_JS) == []
    save_screenshot(panel, "rook-bidding-widget.png")
