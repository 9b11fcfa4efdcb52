"""Every registered game's widgets (:attr:`cardlib.games.GameSpec.widgets`) in JupyterLab in
headless Chromium, played as a learner plays them: by clicking the card buttons and chips
on the page.

For each widget that plays a game, built with its defaults in a small notebook of one cell a
widget (written into the served copy, never ``notebooks/``, and run once, in one page, for
every widget's test): the moves its game's data refuses
(``tests/<package>/widget_data.py``, see :mod:`tests.support.widgets`) show the rule's ID
and the words of the refusal; then legal moves, clicked among the controls marked legal
("show legal moves" on), to the end of the game (or of what its controls can play); Undo;
Restart (or Reset) shows the start again; New deal with the Deal box unchanged deals the same
cards, Next deal the next number, and a number typed in the box is dealt.  Nothing is
clipped and no card's text overflows it.

Each click is made on the page and on a twin of the widget built in the test's process;
after each, the test WAITS until the page shows what the twin shows (every card button's
title, text and face-down state, the headline, the latest line of the story) before it
reads the page, so that it checks the state it means to check on a busy machine.  Then the
page's text (what is written, card by card, every title, every field's value and every
dropdown's option) names no card the learner's seats may not know (issue 28): the oracle is
the twin's game, replayed (:class:`tests.support.seats.Known`).  A game with no widget is
skipped, saying so; a game registered from outside cardlib (the tiny game) is registered in
the notebook's kernel from where its spec is.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardlib.games import BUILT_IN, GAMES
from cardlib.widgets.controls import CardButton
from tests.browser import support as ui
from tests.browser.conftest import PAGE_LOAD_TIMEOUT, module_notebook
from tests.conftest import ROOT
from tests.support.seats import Known
from tests.support.widgets import (
    confirms,
    control,
    legal_move_clicks,
    marked,
    refusals,
    widget_cases,
)

pytestmark = pytest.mark.browser

#: learner's moves at the most before Undo, Restart and the deals (a Go Fish game may be long)
MOST_MOVES = 80


def spec_at(game_id: str) -> str:
    """Where a game's spec is (``"module:NAME"``): its registry line, or, for a game
    registered by code (the tiny game), its package's ``SPEC`` (docs/architecture.md,
    "Adding a game": a game's ``__init__.py`` gives its spec), the package being the folder
    of its claims module."""
    if game_id in BUILT_IN:
        return BUILT_IN[game_id]
    return f"{GAMES[game_id].claims_module.rpartition('.')[0]}:SPEC"


def under_test(game_id: str, name: str) -> str:
    """The class that marks the widget ``name`` of ``game_id`` on the page."""
    return f"cardlib-under-test-{game_id}-{name}"


def cell(game_id: str, name: str) -> str:
    """A notebook cell that shows the widget ``name`` of ``game_id``, built with its
    defaults and marked with :func:`under_test`, the game registered first if the kernel
    does not know it."""
    return (
        "import sys\n"
        "from pkgutil import resolve_name\n"
        "from cardlib.games import GAMES, register\n"
        f"if {game_id!r} not in GAMES:  # a game from outside cardlib: from the repository\n"
        f"    sys.path.insert(0, {str(ROOT)!r})\n"
        f"    register(resolve_name({spec_at(game_id)!r}))\n"
        f"widget = GAMES[{game_id!r}].widget({name!r})()\n"
        f"widget.add_class({under_test(game_id, name)!r})\n"
        "widget"
    )


def click(box: Any, twin: Any, control: Any) -> None:
    """Click ``control`` of the twin, and the same control of the page (by its title, or
    a plain button's label), waiting until the page shows what the twin shows."""
    if isinstance(control, CardButton):
        ui.click_card(box, twin, str(control.tooltip))
    else:
        ui.click_both(box, twin, str(control.description))


@pytest.fixture(scope="module")
def _notebook(module_page, jupyter_lab):
    """Every widget of every registered game, a cell each, run once for the module."""
    cells = [cell(*case.values) for case in widget_cases()]
    return module_notebook(jupyter_lab, module_page, "widgets-every-game.ipynb", cells)


@pytest.mark.parametrize(("game_id", "name"), widget_cases())
def test_a_learner_plays_the_widget_on_the_page(game_id, name, _notebook, shared_page):
    twin = GAMES[game_id].widget(name)()
    if getattr(twin, "session", None) is None:
        pytest.skip(f"{name} plays no game (no table session)")
    box = shared_page.locator(f".{under_test(game_id, name)}")
    ui.expect(box, f"the {name}").to_have_count(1, timeout=PAGE_LOAD_TIMEOUT)
    box.scroll_into_view_if_needed()
    status = box.locator(".cardlib-status")
    known = Known(game_id)
    assert ui.hidden_named(box, twin, known, "the start") == []
    start = ui.expect_page_shows(box, twin, "the start")
    toggle = box.locator("button.widget-toggle-button", has_text="Show legal moves")
    ui.expect(toggle).to_have_count(1)
    toggle.click()
    twin.show_legal.value = True
    restart = str(twin.restart_button.description)  # Restart, or a sandbox's Reset

    # a move the rules refuse: its rule and its words shown, nothing clipped
    for titles, rule, words in refusals(game_id, name):
        for title in titles:
            click(box, twin, control(twin, title))
        refusal = status.locator(".cardlib-refusal")
        ui.expect(refusal, f"the refusal after clicking {titles}").to_contain_text(rule)
        for said in words:
            ui.expect(refusal).to_contain_text(said)
        assert box.evaluate(ui.CLIPPED_JS) == []
        ui.save_screenshot(box, f"widget-{game_id}-{name}-refused.png")
        assert ui.click_both(box, twin, restart) == start

    # legal moves to the end: after each click the page names no card hidden from the learner
    rng = random.Random(f"{game_id}-{name}")
    moves = 0
    while not twin.session.game.is_over and moves < MOST_MOVES and marked(twin):
        for button in legal_move_clicks(twin, rng, confirms(game_id, name)):
            click(box, twin, button)
            assert ui.hidden_named(box, twin, known, f"move {moves + 1}") == []
        moves += 1
    ui.expect(status.locator(".cardlib-refusal")).to_have_count(0)
    ui.save_screenshot(box, f"widget-{game_id}-{name}-played.png")
    assert box.evaluate(ui.OVERFLOWING_CARDS_JS) == []

    # Undo, Restart, New deal (the box unchanged: the same deal), Next deal, a typed number
    if twin.session.can_undo:
        ui.click_both(box, twin, "Undo")
    assert ui.click_both(box, twin, restart) == start
    if twin.session.deal is not None:
        seed = twin.session.seed
        assert ui.click_both(box, twin, "New deal") == start
        ui.click_both(box, twin, "Next deal")
        ui.expect(status).to_contain_text(f"seed {seed + 1}")
        ui.type_deal(box, twin, 17)
        ui.click_both(box, twin, "New deal")
        ui.expect(status).to_contain_text("seed 17")
        assert ui.hidden_named(box, twin, known, "deal 17") == []
    assert box.evaluate(ui.OVERFLOWING_CARDS_JS) == []
    assert box.evaluate(ui.CLIPPED_JS) == []
