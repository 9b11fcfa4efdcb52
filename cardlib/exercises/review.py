"""The review's exercises, which mix the games (rook.ipynb's "Looking back", after the last
game taught): how Golf's match and Rook's game end and who wins them (review-1), and which
game's rule refuses a table of so many players (review-2).

Like :mod:`cardlib.exercises.course`, this chapter names the games it compares; each
answer is asked of the games' own engines (a Golf match scored, Rook's rule of the game to
300, each game's deal as the registry gives it), never worked out beside them.

>>> Sheets(("Ana", "Raj"), ((20,) + (0,) * 8, (0,) + (1,) * 8), (310, 305)).winners()
('Raj', 'North-South')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardlib.errors import RuleViolation
from cardlib.exercises.drawing import names, said
from cardlib.exercises.forms import LEGAL, Name, Tuple
from cardlib.exercises.model import Chapter
from cardlib.exercises.verdicts import Verdicts
from cardlib.games import GAMES
from cardlib.golf.match import HOLES_IN_MATCH, GolfMatch
from cardlib.rook import GAME_TARGET, game_winner

EXERCISES = Chapter("rook.ipynb")
#: the games the review compares, in the course's order (their IDs in the registry)
COMPARED = ("golf", "go-fish", "rook")
TEAMS = {"NS": "North-South", "EW": "East-West"}
#: what a learner answers for "who has won" while a game goes on
NOBODY = "nobody"


# --------------------------------------------------------------------------- review-1


@dataclass(frozen=True)
class Sheets:
    """Two score sheets: a Golf match's hole scores, a player's row each, and a Rook game's
    totals after its last hand (North-South's, East-West's)."""

    golfers: tuple[str, ...]
    holes: tuple[tuple[int, ...], ...]
    rook: tuple[int, int]

    def match(self) -> GolfMatch:
        return GolfMatch(self.golfers, dict(zip(self.golfers, map(list, self.holes), strict=True)))

    def winners(self) -> tuple[str, str]:
        """The match's winner (the engine's :meth:`GolfMatch.winners`) and the Rook game's
        team, or ``'nobody'`` while it goes on (Rook's :func:`game_winner`)."""
        (golf,) = self.match().winners()
        team = game_winner({"NS": self.rook[0], "EW": self.rook[1]})
        return golf, TEAMS[team.value] if team is not None else NOBODY


def _draw_sheets(rng: random.Random) -> Sheets:
    """Two or three golfers, one of whom wins the most holes but (for most students) not the
    match; Rook totals with one team over 300, both (the higher ahead or level), or neither."""
    while True:
        golfers = names(rng, rng.choice([2, 3]))
        holes = tuple(
            tuple(rng.choice([-2, 0, 1, 3, 5, 8, 12, 18, 25]) for _h in range(HOLES_IN_MATCH))
            for _p in golfers
        )
        case = rng.choice(["one", "both", "level", "neither"])
        low, high = sorted(rng.sample(range(GAME_TARGET - 60, GAME_TARGET + 60, 5), 2))
        rook = {
            "one": (high, rng.randrange(GAME_TARGET - 100, GAME_TARGET, 5)),
            "both": (GAME_TARGET + abs(high - GAME_TARGET), GAME_TARGET + abs(low - GAME_TARGET)),
            "level": (GAME_TARGET + abs(low - GAME_TARGET) + 5,) * 2,
            "neither": (
                min(low, GAME_TARGET - 5),
                rng.randrange(GAME_TARGET - 100, GAME_TARGET, 5),
            ),
        }[case]
        if rng.random() < 0.5:
            rook = (rook[1], rook[0])
        v = Sheets(golfers, holes, (rook[0], rook[1]))
        level = rook[0] == rook[1]
        if len(v.match().winners()) == 1 and level == (case == "level") and GAME_TARGET not in rook:
            return v


def _sheets_question(v: Sheets) -> str:
    rows = "\n".join(
        f"* {p}: {', '.join(map(str, holes))}" for p, holes in zip(v.golfers, v.holes, strict=True)
    )
    return (
        f"Two score sheets. A match of {GAMES['golf'].title}, its nine holes, one row a "
        f"player:\n\n{rows}\n\nAnd a game of {GAMES['rook'].title} after its last hand so far: "
        f"North-South {v.rook[0]}, East-West {v.rook[1]}. Who has won the Golf match, and who "
        "has won the Rook game ('nobody' if it goes on)?"
    )


#: the cases of this module's tables of verdicts, each judged by the engine
_GROUPS: Verdicts[Any] = Verdicts(lambda v: v.groups, "The engines say")


EXERCISES.define(
    id="review-1",
    kind="compute",
    title="Two games' ends: Golf's match and Rook's game",
    form="two values in a tuple: (a player's name, 'North-South', 'East-West' or 'nobody')",
    rules=("GOLF-MATCH", "ROOK-GAME"),
    where="GOLF-MATCH in golf.ipynb and ROOK-GAME in rook.ipynb",
    nudge="In which game is a low score good, and in which a high one? Does winning the most "
    "holes win a match? And what ends a game of Rook, and what if the totals are level?",
    draw=_draw_sheets,
    question=_sheets_question,
    answer=Tuple(
        ("who has won the Golf match", Name(lambda v: v.golfers, "a player's name")),
        ("who has won the Rook game", Name(lambda v: (*TEAMS.values(), NOBODY), "a team")),
    ),
    solve=lambda v: v.winners(),
    why=lambda v, right: (
        f"Golf: the totals are {', '.join(f'{p} {t}' for p, t in v.match().totals().items())}, "
        f"and the lowest wins: {right[0]}. Rook: "
        + (
            f"{right[1]} reached {GAME_TARGET} with the higher total."
            if right[1] != NOBODY
            else f"the game goes on: no team is over {GAME_TARGET} with a higher total than "
            "the other's."
        )
    ),
)


# --------------------------------------------------------------------------- review-2


@dataclass(frozen=True)
class Group:
    """A group of players who want to play a game: its label, the game (its registry ID)
    and the players' names."""

    label: str
    game: str
    players: tuple[str, ...]

    def verdict(self) -> tuple[str, str]:
        """``'legal'`` or the rule that refuses the deal, and the engine's words."""
        try:
            GAMES[self.game].deal(list(self.players), seed=1)
        except RuleViolation as refusal:
            return refusal.rule, refusal.message
        return LEGAL, f"{len(self.players)} players may play {GAMES[self.game].name}"

    def said(self) -> str:
        return (
            f"**{self.label}**: {said(list(self.players))} want to play {GAMES[self.game].title}."
        )


@dataclass(frozen=True)
class Groups:
    """Four groups of players, each with a game in mind."""

    groups: tuple[Group, ...]


def _draw_groups(rng: random.Random) -> Groups:
    """Each game once and one of them twice, for two to seven players: some groups too many
    or too few for their game, others the right size, which may be too many for another."""
    games = [*COMPARED, rng.choice(COMPARED)]
    rng.shuffle(games)
    made = tuple(
        Group(label, game, names(rng, rng.choice([2, 3, 4, 4, 5, 6, 7])))
        for label, game in zip("ABCD", games, strict=True)
    )
    return Groups(made)


EXERCISES.define(
    id="review-2",
    kind="classify",
    title="Which game's rule refuses the table",
    form="a dictionary from each group's letter to 'legal' or the ID of the rule that refuses it",
    rules=("GOLF-DECK", "GF-PLAYERS", "ROOK-TEAMS"),
    where="GOLF-DECK in golf.ipynb, GF-PLAYERS in go-fish.ipynb and ROOK-TEAMS in rook.ipynb",
    nudge="Count each group. How many may play each game: Golf, Go Fish, Rook? Which rule "
    "of that game says so?",
    draw=_draw_groups,
    question=_GROUPS.question(
        "Four groups sit down, each to play a game of the course. May each deal its game, and "
        "if not, which rule refuses it?"
    ),
    answer=_GROUPS.answer(),
    solve=_GROUPS.solve,
    why=_GROUPS.why,
)
