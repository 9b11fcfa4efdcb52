"""What only the Go Fish widgets show in JupyterLab in headless Chromium (a legal and a
refused click, Undo, Restart, the deals and a whole game of every widget are
tests/browser/test_widgets_browser.py's, for every game): the sandbox's buttons show the hand
of whoever asks, through a whole game and a change of rule set; and issue 28's repro at the
table (Bot 1 fishes a card that is not the rank asked for) names no hidden card on the page.

The tests write their own small notebook into the served copy (they do not touch
``notebooks/``) and run it once through the harness, in one page; each then clicks the
card pictures of a widget of its own.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import module_notebook
from tests.browser.support import (
    OVERFLOWING_CARDS_JS,
    click_both,
    click_card,
    expect,
    expect_page_shows,
    hidden_named,
    save_screenshot,
)
from tests.support.seats import Known

pytestmark = pytest.mark.browser

NOTEBOOK = "widgets-gofish-browser.ipynb"
CELLS = [
    "from cardlib.widgets import AskSandbox, GoFishTable\ntable = GoFishTable(seed=1)\ntable",
    "sandbox = AskSandbox()\nsandbox",
]


@pytest.fixture(scope="module")
def _notebook(module_page, jupyter_lab):
    """The notebook, run once for the module's tests (each clicks a widget of its own)."""
    return module_notebook(jupyter_lab, module_page, NOTEBOOK, CELLS)


@pytest.fixture
def gofish_page(_notebook, shared_page):
    return shared_page


# -- what the page shows is true (issue 17) -----------------------------------------------


def _ask(box, twin, move) -> list[list[object]]:
    """Make ``move`` as a learner does: the player's chip (if not chosen), then a card of
    the hand of that rank; on the page and on the twin, waiting for the page each time."""
    if twin.target.value != move.target:
        click_card(box, twin, f"ask {move.target}")
    (card,) = [
        b for b in twin.hand_buttons if b.layout.display != "none" and b.value.rank == move.rank
    ][:1]
    return click_card(box, twin, str(card.tooltip))


def _a_good_request(twin):
    """A legal request for a rank the player asked holds, if there is one (the game ends
    sooner); else the first legal request."""
    legal = twin.session.legal()
    hits = [m for m in legal if any(c.rank == m.rank for c in twin.game.hand(m.target))]
    return (hits or legal)[0]


def _hand(shown: list[list[object]]) -> list[list[object]]:
    """The hand's card buttons as the page shows them (not the chips)."""
    return [c for c in shown if ": ask for " in str(c[0])]


def test_ask_sandbox_shows_each_askers_hand_truly(gofish_page):
    from cardlib.gofish import GoFishMove
    from cardlib.widgets import AskSandbox

    twin = AskSandbox()
    box = gofish_page.locator(".cardlib-gofish-sandbox")
    expect(box).to_have_count(1)
    box.scroll_into_view_if_needed()
    start = _hand(expect_page_shows(box, twin, "the start"))
    assert [c[1] for c in start] == ["5\n♠", "8\n♠", "9\n♠", "Q\n♠"], start
    # the asker's cards are drawn once: as the buttons, not again in the picture
    expect(box.locator(".cardlib-gofish-game")).to_contain_text("cards: the buttons below")
    _ask(box, twin, GoFishMove.parse("ask An 8"))
    expect(box.locator(".cardlib-status")).to_contain_text("Handed over: 8D, 8H (GF-GIVE-ALL)")
    _ask(box, twin, GoFishMove.parse("ask Mei 8"))  # a book: the 8s leave the hand
    shown = _ask(box, twin, GoFishMove.parse("ask An 9"))  # no 9: Lin fishes, An asks next
    assert twin.game.to_move == "An"
    assert [c[1] for c in _hand(shown)] == [
        f"{c.rank.symbol}\n{c.suit.symbol}" for c in twin.game.hand("An")
    ]
    save_screenshot(box, "gofish-sandbox-an-asks.png")
    shown = click_both(box, twin, "Undo")
    assert twin.game.to_move == "Lin"
    shown = click_both(box, twin, "Reset")
    assert _hand(shown) == start, shown
    # to the end of the game: whoever asks, the buttons show that player's hand
    moves = 0
    while not twin.game.is_over and moves < 60:
        shown = _ask(box, twin, _a_good_request(twin))
        assert [c[1] for c in _hand(shown)] == [
            f"{c.rank.symbol}\n{c.suit.symbol}" for c in twin.game.hand(twin.session.mover)
        ]
        moves += 1
    assert twin.game.is_over, moves
    expect(box.locator(".cardlib-status")).to_contain_text("the game is over")
    save_screenshot(box, "gofish-sandbox-game-over.png")
    shown = click_both(box, twin, "Reset")
    assert _hand(shown) == start, shown
    box.locator(".widget-dropdown").filter(
        has=gofish_page.locator("label", has_text="Rule set")
    ).locator("select").select_option("bicycle")
    twin.rule_set.value = "bicycle"
    shown = expect_page_shows(box, twin, "choosing the bicycle rules")
    assert _hand(shown) == start
    assert box.evaluate(OVERFLOWING_CARDS_JS) == []


def test_issue_28s_repro_names_no_hidden_card_on_the_page(gofish_page):
    """Asking Bot 2 for 9s at ``GoFishTable(seed=1)``: Bot 1 fishes a card that is not a 4,
    and keeps it unnamed (a whole game's clicks are tests/browser/test_widgets_browser.py's)."""
    from cardlib.widgets import GoFishTable

    twin = GoFishTable(seed=1)
    table = gofish_page.locator(".cardlib-gofish-table")
    expect(table).to_have_count(1)
    table.scroll_into_view_if_needed()
    known = Known("go-fish")
    assert hidden_named(table, twin, known, "the deal") == []
    click_card(table, twin, "ask Bot 2")
    nine = next(b for b in twin.hand_buttons if b.value.rank == 9)
    click_card(table, twin, str(nine.tooltip))
    assert hidden_named(table, twin, known, "asking Bot 2 for 9s") == []
    status = table.locator(".cardlib-status")
    expect(status).to_contain_text('Bot 2 says "Go fish" and Bot 1 draws a card (GF-GO-FISH)')
    expect(status).to_contain_text("it is not the 4 asked for, so Bot 1 keeps it")
