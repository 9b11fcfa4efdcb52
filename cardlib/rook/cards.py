"""Rook's pack: four colours numbered 5 to 14 and the Rook bird, 41 cards (ROOK-DECK).

A numbered card is written colour letter then number: ``R14``, ``G6``, ``Y10``, ``B5``;
the bird is ``Rook`` (``bird`` is read too).  Full colour names are accepted, with or
without a space: ``red 14``, ``Green 6``.  ``str(card)`` is the canonical form and
``repr(card)`` is the call that rebuilds it::

    >>> RookCard.parse("green 6")
    RookCard.parse('G6')
    >>> RookCard.parse("bird").points        # ROOK-COUNT
    20

There is one object per card: :meth:`RookCard.parse` and :func:`rook_deck` always hand
out the same 41 instances, so the engine may compare cards with ``is``.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import NamedTuple

from cardlib.arguments import shown
from cardlib.cards import find_duplicate, shuffled
from cardlib.catalogue import enforces
from cardlib.errors import CardlibError, NotationError, RuleViolation
from cardlib.notation import Notation
from cardlib.refusal import Refusal
from cardlib.rook.seats import Team

LOWEST, HIGHEST = 5, 14  # ROOK-DECK: the 1-4 of each colour are taken out


class Colour(Notation, enum.Enum):
    """The four colours, in the order the rules list them; each knows its letter."""

    RED = "R"
    YELLOW = "Y"
    BLACK = "B"
    GREEN = "G"

    def __init__(self, letter: str) -> None:
        self.letter = letter
        #: ``red``, ``yellow``, ``black``, ``green``: how the rules and the narration say it
        self.word = self.name.lower()

    @classmethod
    def reading(cls, text: str | Colour) -> Colour | NotationError:
        """The colour ``text`` names (``green``, ``Green`` or ``G``), or the notation error
        saying why it names none (``parse`` raises it, :class:`~cardlib.notation.Notation`)."""
        if isinstance(text, Colour):
            return text
        colour = _COLOURS_BY_TEXT.get(text.strip().lower()) if isinstance(text, str) else None
        if colour is None:
            return NotationError(
                f"{text!r} is not a colour: write red, yellow, black or green (or R, Y, B, G)"
            )
        return colour

    def __str__(self) -> str:
        return self.word

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


_COLOURS_BY_TEXT = {c.letter.lower(): c for c in Colour} | {c.word: c for c in Colour}

# ROOK-COUNT, as the table of counters gives it: every 5 is worth 5, every 10 and every
# 14 is worth 10, the Rook 20.  The other cards, and the tricks themselves, are worth 0.
COUNTERS: Mapping[int, int] = {5: 5, 10: 10, 14: 10}
ROOK_COUNTER = 20
TOTAL_COUNTERS = 120  # 4 x 5 + 4 x 10 + 4 x 10 + 20


#: what every team's take is a multiple of: the counters' greatest common divisor (5)
COUNTER_STEP = math.gcd(*COUNTERS.values(), ROOK_COUNTER)


class Counted(NamedTuple):
    """Points said to come from the counters, by team: what each took in a hand (``hand``),
    or each team's total of a game (a hand scores the counters taken or minus the bid)."""

    points: Mapping[Team, int]
    hand: bool


def card_points(number: int | None) -> int:
    """A card's counters by its number (None: the Rook), as the table of counters gives them
    (:data:`COUNTERS`, :data:`ROOK_COUNTER`): a card's ``points`` and the rule book's table
    of ROOK-COUNT (``cardlib rules --sheet rook``) read it."""
    return ROOK_COUNTER if number is None else COUNTERS.get(number, 0)


@enforces("ROOK-COUNT")
def counters_made(counted: Counted) -> Refusal | None:
    """Counters: each 5 = 5, each 10 = 10, each 14 = 10, the Rook = 20; other cards and tricks themselves score nothing; 120 in all."""
    # The counters' values are the table above (COUNTERS, ROOK_COUNTER), read card by card by
    # card_points; a trick is worth only its cards.  Asked, as every rule is, of what is
    # tried: points said to be counters (scoring.score_hand, scoring.check_totals).  A team
    # takes a multiple of 5 from 0 to 120, the two takes of a hand make 120, and every total
    # is a multiple of 5 (so is every bid); the refusal of the first that is not so.
    points, hand = counted.points, counted.hand
    wrong = [
        (team, n)
        for team, n in points.items()
        if n % COUNTER_STEP or (hand and not 0 <= n <= TOTAL_COUNTERS)
    ]
    if wrong:
        team, took = wrong[0]
        if hand:
            return Refusal(
                "ROOK-COUNT",
                lambda: (
                    f"{team.label} cannot have taken {took}: the counters are fives, tens and "
                    f"14s worth 10 and the Rook worth 20, so a team takes a multiple of "
                    f"{COUNTER_STEP} from 0 to {TOTAL_COUNTERS}"
                ),
            )
        return Refusal(
            "ROOK-COUNT",
            lambda: (
                f"{team.label} cannot have {took} points: a hand scores the counters taken "
                f"or minus the bid, multiples of {COUNTER_STEP}, so every total is one"
            ),
        )
    if hand and (ns := points[Team.NS]) + (ew := points[Team.EW]) != TOTAL_COUNTERS:
        return Refusal(
            "ROOK-COUNT",
            lambda: f"the counters of a hand add up to {TOTAL_COUNTERS}: {ns} + {ew} = {ns + ew}",
        )
    return None


_CARDS: dict[tuple[Colour | None, int | None], RookCard] = {}


@dataclass(frozen=True, slots=True, eq=False)
class RookCard(Notation):
    """One card: a colour and a number from 5 to 14, or the Rook bird (no colour, no number).

    ``points`` is the card's counter value (ROOK-COUNT).  There is one object per card:
    ``RookCard(Colour.RED, 14) is RookCard.parse("R14")``, so equality is identity.
    """

    colour: Colour | None
    number: int | None
    points: int = field(init=False, compare=False, repr=False)
    text: str = field(init=False, compare=False, repr=False)
    #: place in :func:`rook_deck` (colours in rule order, 5 to 14, the Rook last): a sort key
    order: int = field(init=False, compare=False, repr=False)

    def __new__(cls, colour: Colour | None, number: int | None) -> RookCard:
        try:
            card = _CARDS.get((colour, number))
        except TypeError:  # unhashable nonsense: let __post_init__ say what is wrong
            card = None
        return card if card is not None else object.__new__(cls)

    def __post_init__(self) -> None:
        if self.colour is None and self.number is None:
            text = "Rook"
        elif (
            isinstance(self.colour, Colour)
            and isinstance(self.number, int)
            and LOWEST <= self.number <= HIGHEST
        ):
            text = f"{self.colour.letter}{self.number}"
        else:
            raise NotationError(
                f"({self.colour!r}, {self.number!r}) is not a Rook card: a colour with a number "
                f"from {LOWEST} to {HIGHEST}, or the Rook (no colour, no number)",
                rule="ROOK-DECK",
            )
        object.__setattr__(self, "points", card_points(self.number))
        object.__setattr__(self, "text", text)

    @classmethod
    def read(cls, text: str) -> RookCard | None:
        """The card ``text`` names, or None when it names none (:meth:`parse` without the
        notation error, for a reader deciding what a word is: ``Y7`` alone is a play).  A
        card written as one but taken out of the pack (``R3``) is refused (ROOK-DECK)."""
        read = cls.reading(text)
        if isinstance(read, RuleViolation):
            raise read
        return read if isinstance(read, RookCard) else None

    @classmethod
    def reading(cls, text: str | RookCard) -> RookCard | CardlibError:
        """The card ``text`` names (``R14``, ``g6``, ``red 14``, ``Green 6``, ``Rook`` or
        ``bird``), or the error saying why it names none: a notation error, or ROOK-DECK's
        refusal of a card taken out of the pack (``R3``).  ``parse`` raises the error
        (:class:`~cardlib.notation.Notation`)."""
        if isinstance(text, RookCard):
            return text  # there is one object per card (__new__, __copy__, __reduce__)
        if not isinstance(text, str):
            return NotationError(f"{text!r} is not a Rook card: write it like R14, G6 or Rook")
        key = " ".join(text.lower().split())
        card = _CARDS_BY_TEXT.get(key)
        if card is not None:
            return card
        m = _SHAPE.fullmatch(key)
        if m and m.group(1) in _COLOURS_BY_TEXT and int(m.group(2)) < LOWEST:
            refused = check_pack([text], complete=False)  # the pack has no such card
            assert refused is not None
            return refused.error()
        return NotationError(
            f"{text!r} is not a Rook card: write colour then number, like R14, G6, "
            "Y10, B5 or red 14, or Rook for the bird"
        )

    @property
    def is_rook(self) -> bool:
        """True for the Rook bird."""
        return self.colour is None

    @property
    def words(self) -> str:
        """``red 14``, ``the Rook``: how a sentence says it."""
        return "the Rook" if self.colour is None else f"{self.colour.word} {self.number}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"RookCard.parse({self.text!r})"

    def _repr_html_(self) -> str:
        from cardlib.rook import render as render_rook

        return render_rook.rook_card_html(self)

    def __copy__(self) -> RookCard:
        return self

    def __deepcopy__(self, memo: object) -> RookCard:
        return self

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (RookCard.parse, (self.text,))


_SHAPE = re.compile(r"([a-z]+) ?([0-9]{1,2})")

_DECK: tuple[RookCard, ...] = tuple(
    RookCard(colour, number) for colour in Colour for number in range(LOWEST, HIGHEST + 1)
) + (RookCard(None, None),)
ROOK: RookCard = _DECK[-1]
for _i, _card in enumerate(_DECK):
    object.__setattr__(_card, "order", _i)
_CARDS.update({(c.colour, c.number): c for c in _DECK})
_CARDS_BY_TEXT: dict[str, RookCard] = {"rook": ROOK, "bird": ROOK, "the rook": ROOK}
for _card in _DECK[:-1]:
    assert _card.colour is not None
    for _name in (_card.colour.letter.lower(), _card.colour.word):
        _CARDS_BY_TEXT[f"{_name}{_card.number}"] = _card
        _CARDS_BY_TEXT[f"{_name} {_card.number}"] = _card
del _card, _name


_POINTS = attrgetter("points")


@enforces("ROOK-DECK")
def check_pack(cards: Sequence[RookCard | str], *, complete: bool) -> Refusal | None:
    """Colours red, yellow, black, green, numbered 1-14; remove 1-4 of each and add the Rook bird: 41 cards."""
    # A card taken out of the pack (a 1 to 4, written by name: RookCard.parse asks here)
    # is in no hand; each card at most once; a whole deal is all 41.
    out = next((c for c in cards if isinstance(c, str)), None)
    if out is not None:
        return Refusal(
            "ROOK-DECK",
            lambda: (
                f"{out!r} is not in this pack: the 1-4 of every colour are taken out, "
                f"so numbers run from {LOWEST} to {HIGHEST}"
            ),
        )
    dup = find_duplicate(cards)
    if dup is not None:
        return Refusal("ROOK-DECK", lambda: f"{dup} appears twice, but the pack has each card once")
    if complete and len(cards) != len(_DECK):
        return Refusal(
            "ROOK-DECK",
            lambda: (
                f"a Rook deal uses all {len(_DECK)} cards (colours 5 to 14 and the Rook), "
                f"got {len(cards)}"
            ),
        )
    return None


def rook_deck() -> list[RookCard]:
    """The 41 cards in a fixed order: red, yellow, black, green, each 5 to 14; then the Rook."""
    return list(_DECK)


def shuffled_rook_deck(seed: int | str | float | None) -> list[RookCard]:
    """The 41 cards shuffled reproducibly (the same seed gives the same order)."""
    order: list[RookCard] = shuffled(_DECK, seed)  # type: ignore[arg-type, assignment]
    return order


def parse_rook_cards(texts: Iterable[str | RookCard] | str) -> list[RookCard]:
    """Read several cards: a list, or one string separated by spaces or commas.

    In one string a colour word and its number may be apart: ``"red 14, Rook G6"``.
    """
    if isinstance(texts, str):
        texts = card_words(texts)
    elif not isinstance(texts, _LISTS) and not isinstance(texts, Iterable):
        raise NotationError(f"{shown(texts)} is not Rook cards: write them like R14 G6 Rook")
    # the pack's own cards are taken as they are (what RookCard.parse returns for them)
    return [t if isinstance(t, RookCard) else RookCard.parse(t) for t in texts]


def card_words(text: str) -> list[str]:
    """The words of several cards written in one string, each card's words together:
    ``"red 14, Rook G6"`` is ``["red 14", "Rook", "G6"]``."""
    tokens: list[str] = []
    for w in text.replace(",", " ").split():
        if tokens and w.isdigit() and tokens[-1].lower() in _COLOURS_BY_TEXT:
            tokens[-1] += " " + w
        else:
            tokens.append(w)
    return tokens


#: cards given as a list or a tuple need no ABC check of being iterable
_LISTS = (list, tuple)


def counters(cards: Iterable[RookCard | str] | str) -> int:
    """The counter points in some cards (ROOK-COUNT); the cards may be written in notation."""
    return sum(map(_POINTS, parse_rook_cards(cards)))
