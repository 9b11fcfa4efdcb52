"""A learner sees only their seat (issue 28), in random games of every registered game's
table widgets.

Each widget of every game's spec (:attr:`cardlib.games.GameSpec.widgets`) that stands on a
table session is built with its defaults and played by its own controls (``.click()``) in a
seeded random order: the "show legal moves" switch is on, and most clicks go to a control
marked legal, the others to any button (a refused move, Undo, Restart, a new deal, Save).
After every click, no text of any widget on the table (a label, an HTML picture with its
titles, a button's description and tooltip, a dropdown's value and options, the widget's
``.text``) names a card the learner's seats may not know.

The oracle is the game's record, replayed, never the narration: the cards the learner's
seats have held or seen (every card their view, ``game.view(seat)``, has held at any move
of the game as it stands), and what the sources show the whole table beyond a view (a
game's ``tests/<package>/shown.py``, where it has one: Go Fish's lucky draw).  Any other
card of the game (in another seat's hidden hand, the stock or the nest) is hidden, in every
way cardlib writes a card (``9H``, ``♥9``, ``9 of hearts``, ``G12``, ``green 12``, the
Rook).  A learner at every seat (a sandbox, the bidding panel) knows what any seat knows.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

w = pytest.importorskip("ipywidgets")

from cardlib.games import GAMES  # noqa: E402
from cardlib.widgets.controls import CardButton  # noqa: E402
from tests.support.seats import cards_in, named, plain  # noqa: E402

SEEDS = (4, 5, 6)
CLICKS = 200


def _tables() -> list[tuple[str, str]]:
    """(game, widget) for every widget every registered game names."""
    return [(g, name) for g in GAMES for name in GAMES[g].widgets]


def _shown_hook(game_id: str) -> Callable[[Any], Iterable[Any]]:
    """``tests/<the game's package>/shown.py``'s ``shown(event)``, or nothing shown."""
    package = GAMES[game_id].claims_module.split(".")[-2]
    name = f"tests.{package}.shown"
    if importlib.util.find_spec(name) is None:
        return lambda event: ()
    shown: Callable[[Any], Iterable[Any]] = importlib.import_module(name).shown
    return shown


class Known:
    """What the learner's seats know of the game a session holds: replayed from its first
    position along its steps, the cards of every view of theirs at every move (and what
    the sources show the table).  Replays only what is new; after Undo, Restart or a new
    deal, from the start again."""

    def __init__(self, game_id: str) -> None:
        self.shown = _shown_hook(game_id)
        self.first: Any = None

    def seen(self, game: Any, seats: Iterable[str]) -> set[Any]:
        return set().union(*(cards_in(game.view(seat)) for seat in seats))

    def of(self, session: Any) -> tuple[set[Any], set[Any]]:
        """(every card of the game, the cards the learner's seats know)."""
        steps = [(s.player, s.move) for s in session.steps]
        if session.first is not self.first or steps[: len(self.steps)] != self.steps:
            self.first, self.steps = session.first, []
            self.replica = session.first.copy()
            self.seats = tuple(session.learners or session.game.players)
            self.pack = cards_in(self.replica)
            self.known = self.seen(self.replica, self.seats)
        for player, move in steps[len(self.steps) :]:
            event = self.replica.play(move, player=player)
            self.known |= self.seen(self.replica, self.seats) | set(self.shown(event))
            self.steps.append((player, move))
        return self.pack, self.known


def tree(root: Any) -> list[Any]:
    found, todo = [], [root]
    while todo:
        widget = todo.pop(0)
        found.append(widget)
        if isinstance(widget, w.Box):
            todo += list(widget.children)
    return found


def texts(root: Any) -> str:
    """Everything the widget shows, as one text (see the module's documentation)."""
    said = [str(getattr(root, "text", ""))]
    for widget in tree(root):
        if isinstance(widget, w.HTML | w.HTMLMath | w.Label):
            said.append(widget.value)
        elif isinstance(widget, w.Button | w.ToggleButton):
            said += [widget.description, widget.tooltip or ""]
        elif isinstance(widget, w.widgets.widget_selection._Selection):
            said += [str(widget.value), str(widget.label), *map(str, widget.options)]
        elif isinstance(widget, w.Text | w.IntText | w.BoundedIntText):
            said.append(str(widget.value))
    return " | ".join(plain(t) for t in said)


def enabled(widget: Any) -> bool:
    return not widget.disabled and getattr(widget.layout, "display", None) != "none"


def click_something(table: Any, rng: random.Random) -> str:
    """A learner's click: mostly on a card or chip marked legal, or on a button that makes
    a move of what is chosen (Lay aside, Ask); sometimes anything (a move refused);
    sometimes, and mostly once the game is over, a session button (Undo, Restart, New deal,
    Next deal, Save)."""
    names = ("undo_button", "restart_button", "new_button", "next_button", "save_button")
    session_ids = {id(getattr(table, name, None)) for name in names}
    buttons = [b for b in tree(table) if isinstance(b, w.Button) and enabled(b)]
    sessions = [b for b in buttons if id(b) in session_ids]
    marked = [b for b in buttons if isinstance(b, CardButton) and b.legal]
    plain = [b for b in buttons if not isinstance(b, CardButton) and id(b) not in session_ids]
    others = [b for b in buttons if id(b) not in session_ids]
    over = table.session.game.is_over
    chance = rng.random()
    if sessions and (chance < 0.05 or (over and chance < 0.5)):
        pick = rng.choice(sessions)
    elif marked and chance < 0.7:
        pick = rng.choice(marked)
    elif plain and chance < 0.85:
        pick = rng.choice(plain)
    else:
        pick = rng.choice(others or buttons)
    pick.click()
    return f"{pick.description!r} ({pick.tooltip})"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game_id", "name"), _tables())
def test_no_widget_on_the_table_names_a_card_the_learners_seat_may_not_know(
    game_id, name, seed, monkeypatch, tmp_path
):
    monkeypatch.chdir(tmp_path)  # Save writes into the test's folder
    table = GAMES[game_id].widget(name)()
    session = getattr(table, "session", None)
    if session is None:
        pytest.skip(f"{name} plays no game (no table session)")
    table.show_legal.value = True
    rng = random.Random(f"{name}-{seed}")
    known = Known(game_id)
    moves = ends = 0
    did = "nothing yet"
    for click in range(CLICKS):
        pack, knows = known.of(table.session)
        hidden = pack - knows
        leaked = named(texts(table), hidden)
        assert not leaked, (
            f"{name} seed {seed} after {click} clicks (the last: {did}; "
            f"{known.seats} playing): {leaked} named, hidden from the learner's "
            f"seats\n{table.text}"
        )
        before, was_over = len(table.session.steps), table.session.game.is_over
        did = click_something(table, rng)
        moves += max(0, len(table.session.steps) - before)
        ends += table.session.game.is_over and not was_over
    print(f"\n{name} seed {seed}: {moves} moves, {ends} games to the end")
