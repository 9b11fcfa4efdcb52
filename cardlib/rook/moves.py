"""Rook's moves in notation: ``bid 95``, ``pass``, ``lay aside R6 R7 R11 B11 R5``, ``trump green``
and ``play Y7`` (or just ``Y7``)::

    >>> RookMove.parse("lay aside R7 R6 R11 B11 R5")
    RookMove.parse('lay aside R5 R6 R7 R11 B11')
    >>> RookMove.parse("G12").words, RookMove.parse("trump green").words
    ('play the green 12', 'name green as trump')

The notation checks only a move's shape; the rules (a bid of at least 70, exactly five
cards laid aside, ...) are the hand's to enforce.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, get_args

from cardlib.arguments import shown
from cardlib.errors import CardlibError, NotationError, RuleViolation
from cardlib.notation import Notation
from cardlib.rook.cards import Colour, RookCard, card_words, rook_deck

HAND_SIZE, NEST_SIZE, TRICKS = 9, 5, 9  # ROOK-DEAL, ROOK-LEAD
MIN_BID, MAX_BID, BID_STEP = 70, 120, 5  # ROOK-BID-MIN, ROOK-BID-RAISE

MoveKind = Literal["bid", "pass", "lay aside", "trump", "play"]
KINDS: tuple[MoveKind, ...] = get_args(MoveKind)

# (has an amount, number of cards, has a colour) for each kind of move
_SHAPES: dict[str, tuple[bool, int, bool]] = {
    "bid": (True, 0, False),
    "pass": (False, 0, False),
    "lay aside": (False, NEST_SIZE, False),  # the notation takes one or more; the rule wants 5
    "trump": (False, 0, True),
    "play": (False, 1, False),
}

#: a whole number as a bid is written: ASCII digits (a dozen at most), perhaps a minus sign
#: (int() alone would also read "٧٠" and "7_5")
WHOLE = re.compile(r"-?[0-9]{1,12}")


@dataclass(frozen=True)
class RookMove(Notation):
    """A move in notation: ``RookMove.parse("bid 95")``, ``RookMove.parse("play Y7")``.

    A ``lay aside`` keeps its cards in pack order, so two spellings of the same five cards
    are the same move.  The notation only checks the shape; the rules (a bid of at least
    70, exactly five cards laid aside, ...) are the engine's to enforce.
    """

    kind: MoveKind
    amount: int | None = None
    cards: tuple[RookCard, ...] = ()
    colour: Colour | None = None

    def __post_init__(self) -> None:
        kind, cards = self.kind, self.cards
        expected = _SHAPES.get(kind) if isinstance(kind, str) else None
        if expected is None:
            raise NotationError(f"{shown(kind)} is not a Rook move")
        if not isinstance(cards, tuple):
            raise NotationError(f"a move's cards are a tuple of RookCards, not {shown(cards)}")
        shape = (self.amount is not None, len(cards), self.colour is not None)
        if shape != expected and not (kind == "lay aside" and shape[1] and not shape[0]):
            raise NotationError(f"a {kind!r} move cannot be made of {shape!r}")
        for c in cards:
            if type(c) is not RookCard:
                raise NotationError(f"{cards!r}: a move's cards must be RookCards")
        if kind == "lay aside":
            object.__setattr__(self, "cards", tuple(sorted(cards, key=lambda c: c.order)))

    @classmethod
    def reading(cls, text: str | RookMove) -> RookMove | CardlibError:
        """The move ``text`` names (``bid 95``, ``pass``, ``lay aside R6 R7 R11 B11 R5``,
        ``trump green``, ``play Y7``; a card on its own, ``Y7``, is read as playing it), or
        the error saying why it names none: a notation error, or ROOK-DECK's refusal of a
        card taken out of the pack (``play R3``).  ``parse`` raises the error and ``read``
        gives None (:class:`~cardlib.notation.Notation`): ``"play R3" in view`` is False."""
        if isinstance(text, RookMove):
            return text
        if not isinstance(text, str):
            return NotationError(f"{text!r} is not a Rook move")
        words = " ".join(text.split())
        low = words.lower()
        if low == "pass":
            return PASS
        if low.startswith("bid "):
            if not WHOLE.fullmatch(low[4:]):
                return NotationError(f"{text!r} is not a bid: write bid and a number, like bid 95")
            return cls("bid", amount=int(low[4:]))
        if low.startswith("lay aside "):
            cards = [RookCard.reading(w) for w in card_words(words[10:])]
            wrong = next((c for c in cards if isinstance(c, CardlibError)), None)
            if wrong is not None:
                return wrong
            return cls("lay aside", cards=tuple(cards))  # type: ignore[arg-type]
        if low.startswith("trump "):
            colour = Colour.reading(words[6:])
            return colour if isinstance(colour, NotationError) else cls("trump", colour=colour)
        if low.startswith("play "):
            card = RookCard.reading(words[5:])
            return card if isinstance(card, CardlibError) else cls("play", cards=(card,))
        if low in ("take nest", "take the nest", "pick up nest"):
            return NotationError(
                f"{text!r} is not a move here: the bidder picks up the nest as soon as the "
                "auction is won; the next move is 'lay aside' and five cards"
            )
        alone = RookCard.reading(words)
        if isinstance(alone, RookCard):
            return cls("play", cards=(alone,))
        if isinstance(alone, RuleViolation):
            return alone
        return NotationError(
            f"{text!r} is not a Rook move: write bid 95, pass, lay aside R6 R7 R11 B11 R5, "
            "trump green or play Y7"
        )

    @property
    def card(self) -> RookCard:
        """The card of a ``play`` move."""
        return self.cards[0]

    @property
    def words(self) -> str:
        """The move as a learner reads it: ``play G12`` is "play the green 12"."""
        if self.kind == "bid":
            return f"bid {self.amount}"
        if self.kind == "trump":
            assert self.colour is not None
            return f"name {self.colour.word} as trump"
        if self.kind == "play":
            card = self.card.words
            return f"play {card if card.startswith('the ') else 'the ' + card}"
        if self.kind == "lay aside":
            return f"lay {', '.join(c.words for c in self.cards)} aside as the new nest"
        return self.kind

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"bid {self.amount}"
        if self.kind == "trump":
            assert self.colour is not None
            return f"trump {self.colour.word}"
        if self.cards:
            return f"{self.kind} {' '.join(c.text for c in self.cards)}"
        return self.kind

    def __repr__(self) -> str:
        return f"RookMove.parse({str(self)!r})"


# A move is a value: the pass, the bids, the trumps and the plays of the notation are made
# here once, and the hand lists them as they are (a lay-aside is made when it is read).
PASS = RookMove("pass")
#: every bid the notation lists, by amount: 70 to 120 in fives (the rules say which are
#: allowed now)
BIDS = {n: RookMove("bid", amount=n) for n in range(MIN_BID, MAX_BID + 1, BID_STEP)}
#: naming each colour as trump
TRUMPS = tuple(RookMove("trump", colour=c) for c in Colour)
_PLAYS = {c: RookMove("play", cards=(c,)) for c in rook_deck()}


def bid(amount: int) -> RookMove:
    return RookMove("bid", amount=amount)


def play(card: RookCard) -> RookMove:
    """The move that plays ``card`` (any card of the pack: the rules say whether it may be)."""
    return _PLAYS[card]


def name_trump(colour: Colour) -> RookMove:
    return RookMove("trump", colour=colour)
