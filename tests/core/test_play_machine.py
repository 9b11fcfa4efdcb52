"""Play as a Hypothesis state machine, over every registered game and each of its
configurations (``tests/<the game's package>/invariants.py``'s ``CONFIGS``).

The machine deals one configuration from a drawn seed, then plays: a move drawn from the
position's listing, a move drawn from the moves the game's notation can write now
(``candidates(game, rng)``, legal or not), or a listed move by a player not to move.  After
every step: a move is listed exactly when ``play`` accepts it (the candidate played on the
game itself), a refused play changes nothing (the game's ``snapshot``), the game's own
invariants hold (``check``), and every seat's view holds no card its player may not know
(tests/core/test_views.py's oracles, where the game has one) nor the game itself.

A failure is shrunk to the shortest sequence of moves Hypothesis finds and printed with
its ``@reproduce_failure`` blob.  Under the default ``cardlib`` profile the examples are
the same on every run (tests/support/hypothesis_profiles.py); ``HYPOTHESIS_PROFILE=explore``
looks further.  tests/core/test_random_play.py plays whole games, seeded, with the checks
that need a game's end.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import tests.support.hypothesis_profiles  # noqa: F401  (the profiles, before any test)
from cardlib import RuleViolation
from cardlib.errors import CardlibError
from cardlib.game import Event
from cardlib.games import GAMES
from tests.core.test_views import gofish_known, golf_known, rook_known
from tests.support.listing import is_listed, listing
from tests.support.seats import cards_in, reachable


def _invariants(game_id: str) -> ModuleType:
    package = GAMES[game_id].claims_module.split(".")[-2]
    return importlib.import_module(f"tests.{package}.invariants")


def _rook(game: Any, player: str) -> set[Any]:
    return rook_known(getattr(game, "hand", game), player)


def _gofish(game: Any, player: str) -> set[Any]:
    """The hand, and the cards a request names (a specific-card variation): every card asked
    for aloud, and every card the player may ask for now, which names no card's place."""
    asked = cards_in(list(game.history))
    may_ask = cards_in(list(listing(game))) if player == game.to_move else set()
    return gofish_known(game, player) | asked | may_ask


#: what a seat may know, by game id (a game without one is checked for holding the game)
KNOWN: dict[str, Callable[[Any, str], set[Any]]] = {
    "golf": golf_known,
    "go-fish": _gofish,
    "rook": _rook,
}


class PlayMachine(RuleBasedStateMachine):
    """One game of ``game_id`` (set on a subclass), played move by move."""

    game_id: str = ""

    def __init__(self) -> None:
        super().__init__()
        self.inv = _invariants(self.game_id)
        self.game: Any = None

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        configs = sorted(self.inv.CONFIGS)
        self.config = configs[data.draw(st.integers(0, len(configs) - 1), label="config")]
        self.seed = data.draw(st.integers(0, 2**16), label="seed")
        self.game = self.inv.CONFIGS[self.config](self.seed)

    def snapshot(self) -> Any:
        """The game's ``snapshot``, copied deep: a snapshot may hold the game's own lists,
        which a move that changes them in place would change with it."""
        return copy.deepcopy(self.inv.snapshot(self.game))

    def on(self) -> bool:
        return self.game is not None and not self.game.is_over

    @precondition(on)
    @rule(data=st.data())
    def play_a_listed_move(self, data: st.DataObject) -> None:
        legal = listing(self.game)
        assert len(legal) > 0, "a game that is not over lists a move"
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="listed")]
        mover = self.game.to_move
        event = self.game.play(move)
        assert isinstance(event, Event) and event.player == mover
        assert event.rules and all(GAMES[self.game_id].rule(r) for r in event.rules)

    @precondition(lambda self: self.game is not None)
    @rule(data=st.data(), rng=st.randoms(use_true_random=False))
    def play_a_written_move(self, data: st.DataObject, rng: Any) -> None:
        """A move the notation can write, legal or not, played on the game itself: accepted
        exactly when listed; refused, it changes nothing and names a rule of the game."""
        found = self.inv.candidates(self.game, rng)
        move = found[data.draw(st.integers(0, len(found) - 1), label="candidate")]
        legal = listing(self.game)
        listed = is_listed(self.game, legal, move)
        before = self.snapshot()
        try:
            self.game.play(move)
        except CardlibError as refused:
            assert not listed, f"{move} is listed but play refuses it: {refused}"
            assert self.snapshot() == before, "a refused move changes nothing"
            if isinstance(refused, RuleViolation):
                assert GAMES[self.game_id].rule(refused.rule) is not None, refused.rule
        else:
            assert listed, f"play accepts {move}, which is not listed"

    @precondition(on)
    @rule(data=st.data())
    def play_out_of_turn(self, data: st.DataObject) -> None:
        """A listed move by a player not to move is refused and changes nothing."""
        others = [p for p in self.game.players if p != self.game.to_move]
        other = others[data.draw(st.integers(0, len(others) - 1), label="other")]
        legal = listing(self.game)
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="listed")]
        before = self.snapshot()
        with pytest.raises(RuleViolation):
            self.game.play(move, player=other)
        assert self.snapshot() == before, "a refused move changes nothing"

    @invariant()
    def the_game_s_invariants(self) -> None:
        if self.game is not None:
            self.inv.check(self.game)

    @invariant()
    def views_show_nothing_hidden(self) -> None:
        if self.game is None:
            return
        known = KNOWN.get(self.game_id)
        for player in self.game.players:
            view = self.game.view(player)
            assert not any(o is self.game for o in reachable(view)), "the view holds the game"
            if known is not None:
                leaked = cards_in(view) - known(self.game, player)
                assert not leaked, f"{player} could see {sorted(map(str, leaked))}"


def machine(game_id: str) -> type[PlayMachine]:
    return type(f"Play_{game_id.replace('-', '_')}", (PlayMachine,), {"game_id": game_id})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_play_machine(game_id: str) -> None:
    run_state_machine_as_test(machine(game_id))


def test_every_game_with_cards_has_a_view_oracle() -> None:
    """The view check knows every registered game of cardlib's own (tests/tinygame's
    cards are numbers, checked only for not holding the game)."""
    assert set(KNOWN) == {g for g in GAMES if GAMES[g].claims_module.startswith("cardlib.")}
