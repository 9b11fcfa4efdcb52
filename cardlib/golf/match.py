"""A match of nine holes (GOLF-MATCH): hole scores kept with their signs, lowest total wins::

>>> match = GolfMatch(("Ann", "Ben"))
>>> for _ in range(HOLES_IN_MATCH):
...     match.record({"Ann": 5, "Ben": -1})
>>> match.totals(), match.winners()
({'Ann': 45, 'Ben': -9}, ['Ben'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from cardlib.arguments import player_names, shown, whole
from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.golf.layout import one_pack
from cardlib.golf.scoring import COLUMN_LEAST, COLUMN_MOST, COLUMN_PLACES, HOLE_LEAST, HOLE_MOST
from cardlib.refusal import Refusal, refuse

HOLES_IN_MATCH = 9


# GOLF-MATCH is asked ``nine_holes(match, asked)``, as every rule is ``rule(state, attempt)``:
# the match the question is about (None while one is set up), and what is tried of it.


class Holes(NamedTuple):
    """A match set up with ``given`` holes (scored, or to be played)."""

    given: int


class OneMore(NamedTuple):
    """One more hole's scores, recorded in the match."""


class Winners(NamedTuple):
    """The match's winners, asked for."""


class Ended(NamedTuple):
    """The result of a match played hole by hole, asked for while hole ``number`` of its
    ``holes`` is the last played (``over``: the match is over)."""

    number: int
    holes: int
    over: bool


class Scored(NamedTuple):
    """A hole's score recorded for ``player`` in a match."""

    player: str
    points: int


#: what GOLF-MATCH is asked of a match
Asked = Holes | OneMore | Winners | Ended | Scored


@enforces("GOLF-MATCH")
def nine_holes(match: GolfMatch | None, asked: Asked) -> Refusal | None:
    """A match is nine holes; totals keep their signs; the lowest total wins, not the most holes won."""
    # Totals keep their signs (GolfMatch.totals), the lowest wins (GolfMatch.winners, once this
    # lets it); here the nine holes, and each score a hole's (GOLF-COLUMN's: HOLE_LEAST-MOST).
    if isinstance(asked, Scored):
        if HOLE_LEAST <= asked.points <= HOLE_MOST:
            return None
        return Refusal(
            "GOLF-MATCH",
            lambda: (
                f"{asked.player} cannot have scored {shown(asked.points)} on a hole: a hand "
                f"scores its {len(COLUMN_PLACES)} columns, each from {COLUMN_LEAST} to "
                f"{COLUMN_MOST}, so from {HOLE_LEAST} to {HOLE_MOST}"
            ),
        )
    if isinstance(asked, Holes):
        if asked.given <= HOLES_IN_MATCH:
            return None
        return Refusal(
            "GOLF-MATCH", lambda: f"a match is {HOLES_IN_MATCH} holes, not {asked.given}"
        )
    if isinstance(asked, Ended):
        if asked.over:
            return None
        return Refusal("GOLF-MATCH", lambda: f"hole {asked.number} of {asked.holes} is not over")
    assert match is not None  # one more hole, or the winners: of a match set up
    played = match.holes_played
    if isinstance(asked, OneMore):
        if played < HOLES_IN_MATCH:
            return None
        return Refusal(
            "GOLF-MATCH", lambda: f"a match is {HOLES_IN_MATCH} holes and they have all been played"
        )
    if played == HOLES_IN_MATCH:
        return None
    return Refusal(
        "GOLF-MATCH",
        lambda: f"the match is {HOLES_IN_MATCH} holes and only {played} are played",
    )


def impossible(scores: Mapping[str, int]) -> tuple[str, Refusal] | None:
    """The first player whose hole score no hand can give, and GOLF-MATCH's refusal of it
    (:func:`nine_holes`, asked of a :class:`Scored`); None when a hand can give every one."""
    for player, points in scores.items():
        refusal = nine_holes(None, Scored(player, points))
        if refusal is not None:
            return player, refusal
    return None


def refused(refusal: Refusal | None) -> None:
    """Raise a refusal of :func:`nine_holes` (:meth:`~cardlib.refusal.Refusal.error`), if
    it refuses."""
    if refusal is not None:
        raise refusal.error()


@dataclass
class GolfMatch:
    """A nine-hole match (GOLF-MATCH): hole scores kept with their signs, lowest total wins."""

    players: tuple[str, ...]
    holes: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # names every game and worked example can carry, two to four of them (GOLF-DECK),
        # as GolfGame takes them
        names = player_names(self.players)
        refuse(one_pack(names))
        self.players = names
        given = self.holes
        if not isinstance(given, Mapping) or set(given) - set(names):
            raise NotationError(
                f"a match's holes map its players to their scores, not {shown(given)}"
            )
        holes = {p: [whole(n, f"{p}'s score") for n in given.get(p, [])] for p in names}
        # every hole is scored for every player, and a match has nine (GOLF-MATCH)
        counts = {len(v) for v in holes.values()}
        if len(counts) > 1:
            raise NotationError(
                "every hole has a score for every player: "
                + ", ".join(f"{p} has {len(v)}" for p, v in holes.items())
            )
        refused(nine_holes(None, Holes(max(counts, default=0))))
        # every score one a hand can give (GOLF-MATCH: a hole's score)
        for i in range(max(counts, default=0)):
            if (bad := impossible({p: holes[p][i] for p in names})) is not None:
                raise bad[1].error()
        self.holes = holes

    def record(self, scores: Mapping[str, int]) -> None:
        """Add one hole's scores, one for every player (whole numbers a hand can score,
        GOLF-MATCH, kept with their signs); a refused hole records nothing."""
        if not isinstance(scores, Mapping) or set(scores) != set(self.players):
            raise NotationError(f"a hole needs a score for each of {', '.join(self.players)}")
        checked = {p: whole(scores[p], f"{p}'s score") for p in self.players}
        refused(nine_holes(self, OneMore()))
        if (bad := impossible(checked)) is not None:
            raise bad[1].error()
        for p in self.players:
            self.holes[p].append(checked[p])

    @property
    def holes_played(self) -> int:
        return min((len(v) for v in self.holes.values()), default=0)

    @property
    def is_over(self) -> bool:
        return self.holes_played == HOLES_IN_MATCH

    def totals(self) -> dict[str, int]:
        return {p: sum(self.holes[p]) for p in self.players}

    def winners(self) -> list[str]:
        """The players on the lowest total, once the nine holes are played (GOLF-MATCH,
        :func:`nine_holes`)."""
        # The sources give no tie-break: every player on the equal lowest total is a winner.
        # Totals add the hole scores with their signs (``totals``); ``record`` keeps to nine.
        refused(nine_holes(self, Winners()))
        totals = self.totals()
        low = min(totals.values())
        return [p for p in self.players if totals[p] == low]

    def hole_wins(self) -> dict[str, int]:
        """How many holes each player had the (shared) lowest score on: not what decides the match."""
        wins = {p: 0 for p in self.players}
        for i in range(self.holes_played):
            low = min(self.holes[p][i] for p in self.players)
            for p in self.players:
                wins[p] += self.holes[p][i] == low
        return wins
