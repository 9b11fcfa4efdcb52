"""What only the Rook widgets show in JupyterLab in headless Chromium (a legal and a refused
click, Undo, Restart, the deals and a whole game of every widget are
tests/browser/test_widgets_browser.py's, for every game): a refused lay-aside keeps the cards
chosen; the trainer tells each trick and draws its history, through the article's hand; the
bidding panel says what comes after the auction; and issue 28's repro (West picks up the
nest) names no hidden card on the page until the nest is turned up.

The tests write their own small notebook into the served copy (they do not touch
``notebooks/``) and run it once through the harness, in one page; each then clicks the
card pictures of a widget of its own (marked with the test's class, :data:`CELLS`).
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import module_notebook
from tests.browser.support import (
    CLIPPED_JS,
    OVERFLOWING_CARDS_JS,
    click_card,
    expect,
    expect_page_shows,
    hidden_named,
    save_screenshot,
    status_changes,
)
from tests.support.seats import Known

pytestmark = pytest.mark.browser

NOTEBOOK = "widgets-rook-browser.ipynb"
#: each test's widget, built with the same arguments as its twin, marked with the test's class
WIDGETS = {
    "lay-aside": "RookTable(seed=1)",
    "trick": "TrickTrainer('East')",
    "auction": "BiddingPanel()",
    "article-hand": "TrickTrainer('East')",
    "issue-28": "RookTable(seed=1)",
}
CELLS = ["from cardlib.widgets import BiddingPanel, RookTable, TrickTrainer"] + [
    f"w = {built}\nw.add_class('test-{test}')\nw" for test, built in WIDGETS.items()
]


@pytest.fixture(scope="module")
def _notebook(module_page, jupyter_lab):
    """The notebook, run once for the module's tests (each clicks a widget of its own)."""
    return module_notebook(jupyter_lab, module_page, NOTEBOOK, CELLS)


@pytest.fixture
def rook_page(_notebook, shared_page):
    return shared_page


def _widget(page, selector):
    widget = page.locator(selector)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()
    return widget, widget.locator(".cardlib-status")


def test_rook_table_keeps_the_cards_chosen_when_a_lay_aside_is_refused(rook_page):
    table, status = _widget(rook_page, ".test-lay-aside.cardlib-rook-table")
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


def test_trick_trainer_tells_the_trick_and_draws_its_history(rook_page):
    trainer, status = _widget(rook_page, ".test-trick.cardlib-rook-trainer")
    with status_changes(status, "playing Y5"):
        trainer.locator("button[title='Y5: yellow 5, 5 points']").click()
    expect(status.locator(".cardlib-refusal")).to_have_count(0)
    expect(status).to_contain_text("trick 1 to South with Y12, counters 15")
    expect(trainer.locator(".cardlib-rook-history")).to_contain_text("South, 15")
    assert trainer.evaluate(CLIPPED_JS) == []
    save_screenshot(trainer, "rook-trainer-widget.png")


def test_bidding_panel_after_the_auction_says_what_comes_next(rook_page):
    panel, status = _widget(rook_page, ".test-auction.cardlib-rook-bidding")
    with status_changes(status, "bidding 70"):
        panel.locator("button[title='bid 70']").click()
    expect(status).to_contain_text("North: bid 70")
    for who in ("East", "South", "West"):
        with status_changes(status, f"{who} passing"):
            panel.locator("button[title='pass']").click()
    expect(status).to_contain_text("won the auction at 70")
    # after the auction the panel has no control to lay cards aside: it says what comes
    # next instead of suggesting a move it cannot make (issue 19)
    with status_changes(status, "a bid after the auction"):
        panel.locator("button[title='bid 80']").click()
    refusal = status.locator(".cardlib-refusal")
    expect(refusal).to_contain_text("ROOK-BID-WIN")
    expect(refusal).to_contain_text(
        "Legal instead: none with these controls: what comes next is laying five cards aside"
    )
    expect(refusal).not_to_contain_text("lay aside any")


# -- what the page shows is true (issue 17) -----------------------------------------------


def _card_title(twin, card) -> str:
    return str(twin._card_button(card).tooltip)


def _cards(shown: list[list[object]]) -> list[str]:
    """The labels of the card buttons shown (not the chips): a card's title starts with it."""
    return [str(c[0]).split(":")[0] for c in shown if str(c[0])[:1] in "RYBG" and ":" in str(c[0])]


def test_trick_trainer_plays_the_articles_hand_to_its_end(rook_page):
    from cardlib.rook.article import ARTICLE_TRICKS
    from cardlib.widgets import TrickTrainer

    twin = TrickTrainer("East")
    trainer, status = _widget(rook_page, ".test-article-hand.cardlib-rook-trainer")
    dealt = expect_page_shows(trainer, twin, "the start")
    assert len(_cards(dealt)) == 9
    expect(trainer.locator(".cardlib-rook-hand")).to_contain_text("9 cards: the buttons below")
    for trick in ARTICLE_TRICKS:
        card = dict(trick)["East"]
        click_card(trainer, twin, _card_title(twin, twin.button(card).value))
    expect(status).to_contain_text("The hand is over")
    expect(trainer.locator(".cardlib-rook-cards button")).to_have_count(0)
    # the trick history's small cards show their points unclipped
    expect(trainer.locator(".cardlib-rook-history tr")).to_have_count(9)
    assert trainer.evaluate(OVERFLOWING_CARDS_JS) == []
    save_screenshot(trainer, "rook-trainer-hand-over.png")


def test_issue_28s_repro_names_no_hidden_card_on_the_page(rook_page):
    """Pass at ``RookTable(seed=1)``: West wins the auction and picks up the nest, which is
    not named until the hand is over; with the last trick the nest is turned up
    (ROOK-NEST-LAST)."""
    from cardlib.widgets import RookTable

    twin = RookTable(seed=1)
    table, status = _widget(rook_page, ".test-issue-28.cardlib-rook-table")
    known = Known("rook")
    assert hidden_named(table, twin, known, "the deal") == []
    click_card(table, twin, "pass")
    assert twin.hand.bidder == "West" and twin.hand.phase == "play"
    assert hidden_named(table, twin, known, "passing: West wins the auction") == []
    expect(status).to_contain_text("West picks up the nest and lays five cards aside")
    expect(status).to_contain_text("West lays five cards aside as the new nest")
    while not twin.hand.is_over:
        card = twin.session.legal()[0].card
        click_card(table, twin, _card_title(twin, card))
        assert hidden_named(table, twin, known, f"playing {card}") == []
    expect(status).to_contain_text("The hand is over")
    expect(table.locator(".cardlib-rook-nest .cardlib-card")).to_have_count(5)
    expect(table.locator(".cardlib-rook-nest .cardlib-back")).to_have_count(0)
    save_screenshot(table, "rook-table-seat-hand-over.png")
