"""The card-game perft: today's engines count the legal move sequences from every recorded root
as they were recorded (tests/perft/perft.json, tests/perft/README.md).

Every root of every variant of the golden corpus (371 roots) is recomputed to its quick depth
(150,814 positions in all, about 9 s of CPU at 125f8a7), or to its deep depth with
``PERFT_DEEP=1`` (3,134,788 positions, about 140 s); on the way every listed move must be
accepted by ``play`` on a copy, no move may be listed twice and a finished game must list
nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

from tests.golden import canon
from tests.perft import perft

DEEP = os.environ.get("PERFT_DEEP", "") not in ("", "0")
RECORDED = perft.read() if perft.DATA.exists() else {"format": "missing", "roots": []}
VARIANTS = list(dict.fromkeys(e["variant"] for e in RECORDED["roots"]))


def test_every_variant_of_the_corpus_has_its_roots() -> None:
    """The variants are the golden corpus's (from the registry), each with the deal of every
    number of players it accepts and positions further on; a new variant needs recording."""
    assert RECORDED["format"] == perft.FORMAT
    assert list(canon.variants()) == VARIANTS, "record again: python tests/perft/record.py"
    for vid, variant in canon.variants().items():
        entries = perft.entries(vid)
        deals = sorted(e["seed"] for e in entries if not e["moves"])
        assert deals == list(range(len(variant.counts))), vid
        assert any(e["moves"] for e in entries), f"{vid}: no root past the deal"
        for e in entries:
            assert 1 <= e["quick"] <= len(e["nodes"]) == len(e["over"]), e


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_root_counts_as_recorded(variant_id: str) -> None:
    differ = []
    for entry in perft.entries(variant_id):
        nodes, over, _ = perft.check(entry, deep=DEEP)
        problem = perft.mismatch(entry, nodes, over)
        if problem is not None:
            differ.append(problem)
    assert not differ, "\n".join(
        [*differ, "a change on purpose? python tests/perft/record.py --record --only ..."]
    )


# -- the perft can fail, and says where --------------------------------------------------------


class _Listing:
    def __init__(self, moves: list[Any]) -> None:
        self.moves = moves

    def now(self) -> list[Any]:
        return self.moves


class _Mutant:
    """A real game whose listing is changed by ``change`` (and its copies' too): what an
    engine whose listing disagrees with its ``play`` looks like through the protocol."""

    def __init__(self, game: Any, change: Callable[[Any, list[Any]], list[Any]]) -> None:
        self.game, self.change = game, change

    def legal_moves(self) -> _Listing:
        return _Listing(self.change(self.game, list(self.game.legal_moves().now())))

    def copy(self) -> _Mutant:
        return _Mutant(self.game.copy(), self.change)

    def play(self, move: Any) -> Any:
        return self.game.play(move)

    @property
    def is_over(self) -> bool:
        return bool(self.game.is_over)


GOLF = "golf.GolfGame.bicycle-pagat.base"


def _golf_root() -> tuple[dict[str, Any], Any]:
    entry = next(e for e in perft.entries(GOLF) if e["moves"])
    game, _ = perft.Root(GOLF, entry["seed"], tuple(entry["moves"])).position()
    return entry, game


def test_a_listed_move_that_play_refuses_is_caught_where_it_is_listed() -> None:
    _, game = _golf_root()
    foreign = {
        "flip": game.parse_move("draw"),
        "draw": game.parse_move("flip TL"),
        "place": game.parse_move("take"),
    }

    def one_too_many(position: Any, moves: list[Any]) -> list[Any]:
        return [*moves, foreign[position.phase]] if moves else moves

    refused = r"^mutant: after (\S.*): a listed move refused by play: RuleViolation: GOLF-"
    with pytest.raises(perft.PerftError, match=refused):
        perft.perft(_Mutant(game, one_too_many), 2, "mutant")


def test_a_move_listed_twice_is_caught() -> None:
    _, game = _golf_root()
    with pytest.raises(perft.PerftError, match="a move listed twice"):
        perft.perft(_Mutant(game, lambda _, moves: moves + moves[:1]), 2, "mutant")


def test_a_missing_move_changes_the_counts_and_says_which_depth() -> None:
    entry, game = _golf_root()
    depth = entry["quick"]
    nodes, over = perft.perft(game, depth)
    assert perft.mismatch(entry, nodes, over) is None
    nodes, over = perft.perft(_Mutant(game, lambda _, moves: moves[:-1]), depth)
    problem = perft.mismatch(entry, nodes, over)
    assert problem is not None and f"perft {depth}: {nodes[-1]} (recorded" in problem


def test_a_finished_game_that_lists_moves_is_caught() -> None:
    entry = max(perft.entries(GOLF), key=lambda e: len(e["moves"]))
    assert sum(entry["over"]) > 0, "the root nearest the end reaches it"
    game, _ = perft.Root(GOLF, entry["seed"], tuple(entry["moves"])).position()
    ghost = game.parse_move("draw")

    def after_the_end(position: Any, moves: list[Any]) -> list[Any]:
        return [ghost] if position.is_over else moves

    with pytest.raises(perft.PerftError, match="a finished game lists moves"):
        perft.perft(_Mutant(game, after_the_end), len(entry["nodes"]), "mutant")
