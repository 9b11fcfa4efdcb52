"""Rook's table: four seats clockwise, two partnerships, and what the table agrees before play.

North and South play against East and West (ROOK-TEAMS)::

    >>> Seat.EAST.team, Team.parse("North-South").seats
    (Team.EW, (Seat.NORTH, Seat.SOUTH))
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from cardlib.arguments import options_of, player_names, shown
from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.refusal import Refusal, refuse

RULE_SET = "tournament-1988"
DEFAULT_PLAYERS = ("North", "East", "South", "West")


class Seat(enum.IntEnum):
    """The four seats, clockwise (ROOK-TEAMS).  ``seat + 1`` (mod 4) is the left-hand neighbour."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def word(self) -> str:
        return self.name.capitalize()

    @property
    def team(self) -> Team:
        return Team.NS if self % 2 == 0 else Team.EW

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


class Team(enum.StrEnum):
    """The two partnerships.  A team compares equal to its key, so ``scores["NS"]`` works."""

    NS = "NS"
    EW = "EW"

    def __init__(self, key: str) -> None:
        #: ``North-South`` or ``East-West``
        self.label = "North-South" if key == "NS" else "East-West"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Team.NS else (Seat.EAST, Seat.WEST)

    @property
    def other(self) -> Team:
        return Team.EW if self is Team.NS else Team.NS

    @classmethod
    def parse(cls, text: str | Team) -> Team:
        """Read ``NS``, ``EW``, ``North-South`` or ``East-West``."""
        if isinstance(text, Team):
            return text
        key = str(text).strip().upper().replace("-", "").replace(" ", "")
        if key in ("NS", "NORTHSOUTH"):
            return Team.NS
        if key in ("EW", "EASTWEST"):
            return Team.EW
        raise NotationError(f"{text!r} is not a team: write NS (North-South) or EW (East-West)")

    def __repr__(self) -> str:
        return f"Team.{self.name}"


def team_of_seat(seat: int) -> Team:
    """The partnership of a seat (0 North ... 3 West): partners sit opposite each other."""
    return Seat(seat % 4).team


def partner_of(players: Sequence[str], player: str) -> str:
    """A player's partner, of ``players`` in seat order: the other seat of their team."""
    seat = Seat(players.index(player))
    first, second = seat.team.seats
    return players[second if seat is first else first]


@enforces("ROOK-TEAMS")
def four_players(names: Sequence[str]) -> Refusal | None:
    """Four players; North-South play against East-West."""
    if len(names) == 4:
        return None
    return Refusal(
        "ROOK-TEAMS",
        lambda: (
            f"Rook is for four players in two partnerships (North-South against East-West), "
            f"not {len(names)}"
        ),
    )


def seated(players: Sequence[str]) -> tuple[str, ...]:
    """The players' names in seat order, four of them (:func:`four_players` refuses any
    other number)."""
    names = player_names(players)
    refuse(four_players(names))
    return names


SeatSwap = Literal["east-west", "north-south"]


@dataclass(frozen=True)
class RookOptions:
    """What a table agrees before play besides the rule set.

    ``all_pass`` is the house rule for an auction in which all four pass (ROOK-ALL-PASS),
    which the sources leave open: ``None`` (nothing agreed: the engine refuses the fourth
    pass, so the dealer must bid), ``"redeal"`` (the cards are thrown in, nobody scores,
    and the same dealer deals again) or ``"dealer-takes-70"`` (the dealer's team is given
    the contract at 70 and the dealer takes the nest).

    ``seat_swap`` is the partnership whose two players exchange seats after every fourth
    hand (ROOK-SEAT-SWAP): the 1988 text says only that one of the partnerships moves.
    ``"east-west"`` (the default, an interpretation) or ``"north-south"``.
    """

    all_pass: Literal["redeal", "dealer-takes-70"] | None = None
    seat_swap: SeatSwap = "east-west"

    def __post_init__(self) -> None:
        if not isinstance(self.all_pass, str | None) or self.all_pass not in (
            None,
            "redeal",
            "dealer-takes-70",
        ):
            raise NotationError(
                f"all_pass {shown(self.all_pass)} is not a house rule: use 'redeal', "
                "'dealer-takes-70' or None"
            )
        if not isinstance(self.seat_swap, str) or self.seat_swap not in (
            "east-west",
            "north-south",
        ):
            raise NotationError(
                f"seat_swap {shown(self.seat_swap)} is not a partnership: use 'east-west' or "
                "'north-south'"
            )

    @classmethod
    def of(cls, options: RookOptions | Mapping[str, object] | None) -> RookOptions:
        """The options a table agreed: a :class:`RookOptions`, the same as a mapping (as
        the example format writes them), or None for the defaults."""
        return options_of(cls, options, "Rook")

    @property
    def moving_seats(self) -> tuple[Seat, Seat]:
        """The two seats whose players exchange places at the seat exchange."""
        return (Seat.EAST, Seat.WEST) if self.seat_swap == "east-west" else (Seat.NORTH, Seat.SOUTH)

    def describe(self) -> str:
        words = {
            None: "no all-pass rule agreed (the dealer may not be the fourth to pass)",
            "redeal": "house rule: if all four pass, the same dealer deals again",
            "dealer-takes-70": "house rule: if all four pass, the dealer's team takes 70",
        }[self.all_pass]
        if self.seat_swap != "east-west":
            words += "; North and South exchange seats every four hands"
        return words
