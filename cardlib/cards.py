"""Standard 52-card pack: ranks, suits, cards with a round-tripping notation, seeded shuffles.

A card is written rank then suit: ``8S``, ``10H`` (also ``TH``), ``QC``.  The suit
symbols the articles use are read too, before or after the rank: ``♠8``, ``8♠``.
``str(card)`` is the canonical ASCII form and ``repr(card)`` is the call that rebuilds it::

    >>> Card.parse("♥7")
    Card.parse('7H')
    >>> str(Card.parse("th"))
    '10H'
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from cardlib import arguments
from cardlib.arguments import shown
from cardlib.errors import NotationError


class Suit(enum.Enum):
    """The four suits; each knows its letter, its symbol and its colour."""

    CLUBS = ("C", "♣", "black")
    DIAMONDS = ("D", "♦", "red")
    HEARTS = ("H", "♥", "red")
    SPADES = ("S", "♠", "black")

    def __init__(self, letter: str, symbol: str, colour: str) -> None:
        self.letter = letter
        self.symbol = symbol
        self.colour = colour

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    # Each suit is one object, equal only to itself, so hashing it by identity is the same
    # hash as by value; a card's hash is its rank's and its suit's.
    __hash__ = object.__hash__


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}


class Rank(enum.IntEnum):
    """The thirteen ranks, ace low; ``int(rank)`` is its number (A = 1, K = 13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank written as on a card (``A``, ``7``, ``10``, ``T``, ``q``)."""
        rank = cls.read(text)
        if rank is None:
            raise NotationError(f"{text!r} is not a rank: write A, 2-10 (or T), J, Q or K")
        return rank

    @classmethod
    def read(cls, text: str) -> Rank | None:
        """The rank ``text`` names, or None when it names none (:meth:`parse` without the
        error, for a reader deciding what a word is)."""
        return _RANKS_BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_SYMBOLS = {r: {1: "A", 11: "J", 12: "Q", 13: "K"}.get(int(r), str(int(r))) for r in Rank}
_RANKS_BY_TEXT = {sym: r for r, sym in _RANK_SYMBOLS.items()} | {"T": Rank.TEN}
_SUITS_BY_TEXT = (
    {s.letter: s for s in Suit}
    | {s.symbol: s for s in Suit}
    | {
        "♧": Suit.CLUBS,
        "♢": Suit.DIAMONDS,
        "♡": Suit.HEARTS,
        "♤": Suit.SPADES,
    }
)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card of the standard pack.  Ordered by rank, then suit (for stable listings)."""

    rank: Rank
    suit: Suit

    def __post_init__(self) -> None:
        # made only from a Rank and a Suit, so every card is one of the pack's 52
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise NotationError(
                f"Card({self.rank!r}, {self.suit!r}) is not a card: give a Rank and a Suit, "
                "or write it as text with Card.parse('8H')"
            )

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``8S``, ``10H``, ``TH``, ``qc``, ``♠8`` or ``8♠``; anything else raises."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a card: write it like 8S, 10H or ♠8")
        card = cls.read(text)
        if card is None:
            raise NotationError(
                f"{text!r} is not a card: write rank then suit, like 8S, 10H, QC or ♠8"
            )
        return card

    @classmethod
    def read(cls, text: str) -> Card | None:
        """The card ``text`` names, or None when it names none (:meth:`parse` without the
        error, for a reader deciding what a word is: ``ask Ben 8H`` or ``ask Ben 8``)."""
        return _CARDS_BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None

    @property
    def unicode(self) -> str:
        """The form the articles print: suit symbol then rank, ``♠8``."""
        return f"{self.suit.symbol}{self.rank.symbol}"

    @property
    def colour(self) -> str:
        return self.suit.colour

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_html_(self) -> str:
        from cardlib import render

        return render.card_html(self)


def standard_deck() -> list[Card]:
    """The 52 cards in a fixed order: clubs, diamonds, hearts, spades, each A to K."""
    return list(_DECK)


def hand_order(card: Card) -> tuple[int, int]:
    """A card's place in a sorted hand, rank then suit: ``sorted(cards, key=hand_order)`` is
    ``sorted(cards)`` (a card's own order), with the keys compared as numbers."""
    return card.rank, _SUIT_ORDER[card.suit]


def of_rank(rank: Rank) -> tuple[Card, ...]:
    """The four cards of ``rank``, in suit order: the pack's own cards (every thirteenth of
    :func:`standard_deck`'s order), none made anew."""
    return _DECK[rank - 1 :: 13]


def shuffled(cards: Iterable[Card], seed: int | str | None) -> list[Card]:
    """A new list with ``cards`` shuffled reproducibly: the same seed gives the same order."""
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise NotationError(f"{shown(cards)} is not a list of cards to shuffle")
    order = list(cards)
    shuffle(order, seeded(arguments.seed(seed)))
    return order


#: the modulus of CPython's hash of a number on a 64-bit build (``sys.hash_info.modulus``)
_HASH_MODULUS = 2**61 - 1


def seeded(seed: int | float | str | None) -> random.Random:
    """A generator seeded with ``seed`` that draws the same numbers on every runtime: every
    game's generator is made here.

    ``random.Random`` seeds itself from ``hash(seed)`` when the seed is a float (a game
    seeds its next deal with ``rng.random()``), and a float's hash depends on the build:
    taken modulo 2**61 - 1 on 64-bit CPython, 2**31 - 1 on 32-bit Pyodide, which so dealt
    other cards for the same seed.  A finite float is replaced by the whole number 64-bit
    CPython's hash gives it, worked out here, so that the games seeded there stay as they were.
    """
    if isinstance(seed, float) and math.isfinite(seed):
        top, bottom = seed.as_integer_ratio()
        hashed = abs(top) * pow(bottom, -1, _HASH_MODULUS) % _HASH_MODULUS
        if top < 0:  # the hash is negative, and the seed its 64-bit two's complement
            hashed = 2**64 - (2 if hashed == 1 else hashed)
        seed = hashed
    return random.Random(seed)


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place with ``rng`` (``random.Random.shuffle``): every deal of
    every game is shuffled here, so one seed gives one deal in every process."""
    rng.shuffle(items)


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Read several cards: a list of notations or one string separated by spaces or commas."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    elif not isinstance(texts, Iterable):
        raise NotationError(f"{shown(texts)} is not cards: write them like 8S 10H QC")
    return [Card.parse(t) for t in texts]


C = TypeVar("C")


def find_duplicate(cards: Iterable[C]) -> C | None:
    """The first card (of any pack) that appears twice, or None."""
    seen: set[C] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    return None


_DECK = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
_CARDS_BY_TEXT: dict[str, Card] = {}
for _card in _DECK:
    _rank_texts = [_card.rank.symbol] + (["T"] if _card.rank is Rank.TEN else [])
    _suit_texts = [_card.suit.letter, _card.suit.symbol] + [
        k for k, v in _SUITS_BY_TEXT.items() if v is _card.suit and len(k) == 1 and not k.isascii()
    ]
    for _r in _rank_texts:
        for _s in _suit_texts:
            _CARDS_BY_TEXT[_r + _s] = _card
            if not _s.isascii():
                _CARDS_BY_TEXT[_s + _r] = _card
del _card, _r, _s, _rank_texts, _suit_texts
