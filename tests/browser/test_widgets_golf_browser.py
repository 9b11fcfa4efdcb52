"""What only the Golf widgets show in JupyterLab in headless Chromium (a legal and a refused
click, Undo, Restart, the deals and a whole hole of every widget are
tests/browser/test_widgets_browser.py's, for every game): no card face down shows a face after
Restart, Undo, New deal and Next deal, the discard pile taken empty says so (issue 17); the
layout scorer's cards and chips, its red suits in red.

The tests write their own small notebook into the served copy (they do not touch
``notebooks/``) and run it once through the harness, in one page; each then clicks the
card pictures of a widget of its own.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import module_notebook
from tests.browser.support import (
    CLIPPED_JS,
    OVERFLOWING_CARDS_JS,
    click_both,
    click_card,
    expect,
    expect_page_shows,
    face_down,
    golf_title_for,
    save_screenshot,
    type_deal,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "widgets-golf-browser.ipynb"
CELLS = [
    "from cardlib.widgets import GolfTable, LayoutScorer\ntable = GolfTable(seed=1)\ntable",
    "scorer = LayoutScorer()\nscorer",
]
POSITIONS = ["top-left", "top-middle", "top-right", "bottom-left", "bottom-middle", "bottom-right"]


@pytest.fixture(scope="module")
def _notebook(module_page, jupyter_lab):
    """The notebook, run once for the module's tests (each clicks a widget of its own)."""
    return module_notebook(jupyter_lab, module_page, NOTEBOOK, CELLS)


@pytest.fixture
def golf_page(_notebook, shared_page):
    return shared_page


def _mine(shown: list[list[object]]) -> list[list[object]]:
    """The learner's six cards as the page shows them."""
    return [card for card in shown if str(card[0]).startswith("your ")]


def _all_backs(shown: list[list[object]]) -> bool:
    mine = _mine(shown)
    return len(mine) == 6 and all(down and not str(text).strip() for _t, text, down in mine)


def _play_to_the_end(table, twin) -> list[list[object]]:
    """The learner draws and puts each card over a face-down one, until the hole is over."""
    shown: list[list[object]] = []
    while not twin.game.is_over:
        legal = twin.session.legal()
        down = [
            m
            for m in legal
            if m.kind == "replace" and not twin.game.layouts["Learner"].up[m.position]
        ]
        move = next((m for m in legal if m.kind in ("flip", "draw")), None) or (down or legal)[0]
        shown = click_card(table, twin, golf_title_for(twin, move))
    return shown


def test_golf_table_shows_no_face_on_a_back_after_restart_undo_and_new_deal(golf_page):
    from cardlib.widgets import GolfTable

    twin = GolfTable(seed=1)
    table = golf_page.locator(".cardlib-golf-table")
    expect(table).to_have_count(1)
    table.scroll_into_view_if_needed()
    shown = expect_page_shows(table, twin, "the deal")
    assert _all_backs(shown), shown

    # Two cards up, then Restart: the backs must not keep the faces they showed.
    click_card(table, twin, "your top-left card: face down")
    shown = click_card(table, twin, "your top-right card: face down")
    assert len(face_down(_mine(shown))) == 4
    shown = click_both(table, twin, "Restart")
    assert _all_backs(shown), shown

    # Take the only discard: the pile says it is empty (it showed the card taken).
    click_card(table, twin, "your top-left card: face down")
    click_card(table, twin, "your bottom-right card: face down")
    assert len(twin.game.discard) == 1
    shown = click_card(table, twin, str(twin.take_button.tooltip))
    pile = [c for c in shown if str(c[0]).startswith("the discard pile")]
    assert pile == [["the discard pile: empty", "empty", False]], pile
    expect(table.locator("button.cardlib-empty")).to_have_count(1)
    save_screenshot(table, "golf-table-took-the-only-discard.png")
    shown = click_both(table, twin, "Undo")
    expect(table.locator("button.cardlib-empty")).to_have_count(0)

    # Play the hole to its end: every card of the learner's is shown face up.
    shown = _play_to_the_end(table, twin)
    expect(table.locator(".cardlib-status")).to_contain_text("The hole is over (GOLF-END)")
    assert face_down(_mine(shown)) == [] and all(str(t).strip() for _n, t, _d in _mine(shown))
    save_screenshot(table, "golf-table-hole-over.png")

    # New deal with the box unchanged deals the same number again; its backs show nothing.
    shown = click_both(table, twin, "New deal")
    expect(table.locator(".cardlib-status")).to_contain_text("seed 1")
    assert _all_backs(shown), shown
    shown = click_both(table, twin, "Next deal")
    expect(table.locator(".cardlib-status")).to_contain_text("seed 2")
    assert _all_backs(shown), shown
    type_deal(table, twin, 17)
    click_card(table, twin, "your top-left card: face down")
    shown = click_both(table, twin, "New deal")
    expect(table.locator(".cardlib-status")).to_contain_text("seed 17")
    assert _all_backs(shown), shown
    assert table.evaluate(OVERFLOWING_CARDS_JS) == []
    save_screenshot(table, "golf-table-new-deal.png")


def test_layout_scorer_cards_and_chips_in_the_browser(golf_page):
    from cardlib.widgets import LayoutScorer

    twin = LayoutScorer()
    scorer = golf_page.locator(".cardlib-layout-scorer")
    expect(scorer).to_have_count(1)
    scorer.scroll_into_view_if_needed()
    result = scorer.locator(".widget-html").last
    expect_page_shows(scorer, twin, "the start", status=None)
    click_card(scorer, twin, "bottom-left: 8C (8 of clubs)", status=None)
    click_card(scorer, twin, "rank Q", status=None)  # 8C -> QC: legal
    expect(result).to_contain_text("Total: 27")
    click_card(scorer, twin, "suit hearts", status=None)  # QC -> QH: already top-right
    expect(result.locator(".cardlib-refusal")).to_contain_text("GOLF-DECK")
    shown = click_card(scorer, twin, "suit diamonds", status=None)  # QD: the refusal is gone
    expect(result).to_contain_text("Total: 27")
    assert ["bottom-left: QD (Q of diamonds)", "Q\n♦", False] in shown, shown
    # the cards are drawn once (the buttons), the red suits in red
    expect(scorer.locator(".cardlib-card")).to_have_count(0)
    red, black = "rgb(192, 57, 43)", "rgb(27, 27, 27)"
    for suit, colour in (("hearts", red), ("diamonds", red), ("spades", black), ("clubs", black)):
        expect(scorer.locator(f"button[title='suit {suit}']")).to_have_css("color", colour)
    expect(scorer.locator("button[title^='bottom-left:']")).to_have_css("color", red)
    assert scorer.evaluate(CLIPPED_JS) == []
    assert scorer.evaluate(OVERFLOWING_CARDS_JS) == []
    save_screenshot(scorer, "golf-layout-scorer-widget.png")
