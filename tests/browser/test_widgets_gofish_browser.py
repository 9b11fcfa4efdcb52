"""The Go Fish widgets in JupyterLab in headless Chromium: the player chips and the cards
of the hand are buttons a learner clicks; one legal and one illegal click each, the refusal
visible, nothing clipped; and what the page shows is true (issue 17): after every request,
Undo, Restart, New deal, Next deal and at the end of a game, every card button's text is that
of a twin of the widget built in the test's process.

The test writes its own small notebook into the served copy (it does not touch
``notebooks/``), runs it through the harness, then clicks the card pictures.
"""

from __future__ import annotations

import pytest

from tests.browser.support import (
    CLIPPED_JS,
    OVERFLOWING_CARDS_JS,
    click_both,
    click_card,
    expect,
    expect_page_shows,
    face_down,
    save_screenshot,
    status_changes,
    type_deal,
    write_cells,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "widgets-gofish-browser.ipynb"
CELLS = [
    "from cardlib.widgets import AskSandbox, GoFishTable\ntable = GoFishTable(seed=1)\ntable",
    "sandbox = AskSandbox()\nsandbox",
]


@pytest.fixture
def gofish_page(page, jupyter_lab, run_notebook):
    write_cells(jupyter_lab, NOTEBOOK, CELLS)
    run_notebook(page, NOTEBOOK)
    return page


def test_gofish_table_cards_are_clicked_in_the_browser(gofish_page):
    table = gofish_page.locator(".cardlib-gofish-table")
    expect(table).to_have_count(1)
    table.scroll_into_view_if_needed()
    status = table.locator(".cardlib-status")
    table.locator("button[title='ask Learner']").click()  # yourself: refused
    with status_changes(status, "asking yourself"):
        table.locator(".cardlib-gofish-hand button").first.click()
    expect(status.locator(".cardlib-refusal")).to_contain_text("GF-ASK-TARGET")
    expect(status.locator(".cardlib-refusal")).to_contain_text("Legal instead: ask Bot 1 or Bot 2")
    table.locator("button[title='ask Bot 1']").click()
    with status_changes(status, "asking Bot 1"):
        table.locator(".cardlib-gofish-hand button").first.click()
    expect(status).to_contain_text("Learner asks Bot 1 for")
    expect(status.locator(".cardlib-refusal")).to_have_count(0)
    assert table.evaluate(CLIPPED_JS) == []
    save_screenshot(table, "gofish-table-widget.png")


def test_ask_sandbox_cards_and_chips_in_the_browser(gofish_page):
    box = gofish_page.locator(".cardlib-gofish-sandbox")
    expect(box).to_have_count(1)
    box.scroll_into_view_if_needed()
    status = box.locator(".cardlib-status")
    box.locator("button[title='ask An']").click()
    with status_changes(status, "asking An for 8s"):
        box.locator("button[title^='8S']").click()
    expect(status).to_contain_text("Handed over: 8D, 8H (GF-GIVE-ALL)")
    with status_changes(status, "asking for kings"):
        box.locator("button[title='ask for Ks']").click()
    expect(status.locator(".cardlib-refusal")).to_contain_text("GF-ASK-HOLD")
    assert box.evaluate(CLIPPED_JS) == []
    save_screenshot(box, "gofish-sandbox-widget.png")


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


def test_gofish_table_shows_the_hand_truly_through_a_whole_game(gofish_page):
    from cardlib.widgets import GoFishTable

    twin = GoFishTable(seed=1)
    table = gofish_page.locator(".cardlib-gofish-table")
    expect(table).to_have_count(1)
    table.scroll_into_view_if_needed()
    dealt = _hand(expect_page_shows(table, twin, "the deal"))
    assert len(dealt) == len(twin.game.hand("Learner")) and not face_down(dealt)
    # the learner's cards are drawn once: as the buttons, not again in the picture
    expect(table.locator(".cardlib-gofish-game")).to_contain_text("cards: the buttons below")
    _ask(table, twin, twin.session.legal()[0])
    _ask(table, twin, twin.session.legal()[0])
    shown = click_both(table, twin, "Undo")
    shown = click_both(table, twin, "Restart")
    assert _hand(shown) == dealt, shown
    moves = 0
    while not twin.game.is_over and moves < 80:
        shown = _ask(table, twin, twin.session.legal()[0])
        moves += 1
    assert twin.game.is_over, moves
    expect(table.locator(".cardlib-status")).to_contain_text("The game is over")
    save_screenshot(table, "gofish-table-game-over.png")
    shown = click_both(table, twin, "New deal")  # the box unchanged: deal 1 again
    assert _hand(shown) == dealt, shown
    click_both(table, twin, "Next deal")
    expect(table.locator(".cardlib-status")).to_contain_text("seed 2")
    type_deal(table, twin, 17)
    shown = click_both(table, twin, "New deal")
    expect(table.locator(".cardlib-status")).to_contain_text("seed 17")
    assert not face_down(shown)
    assert table.evaluate(OVERFLOWING_CARDS_JS) == []
    assert table.evaluate(CLIPPED_JS) == []


def test_ask_sandbox_shows_each_askers_hand_truly(gofish_page):
    from cardlib.gofish import GoFishMove
    from cardlib.widgets import AskSandbox

    twin = AskSandbox()
    box = gofish_page.locator(".cardlib-gofish-sandbox")
    expect(box).to_have_count(1)
    box.scroll_into_view_if_needed()
    start = _hand(expect_page_shows(box, twin, "the start"))
    assert [c[1] for c in start] == ["5\n♠", "8\n♠", "9\n♠", "Q\n♠"], start
    _ask(box, twin, GoFishMove.parse("ask An 8"))
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
