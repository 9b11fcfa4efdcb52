"""A Go Fish position as an article describes it: the hands, the books laid aside, the top of
the stock, the cards named nowhere shuffled beneath it (:meth:`GoFishGame.from_position`).

The 52 cards are all present exactly once (GF-DECK), a rank's four cards are in one book or
spread over the hands and the stock, and no hand holds all four of a rank: a book is laid
aside the moment it is complete (GF-BOOK), so a position that shows one in hand is refused.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from cardlib.arguments import card as as_card
from cardlib.arguments import shown, whole
from cardlib.cards import Card, Rank, Suit, seeded, shuffle, standard_deck
from cardlib.errors import NotationError
from cardlib.gofish.rules import Booked, Filled, Held, gf_book, gf_deck, refused_setup
from cardlib.gofish.table import Table


def lay_out(
    table: Table,
    seat: Callable[[object], str],
    hands: Mapping[str, Sequence[Card | str]],
    books: Mapping[str, Sequence[Rank | str | int]] | None,
    stock: Sequence[Card | str],
    hand_sizes: Mapping[str, int] | None,
    to_move: str | None,
    rng: random.Random,
) -> None:
    """Put the position's cards on an empty ``table``: ``seat(name)`` is the player named (or
    a :class:`NotationError`; ``to_move`` is only checked here), ``rng`` shuffles the cards
    named nowhere."""
    for what, given in (("hands", hands), ("books", books), ("hand_sizes", hand_sizes)):
        if given is not None and not isinstance(given, Mapping):
            raise NotationError(f"{what} maps each player to theirs, not {shown(given)}")
    for name in list(hands) + list(books or {}) + list(hand_sizes or {}):
        seat(name)
    held = {name: cards_of(cards, f"{name}'s hand") for name, cards in hands.items()}
    for name, want in (hand_sizes or {}).items():
        whole(want, f"hand_sizes[{name!r}]", minimum=0)
    if to_move is not None:
        seat(to_move)
    named = [c for h in held.values() for c in h]
    top = cards_of(stock, "stock")
    booked = _books(books or {})
    in_books = [Card(rank, suit) for rank in booked for suit in Suit]
    refused_setup(gf_deck(named + top + in_books, whole=False))
    for name in table.players:
        _hold(table, name, held.get(name, []))
    for rank, name in booked.items():
        table.books[name].append(rank)
    used = set(named + top + in_books)
    # the cards named nowhere, shuffled with the seed, top first: the stock below the top
    pack = standard_deck()
    shuffle(pack, seeded(rng.random()))
    under = [c for c in reversed(pack) if c not in used]
    for name, want in (hand_sizes or {}).items():
        _fill_up(table, name, want, under)
    table.stock = top + under


def _books(books: Mapping[str, Sequence[Rank | str | int]]) -> dict[Rank, str]:
    """Who laid aside each rank's book (GF-DECK: a rank has four cards, so one book)."""
    booked: dict[Rank, str] = {}
    for name, ranks in books.items():
        for value in ranks:
            rank = rank_of(value)
            refused_setup(gf_deck(Booked(rank, name, booked)))
            booked[rank] = name
    return booked


def _hold(table: Table, name: str, cards: Sequence[Card]) -> None:
    """Give ``name`` the cards named for them.  GF-BOOK lays a book aside the moment it is
    complete, so a hand never holds four of a rank: a position that says it does is refused
    (the article must list the book under books) at the card that makes the fourth (its
    ``path`` in the position: ``["hands", name, index]``)."""
    hand = table.hands[name]
    for i, card in enumerate(cards):
        hand.append(card)
        refused = gf_book(table, Held(name))
        if refused is not None:
            error = refused.error()
            error.path = ["hands", name, i]
            raise error


def _fill_up(table: Table, name: str, want: int, under: list[Card]) -> None:
    """Fill ``name``'s hand up to ``want`` cards from the top of ``under`` (the cards named
    nowhere), passing over a card that would make four of a rank in hand (GF-BOOK): it goes
    back on top of the stock."""
    hand = table.hands[name]
    if want < len(hand):
        raise NotationError(
            f"hand_sizes[{name!r}] is {want}, but {len(hand)} cards are named for {name}"
        )
    set_aside: list[Card] = []
    while len(hand) < want and under:
        card = under.pop(0)
        if sum(c.rank == card.rank for c in hand) == 3:
            set_aside.append(card)
        else:
            hand.append(card)
    under[:0] = reversed(set_aside)  # back on top, the last passed over first
    # too few cards: each card left would be a fourth (GF-BOOK), or none is left (GF-DECK)
    filled = Filled(name, len(hand), want, under)
    refused_setup(gf_book(table, filled))
    refused_setup(gf_deck(filled))


def cards_of(cards: object, what: str) -> list[Card]:
    """A list of cards given by name or as :class:`Card`."""
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise NotationError(f"{what} is a list of cards, not {shown(cards)}")
    return [as_card(c) for c in cards]


def rank_of(rank: Rank | str | int) -> Rank:
    """A rank given as a :class:`Rank`, its number or its letter (8, "Q", "A")."""
    if isinstance(rank, Rank):
        return rank
    if isinstance(rank, int) and not isinstance(rank, bool) and rank in Rank._value2member_map_:
        return Rank(rank)
    if isinstance(rank, str):
        return Rank.parse(rank)
    raise NotationError(f"{shown(rank)} is not a rank: write it like 8, Q or A")
