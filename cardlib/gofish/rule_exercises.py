"""The exercises go-fish.ipynb asks inside its rule sections, each right after the section of
the last rule it asks about: which tables may start (gf-6), what "Go fish" draws (gf-7),
which fished card lets the asker go on (gf-8), who asks next once hands and the stock run out
(gf-9), who wins (gf-10), and the two variations (gf-11).  Every rule of Go Fish that the
whole-turn exercises at the notebook's end (gf-1 to gf-5, :mod:`cardlib.gofish.exercises`)
leave out is asked here, the two the teacher's guide names as misconceptions each on its own:
GF-GO-FISH (one card, the top one) and GF-LUCKY-DRAW (only the rank just asked for).

This module opens the notebook's chapter of exercises, in the order the notebook asks them
(:mod:`cardlib.gofish.exercises` adds gf-1 to gf-5, asked at the end), and holds what every
Go Fish exercise draws with: hands dealt for a question and a position set up from them.
Each variant is drawn from the student's generator; the right answers are asked of the
engine (a :class:`~cardlib.gofish.GoFishGame` set up and played).

>>> v = Fishing((("Ana", ("5S", "9S")), ("Raj", ("3D",)), ("Eli", ("2C",))), "Raj", "9",
...             ("5H", "9H", "KC"))
>>> game = v.position()
>>> print(game.play("ask Raj 9").text)
Ana asks Raj for 9s; Raj says "Go fish" and Ana draws 5H (GF-GO-FISH); 5H is not the 9 asked for, so Ana keeps it and the turn ends (GF-LUCKY-DRAW); the turn passes to Raj (GF-NEXT)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cards import Card, Rank, standard_deck
from cardlib.errors import RuleViolation
from cardlib.exercises.drawing import names, said
from cardlib.exercises.forms import (
    LEGAL,
    CardSet,
    Form,
    Keys,
    Misread,
    Name,
    Number,
    Reading,
    Table,
    Truth,
    Tuple,
    placeholder,
    type_name,
)
from cardlib.exercises.model import Chapter, FormError
from cardlib.exercises.verdicts import Verdicts
from cardlib.gofish import GoFishGame, GoFishOptions
from cardlib.gofish.narration import plural

EXERCISES = Chapter("go-fish.ipynb")
RULE_SETS = ("pagat", "bicycle", "gamerules")
#: what a learner answers for "who asks next" once the game is over
NOBODY = "nobody"

Hands = tuple[tuple[str, tuple[str, ...]], ...]  # (player, cards), in seating order


# --------------------------------------------------------------------------- shared


def shown(cards: Sequence[str]) -> str:
    """Cards with their suit symbols: ``♠7 ♥7``."""
    return " ".join(Card.parse(c).unicode for c in cards) or "nothing"


def holding(hands: Hands) -> str:
    """``Ana holds ♠7 ♥7; Raj holds ♦7``."""
    return "; ".join(f"{p} holds {shown(cs)}" if cs else f"{p} holds no cards" for p, cs in hands)


def deal_hands(
    rng: random.Random,
    players: Sequence[str],
    fixed: Mapping[str, Sequence[Card]],
    extra: Mapping[str, int],
) -> Hands:
    """Each player's ``fixed`` cards and ``extra[player]`` more, none of a rank that would
    make four of a kind in one hand, drawn from the rest of the pack."""
    taken = {c for cs in fixed.values() for c in cs}
    ranks = {c.rank for c in taken}
    rest = [c for c in standard_deck() if c not in taken and c.rank not in ranks]
    rng.shuffle(rest)
    hands = []
    for p in players:
        cards = list(fixed.get(p, ()))
        for _i in range(extra.get(p, 0)):
            card = next(c for c in rest if sum(x.rank == c.rank for x in cards) < 2)
            rest.remove(card)
            cards.append(card)
        hands.append((p, _sorted(cards)))
    return tuple(hands)


def _sorted(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(str(c) for c in sorted(cards, key=lambda c: (c.rank, c.suit)))


def game_at(
    hands: Hands,
    books: Mapping[str, Sequence[str]] | None = None,
    stock: Sequence[str] = (),
    rule_set: str = "pagat",
    **variations: Any,
) -> GoFishGame:
    """A Go Fish position: these hands (the first player asks), these books, this top of the
    stock, the rest of the pack below, under ``rule_set`` and the ``variations`` agreed
    (:class:`~cardlib.gofish.GoFishOptions`' switches)."""
    players = [p for p, _cs in hands]
    return GoFishGame.from_position(
        players,
        {p: list(cs) for p, cs in hands},
        books=dict(books or {}),
        stock=list(stock),
        to_move=players[0],
        options=GoFishOptions(rule_set=rule_set, **variations),  # type: ignore[arg-type]
    )


def _unseen(hands: Hands, *also: str) -> list[Card]:
    """The cards of the pack that no hand holds (and none of ``also``)."""
    named = {Card.parse(c) for _p, cs in hands for c in cs} | {Card.parse(c) for c in also}
    return [c for c in standard_deck() if c not in named]


def plural_cards(n: int) -> str:
    """``no cards``, ``1 card``, ``3 cards``."""
    return "no cards" if n == 0 else f"{n} card" if n == 1 else f"{n} cards"


def _fact(game: GoFishGame, kind: str) -> str:
    """The last request's fact of ``kind``, as the engine tells it."""
    assert game.last_event is not None
    return next(str(f) for f in game.last_event.facts if f.kind == kind)


# --------------------------------------------------------------------------- gf-6


@dataclass(frozen=True)
class Proposal:
    """A table about to deal: the players in seating order (clockwise), the dealer, the rule
    set, the pack (``None``: a full pack; ``("missing", card)``; ``("twice", card, lost)``:
    ``card`` twice and ``lost`` not at all) and the player who is to ask first (``None``:
    nobody says)."""

    label: str
    players: tuple[str, ...]
    dealer: str
    rule_set: str
    pack: tuple[str, ...] | None = None
    first: str | None = None

    def deck(self) -> list[Card] | None:
        """The pack the table deals from, top first (``None``: a shuffled full pack)."""
        if self.pack is None:
            return None
        deck = standard_deck()
        if self.pack[0] == "missing":
            return [c for c in deck if c != Card.parse(self.pack[1])]
        twice, lost = Card.parse(self.pack[1]), Card.parse(self.pack[2])
        return [twice if c == lost else c for c in deck]

    def deal(self) -> GoFishGame:
        """The game dealt, or the :class:`RuleViolation` of the rule that refuses it."""
        return GoFishGame(
            list(self.players),
            dealer=self.dealer,
            options=GoFishOptions(rule_set=self.rule_set),  # type: ignore[arg-type]
            deck=self.deck(),
            first=self.first,
            seed=1,
        )

    def verdict(self) -> tuple[str, str]:
        """``'legal'`` or the rule that refuses the deal, and the engine's words."""
        try:
            game = self.deal()
        except RuleViolation as refusal:
            return refusal.rule, refusal.message
        return LEGAL, f"{game.to_move} asks first"

    def said(self) -> str:
        seats = said(list(self.players))
        if self.pack is None:
            pack = "a full pack"
        elif self.pack[0] == "missing":
            pack = f"a pack that has lost the {Card.parse(self.pack[1]).unicode}"
        else:
            twice, lost = (Card.parse(c).unicode for c in self.pack[1:])
            pack = f"a pack with two {twice} and no {lost}"
        first = f"; {self.first} is to ask first" if self.first else ""
        return (
            f"**{self.label}**: {seats} sit in that order clockwise and {self.dealer} deals; "
            f"rule set `{self.rule_set}`; {pack}{first}."
        )


@dataclass(frozen=True)
class Tables:
    """Five tables about to deal: may each start, and if not, which rule refuses it?"""

    tables: tuple[Proposal, ...]

    def table(self, label: str) -> Proposal:
        return next(t for t in self.tables if t.label == label)


def _left_of(players: Sequence[str], dealer: str) -> str:
    """Who sits on the dealer's left: the next player clockwise (the question's seating)."""
    return players[(list(players).index(dealer) + 1) % len(players)]


def _draw_tables(rng: random.Random) -> Tables:
    """One table refused by each of GF-PLAYERS, GF-DECK and GF-FIRST, and two that may
    start, of two different kinds a learner may take for refused: two players, the Game
    Rules site's random first player, six players, the dealer's left named first."""

    def seated(n: int) -> tuple[tuple[str, ...], str]:
        players = names(rng, n)
        return players, rng.choice(players)

    def too_many() -> Proposal:
        players, dealer = seated(rng.choice([7, 8]))
        return Proposal("", players, dealer, rng.choice(RULE_SETS))

    def bad_pack() -> Proposal:
        rule_set = rng.choice(RULE_SETS)
        players, dealer = seated(rng.randint(3, 5))
        a, b = rng.sample(standard_deck(), 2)
        pack = ("missing", str(a)) if rng.random() < 0.5 else ("twice", str(a), str(b))
        return Proposal("", players, dealer, rule_set, pack)

    def not_left() -> Proposal:
        players, dealer = seated(rng.randint(3, 5))
        first = rng.choice([p for p in players if p != _left_of(players, dealer)])
        return Proposal("", players, dealer, rng.choice(["pagat", "bicycle"]), first=first)

    def two() -> Proposal:
        players, dealer = seated(2)
        return Proposal("", players, dealer, rng.choice(RULE_SETS))

    def drawn_first() -> Proposal:
        players, dealer = seated(rng.randint(3, 6))
        first = rng.choice([p for p in players if p != _left_of(players, dealer)])
        return Proposal("", players, dealer, "gamerules", first=first)

    def six() -> Proposal:
        players, dealer = seated(6)
        return Proposal("", players, dealer, rng.choice(["pagat", "gamerules"]))

    def left_named() -> Proposal:
        players, dealer = seated(rng.randint(3, 5))
        return Proposal(
            "", players, dealer, rng.choice(["pagat", "bicycle"]), first=_left_of(players, dealer)
        )

    legal: list[Callable[[], Proposal]] = [two, drawn_first, six, left_named]
    made = [too_many(), bad_pack(), not_left(), *(f() for f in rng.sample(legal, 2))]
    rng.shuffle(made)
    return Tables(
        tuple(
            Proposal(label, t.players, t.dealer, t.rule_set, t.pack, t.first)
            for label, t in zip("ABCDE", made, strict=True)
        )
    )


#: the cases of this module's tables of verdicts, each judged by the engine
_TABLES: Verdicts[Any] = Verdicts(lambda v: v.tables)


EXERCISES.define(
    id="gf-6",
    kind="classify",
    title="Which tables may start",
    form="a dictionary from each table's letter to 'legal' or the ID of the rule that refuses it",
    rules=("GF-DECK", "GF-PLAYERS", "GF-FIRST"),
    where="GF-DECK, GF-PLAYERS and GF-FIRST in go-fish.ipynb",
    nudge="Count the players and look at the pack. Then find who sits on the dealer's left: "
    "which rule sets let someone else ask first?",
    draw=_draw_tables,
    question=_TABLES.question(
        "Five tables are about to deal Go Fish. For each, may it start as described, and if "
        "not, which rule refuses it?"
    ),
    answer=_TABLES.answer(),
    solve=_TABLES.solve,
    why=_TABLES.why,
)


# --------------------------------------------------------------------------- gf-7


@dataclass(frozen=True)
class Fishing:
    """The hands (the first player asks), the player asked (who has none of the rank), the
    rank asked for, and the top cards of the stock, top first."""

    hands: Hands
    target: str
    rank: str
    stock: tuple[str, ...]

    @property
    def asker(self) -> str:
        return self.hands[0][0]

    def position(self) -> GoFishGame:
        """The game before the request (Pagat's rules)."""
        return game_at(self.hands, stock=self.stock)

    def played(self) -> GoFishGame:
        game = self.position()
        game.play(f"ask {self.target} {self.rank}")
        return game


def _draw_fishing(rng: random.Random) -> Fishing:
    """The asker holds one or two cards of the rank and the player asked none; the top card of
    the stock is of another rank, and one of the rank asked lies just under it (the wrong
    answer that keeps drawing until the rank turns up)."""
    players = names(rng, rng.choice([3, 4]))
    asker, target = players[0], rng.choice(players[1:])
    rank = rng.choice(list(Rank))
    suits = [c for c in standard_deck() if c.rank == rank]
    rng.shuffle(suits)
    mine = rng.randint(1, 2)
    extra = {p: rng.randint(1, 3) for p in players}
    hands = deal_hands(rng, players, {asker: suits[:mine]}, extra)
    unseen = _unseen(hands)
    of_rank = [c for c in unseen if c.rank == rank]
    other = [c for c in unseen if c.rank != rank]
    rng.shuffle(other)
    under = [other[1]] if rng.random() < 0.5 else []
    stock = [other[0], *under, rng.choice(of_rank)]
    return Fishing(hands, target, str(rank), tuple(str(c) for c in stock))


def _fishing_question(v: Fishing) -> str:
    return (
        f"Pagat's rules. {holding(v.hands)}. The top of the stock, from the top down: "
        f"{shown(v.stock)}, and more cards under them. {v.asker} asks {v.target} for "
        f"{plural(Rank.parse(v.rank))}, and {v.target} has none. Which cards does {v.asker} "
        "hold afterwards?"
    )


EXERCISES.define(
    id="gf-7",
    kind="predict",
    title="Go fish: what the asker draws",
    form="a list of cards, in any order, like ['5S', '9H']",
    rules=("GF-GO-FISH",),
    where="GF-GO-FISH in go-fish.ipynb",
    nudge="When the player asked has none, how many cards does the asker take, and from "
    "where in the stock? Does the asker go on drawing until the rank turns up?",
    draw=_draw_fishing,
    question=_fishing_question,
    answer=CardSet(Card.parse, lambda v: [c for _p, cs in v.hands for c in cs] + list(v.stock)),
    solve=lambda v: tuple(str(c) for c in v.played().hand(v.asker)),
    why=lambda v, _right: (
        f"{_fact(v.played(), 'fish')}: exactly one card, the top one; the "
        f"{Card.parse(v.stock[-1]).unicode} further down stays in the stock, although it is "
        "of the rank asked for."
    ),
)


# --------------------------------------------------------------------------- gf-8


@dataclass(frozen=True)
class LuckyDraw:
    """The hands (the first player asks), the player asked (who has none of the rank), the
    rank asked for, and the cards that might be on top of the stock."""

    hands: Hands
    target: str
    rank: str
    cards: tuple[str, ...]

    @property
    def asker(self) -> str:
        return self.hands[0][0]

    def position(self, top: str) -> GoFishGame:
        """The game before the request (Pagat's rules), with ``top`` on top of the stock."""
        return game_at(self.hands, stock=[top])

    def played(self, top: str) -> GoFishGame:
        game = self.position(top)
        game.play(f"ask {self.target} {self.rank}")
        return game

    def lucky(self, right: Mapping[str, bool]) -> list[str]:
        """The cards that let the asker go on (what the answer states)."""
        return [c for c in self.cards if right[c]]


def _draw_lucky(rng: random.Random) -> LuckyDraw:
    """The asker holds one or two cards of the rank asked and one to three of another rank;
    the cards that might be fished: one or two of the rank asked, one of that other rank
    (a pair, three, or the fourth that makes a book: the misconception), and one of a rank
    the asker does not hold."""
    asker, target, third = names(rng, 3)
    rank, other = rng.sample(list(Rank), 2)
    asked = [c for c in standard_deck() if c.rank == rank]
    matching = [c for c in standard_deck() if c.rank == other]
    rng.shuffle(asked)
    rng.shuffle(matching)
    mine, pairs = rng.randint(1, 2), rng.randint(1, 3)
    fixed = {asker: asked[:mine] + matching[:pairs]}
    extra = {asker: rng.choice([0, 1]), target: rng.randint(2, 3), third: rng.randint(2, 3)}
    hands = deal_hands(rng, [asker, target, third], fixed, extra)
    held = {Card.parse(c).rank for c in hands[0][1]}
    unseen = _unseen(hands)
    lucky = rng.sample([c for c in unseen if c.rank == rank], rng.choice([1, 1, 2]))
    paired = rng.choice([c for c in unseen if c.rank == other])
    plain = rng.choice([c for c in unseen if c.rank not in held])
    cards = [*lucky, paired, plain]
    rng.shuffle(cards)
    return LuckyDraw(hands, target, str(rank), tuple(str(c) for c in cards))


EXERCISES.define(
    id="gf-8",
    kind="predict",
    title="Which fished card lets you go on",
    form="a dictionary from each card to True (the asker asks again) or False",
    rules=("GF-LUCKY-DRAW",),
    where="GF-LUCKY-DRAW in go-fish.ipynb",
    nudge="Which rank was just asked for? Does a card that matches something else in the hand, "
    "or even completes a book of it, count?",
    draw=_draw_lucky,
    question=lambda v: (
        f"Pagat's rules. {holding(v.hands)}. {v.asker} asks {v.target} for "
        f'{plural(Rank.parse(v.rank))}; {v.target} has none and says "Go fish". For each card '
        f"that might be on top of the stock, {said([f'{shown([c])} (`{c}`)' for c in v.cards])}"
        f": does {v.asker} ask again after fishing it?"
    ),
    answer=Table(lambda v: v.cards, Truth(), Keys(parse=Card.parse, prefixes=False)),
    solve=lambda v: {c: v.played(c).to_move == v.asker for c in v.cards},
    values=lambda v, right: v.lucky(right),
    why=lambda v, _right: (
        "; ".join(f"{shown([c])}: {_fact(v.played(c), 'lucky-draw')}" for c in v.cards) + "."
    ),
)


# --------------------------------------------------------------------------- gf-9


@dataclass(frozen=True)
class StockOut:
    """Bicycle's rules near the end: four players in seating order (the first asks; the
    second, on the asker's left, holds no cards), the whole stock, top first, the player
    asked and the rank; every other rank is a book already."""

    hands: Hands
    stock: tuple[str, ...]
    target: str
    rank: str

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p, _cs in self.hands)

    @property
    def asker(self) -> str:
        return self.players[0]

    def books(self) -> dict[str, list[str]]:
        """The ranks no card of which is in play, laid aside in turn by each player."""
        live = {Card.parse(c).rank for _p, cs in self.hands for c in cs}
        live |= {Card.parse(c).rank for c in self.stock}
        laid: dict[str, list[str]] = {p: [] for p in self.players}
        for i, rank in enumerate(r for r in Rank if r not in live):
            laid[self.players[i % len(self.players)]].append(str(rank))
        return laid

    def position(self) -> GoFishGame:
        """The game before the request (Bicycle's rules)."""
        return game_at(self.hands, self.books(), self.stock, "bicycle")

    def played(self) -> GoFishGame:
        game = self.position()
        game.play(f"ask {self.target} {self.rank}")
        return game


def _draw_stock_out(rng: random.Random) -> StockOut:
    """Four ranks still in play, none to the asker's left; a stock of none to four cards whose
    top card (if any) is not of the rank asked and makes no book; the player asked has none
    of the rank and is not the one two seats on."""
    players = names(rng, 4)
    asker, _left, across, target = players  # the left-hand neighbour holds no cards
    while True:
        live = rng.sample(list(Rank), 4)
        cards = [c for c in standard_deck() if c.rank in live]
        rng.shuffle(cards)
        k = rng.randint(0, 4)
        stock, rest = cards[:k], cards[k:]
        dealt: dict[str, list[Card]] = {asker: [], across: [], target: []}
        for card in rest:
            dealt[rng.choice(list(dealt))].append(card)
        counts = [[c.rank for c in cs].count(r) for cs in dealt.values() for r in live]
        if max(counts) > 3 or not all(dealt.values()):
            continue
        mine = {c.rank for c in dealt[asker]}
        ranks = [r for r in mine if all(c.rank != r for c in dealt[target])]
        if stock:
            top = stock[0].rank
            ranks = [r for r in ranks if r != top]
            if sum(c.rank == top for c in dealt[asker]) == 3:
                continue
        if ranks:
            hands = tuple((p, _sorted(dealt.get(p, []))) for p in players)
            rank = rng.choice(sorted(ranks))
            return StockOut(hands, tuple(str(c) for c in stock), target, str(rank))


def _stock_said(stock: Sequence[str]) -> str:
    if not stock:
        return "the stock is empty"
    if len(stock) == 1:
        return f"the stock holds one card, the {shown(stock)}"
    return f"the stock holds {len(stock)} cards, from the top {said([shown([c]) for c in stock])}"


EXERCISES.define(
    id="gf-9",
    kind="predict",
    title="Who asks next when hands and the stock run out",
    form="two values in a tuple: (a player's name, or 'nobody' if the game is over; a whole "
    "number)",
    rules=("GF-EMPTY-DRAW", "GF-END-ALL-BOOKS", "GF-NO-STOCK"),
    where="GF-EMPTY-DRAW, GF-END-ALL-BOOKS and GF-NO-STOCK in go-fish.ipynb",
    nudge="Is there a card to fish? When the turn reaches a player with no cards, can they "
    "draw, or are they out? And what ends Bicycle's game?",
    draw=_draw_stock_out,
    question=lambda v: (
        f"Bicycle's rules, four players in the order {said(list(v.players))} ({v.players[1]} "
        f"is on {v.asker}'s left). The books of every other rank are laid aside already. "
        f"{holding(v.hands)}; {_stock_said(v.stock)}. {v.asker} asks {v.target} for "
        f"{plural(Rank.parse(v.rank))}, and {v.target} has none. Who asks next, and how many "
        "cards are left in the stock then?"
    ),
    answer=Tuple(
        ("who asks next", Name(lambda v: (*v.players, NOBODY), "a player's name or 'nobody'")),
        ("the cards left in the stock", Number()),
    ),
    solve=lambda v: ((game := v.played()).to_move or NOBODY, game.stock_size),
    why=lambda v, _right: (
        f"{v.played().log[-1].text}; then the stock holds {plural_cards(v.played().stock_size)}."
    ),
)


# --------------------------------------------------------------------------- gf-10


@dataclass(frozen=True)
class Ending:
    """Three players' hands (the first asks), their books, and the request that ends the
    game (Pagat's rules: a hand empties)."""

    hands: Hands
    books: tuple[tuple[str, tuple[str, ...]], ...]
    target: str
    rank: str

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p, _cs in self.hands)

    @property
    def asker(self) -> str:
        return self.players[0]

    def position(self) -> GoFishGame:
        return game_at(self.hands, dict(self.books))

    def played(self) -> GoFishGame:
        game = self.position()
        game.play(f"ask {self.target} {self.rank}")
        return game


def _draw_ending(rng: random.Random) -> Ending:
    """The request empties the asker's hand or the asked player's, and makes a book or not;
    the third player holds three of a kind (which counts for nothing); the books already laid
    aside are drawn so that the winner, or a tie, differs from student to student."""
    asker, target, third = names(rng, 3)
    rank, three = rng.sample(list(Rank), 2)
    suits = [c for c in standard_deck() if c.rank == rank]
    rng.shuffle(suits)
    threes = [c for c in standard_deck() if c.rank == three][:3]
    mine = rng.randint(1, 3)
    case = rng.choice(["asker empties", "asked empties", "asked empties, no book"])
    if case == "asked empties, no book" and mine == 3:
        case = "asked empties"
    theirs = 4 - mine if case != "asked empties, no book" else rng.randint(1, 3 - mine)
    fixed = {
        asker: suits[:mine],
        target: suits[mine : mine + theirs],
        third: threes + suits[mine + theirs :],
    }
    extra = {
        asker: 0 if case == "asker empties" else rng.randint(1, 2),
        target: 0 if case != "asker empties" else rng.randint(1, 2),
        third: rng.randint(0, 2),
    }
    hands = deal_hands(rng, [asker, target, third], fixed, extra)
    held = {Card.parse(c).rank for _p, cs in hands for c in cs}
    free = [str(r) for r in Rank if r not in held]
    rng.shuffle(free)
    books = []
    for p in (asker, target, third):
        n = rng.randint(0, 3)
        books.append((p, tuple(free[:n])))
        free = free[n:]
    return Ending(hands, tuple(books), target, str(rank))


def _books_said(v: Ending) -> str:
    """``Ana the 6s and the Js; Raj none``: the books, each named (the learner counts them)."""

    def one(p: str, ranks: Sequence[str]) -> str:
        laid = said([f"the {plural(Rank.parse(r))}" for r in ranks])
        return f"{p} {laid}" if ranks else f"{p} none"

    return "; ".join(one(p, ranks) for p, ranks in v.books)


class Players(Form[Any]):
    """A list of players' names in any order (``['Ana', 'Raj']``), each read as
    :class:`~cardlib.exercises.forms.Name` reads one (any case, an unambiguous beginning);
    one name alone is read as a list of one.  Each name named, in the answer or in the right
    one, is a part: right when both have it (as :class:`~cardlib.exercises.forms.CardSet`
    marks cards)."""

    noun = "names in your list or in the right one"
    absent = False

    def __init__(self, players: Callable[[Any], Sequence[str]]) -> None:
        self.name = Name(players, "a player's name")
        self.players = players

    def rubric(self) -> str:
        return (
            "one part per name in the answer or in the right one: the names both give, over "
            "all the names either gives"
        )

    def read(self, answer: Any, v: Any) -> Reading:
        placeholder(answer)
        given = [answer] if isinstance(answer, str) else answer
        if not isinstance(given, list | tuple | set):
            raise FormError(f"the answer is {type_name(answer)}, {answer!r}, not a list of names.")
        named: dict[str, Any] = {}
        for item in given:
            try:
                named[self.name.normal(item, v, f"{item!r}")] = True
            except FormError as why:
                named[f"{item!r}"] = Misread(str(why))
        return Reading(tuple(sorted(n for n, ok in named.items() if ok is True)), named)

    def split(self, right: Any, v: Any) -> dict[str, Any]:
        return dict.fromkeys(right, True)

    def blank(self, v: Any) -> Any:
        return []

    def template(self, v: Any) -> str:
        return "[]"

    def literal(self, right: Any, v: Any) -> str:
        return "[" + ", ".join(f'"{n}"' for n in right) + "]"

    def wrong(self, right: Any, v: Any) -> Any:
        if len(right) > 1:
            return list(right[1:])
        return [*right, next(p for p in self.players(v) if p not in right)]


EXERCISES.define(
    id="gf-10",
    kind="predict",
    title="Who wins",
    form="a list of the winners' names, like ['Ana'] (more than one if they tie)",
    rules=("GF-BOOK", "GF-WIN"),
    where="GF-BOOK and GF-WIN in go-fish.ipynb",
    nudge="Count only complete books, with any the request lays down. What do the cards still "
    "in a hand count for, and what if two players have the same number of books?",
    draw=_draw_ending,
    question=lambda v: (
        f"Pagat's rules. {holding(v.hands)}. Books laid aside: {_books_said(v)}. {v.asker} "
        f"asks {v.target} for {plural(Rank.parse(v.rank))}, and this request ends the game. "
        "Who wins?"
    ),
    answer=Players(lambda v: v.players),
    solve=lambda v: tuple(v.played().winners()),
    why=lambda v, _right: str(v.played().log[-1].text),
)


# --------------------------------------------------------------------------- gf-11


@dataclass(frozen=True)
class Variations:
    """Three players in seating order (the first asks) under Pagat's rules with the
    specific-card and the refill variations, the top five cards of the stock, top first, and
    the request: the player asked and the card asked for."""

    hands: Hands
    stock: tuple[str, ...]
    target: str
    card: str

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p, _cs in self.hands)

    @property
    def asker(self) -> str:
        return self.players[0]

    def facts(self) -> tuple[str, ...]:
        """What decides the answer: who asks whom for which card, the asker's hand, the top
        of the stock."""
        return (self.asker, self.target, self.card, *self.hands[0][1], self.stock[0])

    def position(self) -> GoFishGame:
        """The game before the request."""
        return game_at(self.hands, stock=self.stock, specific_card=True, refill=True)

    def played(self) -> GoFishGame:
        game = self.position()
        game.play(f"ask {self.target} {self.card}")
        return game


def _draw_variations(rng: random.Random) -> Variations:
    """One of three requests: the asker's last three cards of a rank are made a book by the
    fourth, and the empty hand refills; the player asked holds two of the rank and gives only
    the card asked for; or the player asked holds another card of the rank but not the one
    asked for, and the asker fishes (that very card, or another of the rank)."""
    asker, left, other = names(rng, 3)
    target = rng.choice([left, other])
    third = left if target == other else other
    rank = rng.choice(list(Rank))
    suits = [c for c in standard_deck() if c.rank == rank]
    rng.shuffle(suits)
    case = rng.choice(["refill", "only that card", "fish"])
    top: list[Card] = []
    if case == "refill":
        card, fixed = suits[3], {asker: suits[:3], target: suits[3:]}
        extra = {asker: 0, target: rng.randint(0, 2), third: rng.randint(2, 3)}
    elif case == "only that card":
        mine = rng.randint(1, 2)
        card = suits[mine]
        fixed = {asker: suits[:mine], target: suits[mine : mine + 2], third: suits[mine + 2 :]}
        extra = {asker: rng.randint(1, 2), target: rng.randint(0, 2), third: rng.randint(1, 3)}
    else:
        mine = rng.randint(1, 2)
        decoy, card = suits[mine], suits[mine + 1]
        fixed = {asker: suits[:mine], target: [decoy]}
        extra = {asker: rng.randint(1, 2), target: rng.randint(1, 2), third: rng.randint(1, 3)}
        if rng.random() < 0.5:  # the very card asked for
            top = [card]
        elif mine == 1:  # another card of the rank
            top = [suits[3]]
    hands = deal_hands(rng, [asker, left, other], fixed, extra)
    if case == "fish" and not top:  # the asker holds two: a card of another rank
        top = [rng.choice([c for c in _unseen(hands) if c.rank != rank])]
    rest = [c for c in _unseen(hands) if c not in top]
    while True:
        under = rng.sample(rest, 5 - len(top))
        stock = [*top, *under]
        if all(sum(c.rank == x.rank for c in stock) < 4 for x in stock):
            return Variations(hands, tuple(str(c) for c in stock), target, str(card))


EXERCISES.define(
    id="gf-11",
    kind="predict",
    title="The variations: one card asked for, an empty hand refilled",
    form="two values in a tuple: (a whole number, a player's name or 'nobody' if the game is over)",
    rules=("GF-VAR-CARD", "GF-VAR-REFILL"),
    where="GF-VAR-CARD and GF-VAR-REFILL in go-fish.ipynb",
    nudge="With a card asked for, what is handed over, and which fished card lets you go on? "
    "And what happens at once to a hand that empties when the refill variation is agreed?",
    draw=_draw_variations,
    question=lambda v: (
        "Pagat's rules with two variations agreed before play: the specific-card variation "
        "(you may not ask for a card you hold) and the refill variation. Seating order: "
        f"{said(list(v.players))}. {holding(v.hands)}. The top of the stock, from the top "
        f"down: {shown(v.stock)}. {v.asker} asks {v.target} for the "
        f"{Card.parse(v.card).unicode} (`ask {v.target} {v.card}`). How many cards does "
        f"{v.asker} hold afterwards, and who asks next?"
    ),
    answer=Tuple(
        ("the asker's cards", Number()),
        ("who asks next", Name(lambda v: (*v.players, NOBODY), "a player's name or 'nobody'")),
    ),
    solve=lambda v: (len((game := v.played()).hand(v.asker)), game.to_move or NOBODY),
    why=lambda v, _right: str(v.played().log[-1].text),
)
