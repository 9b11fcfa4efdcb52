"""Every registered game's widgets (:attr:`cardlib.games.GameSpec.widgets`), driven as a
learner drives them: by their own controls (``.click()``), each built with its defaults.

For each widget that plays a game (it stands on a table session): a legal move made by
clicking the controls marked legal ("show legal moves" on) is made, the computer players
answer and it is the learner's turn again; Undo takes it back with the replies, and the same
clicks again give the same replies; Restart deals the same cards; New deal deals the number
in the Deal box (unchanged: the same deal again), Next deal the next; a table of one given
position has no other deals and says so; a move the rules refuse shows the rule's ID and
the words of its reason and of what is legal instead, and changes nothing; a broken engine
is said in words and changes nothing; random clicks never let an exception escape, and no
text of the table names a card the learner's seats may not know until the game shows it;
every button has a name a screen reader says.  A game with no widget is skipped, saying so.

A game supplies data, not test code: ``tests/<its package>/widget_data.py`` (see
:mod:`tests.support.widgets`) gives the clicks a widget refuses (``REFUSED``) and the
buttons that make a move of what is chosen (``CONFIRM``).  What the learner's seats may
know is the game's record replayed (:class:`tests.support.seats.Known`), with what its
sources show the table (``tests/<its package>/shown.py``, where it has one).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

w = pytest.importorskip("ipywidgets")

from cardlib.games import GAMES  # noqa: E402
from cardlib.widgets.controls import CardButton  # noqa: E402
from tests.support.seats import Known, click_something, named, texts  # noqa: E402
from tests.support.widgets import (  # noqa: E402
    confirms,
    control,
    legal_move_clicks,
    marked,
    refusals,
    shown,
    shown_tree,
    state,
    widget_cases,
)

CASES = widget_cases()
#: the random clicks' seeds: the first in make quick, the others slow (test_widgets_fuzz.py's
#: state machine clicks at random through every widget with the same seat oracle too)
SEEDS = (4, *(pytest.param(s, marks=pytest.mark.slow) for s in (5, 6)))
CLICKS = 200


@pytest.fixture
def fatal_clicks(monkeypatch, tmp_path):
    """An exception in a click handler fails the test (ipywidgets would only log it); what
    Save writes goes to the test's folder."""
    monkeypatch.chdir(tmp_path)

    def call(self, *args, **kwargs):
        for callback in self.callbacks:
            callback(*args, **kwargs)

    monkeypatch.setattr(w.CallbackDispatcher, "__call__", call)


@pytest.fixture
def table(game_id, name, fatal_clicks):
    """The widget ``name`` of ``game_id``, built with its defaults, "show legal moves" on."""
    widget = GAMES[game_id].widget(name)()
    if getattr(widget, "session", None) is None:
        pytest.skip(f"{name} plays no game (no table session)")
    widget.show_legal.value = True
    return widget


def play(widget: Any, rng: random.Random, game_id: str, name: str) -> list[str]:
    """Make one legal move by clicking; the titles clicked."""
    clicked = []
    for button in legal_move_clicks(widget, rng, confirms(game_id, name)):
        clicked.append(button.tooltip if isinstance(button, CardButton) else button.description)
        button.click()
    return clicked


def again(widget: Any, titles: list[str]) -> None:
    for title in titles:
        control(widget, title).click()


def is_learners_turn(widget: Any) -> None:
    """The computer players have moved until it is a learner's turn (or the game is over),
    and the session's steps are the moves of the game's record."""
    s = widget.session
    assert s.learner_to_move or s.game.is_over, widget.text
    made = [(p, str(m)) for p, m in s.game.history]
    assert [(st.player, st.move) for st in s.steps] == made[len(made) - len(s.steps) :]


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_a_legal_move_by_clicking_and_undo_takes_it_back_with_the_replies(game_id, name, table):
    s = table.session
    is_learners_turn(table)
    assert all(not st.by_learner for st in s.steps)
    assert table.undo_button.disabled and not s.can_undo
    rng = random.Random(f"{game_id}-{name}")
    before = state(table)
    assert marked(table), f"nothing is marked legal: {table.text}"
    clicks = play(table, rng, game_id, name)
    assert s.refusal is None and not s.problem, table.text
    assert any(st.by_learner for st in s.steps) and state(table) != before
    assert 'class="cardlib-refusal"' not in table.status.value
    is_learners_turn(table)
    assert not table.undo_button.disabled and s.can_undo
    if not s.game.is_over:
        play(table, rng, game_id, name)  # a second move, kept while the third is taken back
    kept = state(table)
    if not s.game.is_over:
        clicks = play(table, rng, game_id, name)
    after = state(table)
    table.undo_button.click()
    assert state(table) == kept, f"Undo did not take back {clicks}: {table.text}"
    again(table, clicks)  # the same clicks, the same replies: the bots' dice were put back
    assert state(table) == after
    while s.can_undo:
        table.undo_button.click()
    assert state(table) == before and table.undo_button.disabled
    table.show_legal.value = False
    assert marked(table) == []


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_restart_deals_the_same_cards_and_new_deal_the_number_in_the_box(game_id, name, table):
    s = table.session
    first = state(table)
    play(table, random.Random(2), game_id, name)
    table.restart_button.click()
    assert state(table) == first and not s.can_undo and table.undo_button.disabled
    if s.deal is None:  # one given position: no New deal, and a click on it says why
        assert table.new_button not in shown_tree(table)
        table.new_button.click()
        assert s.problem == (
            "This table plays one given position, so it has no other deals: Restart (or Reset) "
            "goes back to its start."
        )
        assert "went wrong" not in table.text and state(table) == first
        return
    table.seed_box.value = 17
    table.new_button.click()
    assert s.seed == table.seed_box.value == 17 and state(table) != first
    assert "seed 17" in table.text
    dealt = state(table)
    play(table, random.Random(2), game_id, name)
    table.new_button.click()  # the box unchanged: deal 17 again, as the button says
    assert s.seed == 17 and state(table) == dealt and not s.can_undo
    table.next_button.click()
    assert s.seed == table.seed_box.value == 18 and state(table) not in (dealt, first)
    table.seed_box.value = 1
    table.new_button.click()
    assert state(table) == first


def _refused_cases() -> list[Any]:
    """(game, widget, the index of a refused click of its data) for every widget; None
    where the game's data gives none (the test says so)."""
    found = []
    for case in CASES:
        game_id, name = case.values
        indices = range(len(refusals(game_id, name))) if name else []
        found += [pytest.param(game_id, name, i, id=f"{case.id}-{i}") for i in indices]
        if not indices:
            found.append(pytest.param(game_id, name, None, id=case.id, marks=case.marks))
    return found


@pytest.mark.parametrize(("game_id", "name", "case"), _refused_cases())
def test_a_refused_move_shows_its_rule_and_words_and_changes_nothing(game_id, name, case, table):
    if case is None:
        pytest.skip(f"{game_id}'s tests give no refused click for {name} (widget_data.py)")
    titles, rule, words = refusals(game_id, name)[case]
    *first, last = titles
    again(table, first)
    assert table.session.refusal is None, table.text
    before = state(table)
    control(table, last).click()
    refusal = table.session.refusal
    assert refusal is not None and refusal.rule == rule, table.text
    status = table.status.value
    assert 'class="cardlib-refusal" role="alert"' in status and f"<b>{rule}</b>" in status
    assert f"-- {rule} ({refusal.title}): " in table.text
    for said in words:
        assert said in table.text and said in shown(status), said
    assert state(table) == before and not table.session.problem
    if not table.session.game.is_over:  # a legal move answers the refusal
        play(table, random.Random(1), game_id, name)
        assert table.session.refusal is None and "Refused" not in table.text


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_a_broken_engine_is_said_in_words_and_changes_nothing(game_id, name, table, monkeypatch):
    s = table.session

    def broken(*_args, **_kwargs):
        raise RuntimeError("the engine broke")

    before = state(table)
    monkeypatch.setattr(type(s.game), "play", broken)
    monkeypatch.setattr(type(s.game), "make", broken)
    clicks = legal_move_clicks(table, random.Random(3), confirms(game_id, name))
    for button in clicks:
        button.click()  # no exception escapes (fatal_clicks)
        if s.problem:
            break
    assert "the engine broke" in table.text and "game is unchanged" in table.text
    assert "the engine broke" in table.status.value
    assert state(table) == before


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_random_clicks_never_raise_and_no_widget_names_a_card_the_learners_seat_may_not_know(
    game_id, name, seed, table
):
    """Random clicks (see :func:`tests.support.seats.click_something`) by the table's own
    controls: after every click no text of any widget on the table (a label, an HTML
    picture with its titles, a button's description and tooltip, a dropdown's value and
    options, the widget's ``.text``) names a card the learner's seats may not know, and no
    handler let an exception escape nor said "Something went wrong" (a fault of cardlib).
    A learner at every seat (a sandbox, the bidding panel) knows what any seat knows."""
    rng = random.Random(f"{name}-{seed}")
    known = Known(game_id)
    moves = ends = 0
    did = "nothing yet"
    for click in range(CLICKS):
        pack, knows = known.of(table.session)
        leaked = named(texts(table), pack - knows)
        assert not leaked, (
            f"{name} seed {seed} after {click} clicks (the last: {did}; "
            f"{known.seats} playing): {leaked} named, hidden from the learner's "
            f"seats\n{table.text}"
        )
        assert "Something went wrong" not in table.text, f"after {did}: {table.text}"
        before, was_over = len(table.session.steps), table.session.game.is_over
        did = click_something(table, rng)
        moves += max(0, len(table.session.steps) - before)
        ends += table.session.game.is_over and not was_over
    print(f"\n{name} seed {seed}: {moves} moves, {ends} games to the end")


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_every_button_has_an_accessible_name(game_id, name):
    """Every button of the widget (card controls, chips, Undo, Save...) has a tooltip, the
    name a screen reader says."""
    widget = GAMES[game_id].widget(name)()
    buttons = [b for b in shown_tree(widget) if isinstance(b, w.Button)]
    assert buttons
    assert [b.description for b in buttons if not b.tooltip.strip()] == []
