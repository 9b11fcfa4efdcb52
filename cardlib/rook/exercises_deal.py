"""The exercises rook.ipynb asks inside its rule sections before the tricks, each right after
the section of the last rule it asks about: which tables may deal (rook-6), which bids the
dealer may make when the other three have passed (rook-7) and which moves the bidder may make
with the nest (rook-8).  :mod:`cardlib.rook.exercises_play` adds those asked in the play of
the hand and at its end (rook-9 to rook-15), and :mod:`cardlib.rook.exercises` the whole-hand
exercises at the notebook's end (rook-1 to rook-5).

This module opens the notebook's chapter of exercises, in the order the notebook asks them.
Each variant is drawn from the student's generator; the right answers are asked of the engine
(a :class:`~cardlib.rook.RookHand` dealt or set up, and the move tried on it).

>>> Setup("A", ("Ana", "Raj", "Eli")).verdict()[0]
'ROOK-TEAMS'
>>> Setup("B", ("Ana", "Raj", "Eli", "Oli"), split=(10, 1)).verdict()
('ROOK-DEAL', 'Ana is given 10 cards, but a hand is 9')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from cardlib.errors import RuleViolation
from cardlib.exercises.drawing import names, said
from cardlib.exercises.forms import LEGAL, Keys, Table, Verdict, classify
from cardlib.exercises.model import Chapter
from cardlib.exercises.verdicts import Verdicts
from cardlib.rook import DEFAULT_PLAYERS, MAX_BID, MIN_BID, RookHand, RookOptions
from cardlib.rook.cards import rook_deck
from cardlib.rook.moves import RookMove

EXERCISES = Chapter("rook.ipynb")
SEATS = tuple(DEFAULT_PLAYERS)

AllPass = Literal["redeal", "dealer-takes-70"] | None


def _after(seat: str, n: int = 1) -> str:
    """The seat ``n`` places clockwise (to the left) of ``seat``."""
    return SEATS[(SEATS.index(seat) + n) % len(SEATS)]


def listed(cards: list[str] | tuple[str, ...]) -> str:
    return " ".join(cards)


# --------------------------------------------------------------------------- rook-6


@dataclass(frozen=True)
class Setup:
    """A table about to deal Rook: its players in seat order (North, East, South, West), the
    pack (``None``: the Rook pack; ``("missing", card)``; ``("twice", card, lost)``: ``card``
    twice and ``lost`` not at all; ``("four", card)``: a 4 of the card's colour in its place)
    and how the cards are to be shared out (each player's cards, the nest's)."""

    label: str
    players: tuple[str, ...]
    pack: tuple[str, ...] | None = None
    split: tuple[int, int] = (9, 5)

    def deck(self) -> list[str]:
        """The pack the table deals from, top first."""
        deck = [str(c) for c in rook_deck()]
        if self.pack is None:
            return deck
        if self.pack[0] == "missing":
            return [c for c in deck if c != self.pack[1]]
        if self.pack[0] == "four":
            return [c if c != self.pack[1] else c[0] + "4" for c in deck]
        twice, lost = self.pack[1], self.pack[2]
        return [twice if c == lost else c for c in deck]

    def deal(self) -> RookHand:
        """The hand dealt, or the :class:`RuleViolation` of the rule that refuses it."""
        if self.split == (9, 5):
            return RookHand(self.players, deck=self.deck(), seed=1)
        n, nest = self.split
        deck = self.deck()
        hands = {p: deck[i * n : (i + 1) * n] for i, p in enumerate(self.players)}
        return RookHand.from_position(self.players, hands, deck[4 * n : 4 * n + nest])

    def verdict(self) -> tuple[str, str]:
        """``'legal'`` or the rule that refuses the deal, and the engine's words."""
        try:
            hand = self.deal()
        except RuleViolation as refusal:
            return refusal.rule, refusal.message
        return LEGAL, f"{hand.to_move} bids first"

    def said(self) -> str:
        if self.pack is None:
            pack = "the Rook pack"
        elif self.pack[0] == "missing":
            pack = f"the Rook pack, which has lost the {self.pack[1]}"
        elif self.pack[0] == "four":
            pack = f"the Rook pack with the {self.pack[1][0]}4 in place of the {self.pack[1]}"
        else:
            pack = f"a pack with two {self.pack[1]} and no {self.pack[2]}"
        n, nest = self.split
        return (
            f"**{self.label}**: {said(list(self.players))} sit down to play; they deal {pack}, "
            f"{n} cards to each player and {nest} to the nest."
        )


@dataclass(frozen=True)
class Setups:
    """Five tables about to deal: may each start, and if not, which rule refuses it?"""

    tables: tuple[Setup, ...]


def _draw_setups(rng: random.Random) -> Setups:
    """One table refused by each of ROOK-TEAMS, ROOK-DECK and ROOK-DEAL, and two that may
    deal; a learner may take a table of four with the whole pack for refused, or miss that a
    nest of one is not the nest."""
    deck = [str(c) for c in rook_deck()]

    def teams() -> Setup:
        return Setup("", names(rng, rng.choice([3, 5, 6])))

    def pack() -> Setup:
        a, b = rng.sample([c for c in deck if c != "Rook"], 2)
        kind = rng.choice(["missing", "twice", "four"])
        shape = {"missing": ("missing", a), "twice": ("twice", a, b), "four": ("four", a)}[kind]
        return Setup("", names(rng, 4), shape)

    def share() -> Setup:
        return Setup("", names(rng, 4), split=rng.choice([(10, 1), (8, 9)]))

    def legal() -> Setup:
        return Setup("", names(rng, 4))

    makers: list[Callable[[], Setup]] = [teams, pack, share, legal, legal]
    extra = rng.choice([teams, pack, share, legal])
    made = [f() for f in rng.sample(makers, 4)] + [extra()]
    rng.shuffle(made)
    return Setups(
        tuple(
            Setup(label, t.players, t.pack, t.split) for label, t in zip("ABCDE", made, strict=True)
        )
    )


#: the cases of this module's tables of verdicts, each judged by the engine
_TABLES: Verdicts[Any] = Verdicts(lambda v: v.tables)


EXERCISES.define(
    id="rook-6",
    kind="classify",
    title="Which tables may deal",
    form="a dictionary from each table's letter to 'legal' or the ID of the rule that refuses it",
    rules=("ROOK-DECK", "ROOK-TEAMS", "ROOK-DEAL"),
    where="ROOK-DECK, ROOK-TEAMS and ROOK-DEAL in rook.ipynb",
    nudge="Count the players, then check the pack card by card: which numbers are in a Rook "
    "pack, and how many of each? Then count what each player and the nest are given.",
    draw=_draw_setups,
    question=_TABLES.question(
        "Five tables are about to deal Rook. For each, may it deal as described, and if not, "
        "which rule refuses it?"
    ),
    answer=_TABLES.answer(),
    solve=_TABLES.solve,
    why=_TABLES.why,
)


# --------------------------------------------------------------------------- rook-7


@dataclass(frozen=True)
class DealerSpeaks:
    """The other three have passed and the dealer is to speak, under the house rule agreed
    for an auction that all four pass (``None``: none agreed); the moves asked about."""

    dealer: str
    all_pass: AllPass
    moves: tuple[str, ...]
    seed: int

    def position(self) -> RookHand:
        """The auction at the dealer's turn."""
        hand = RookHand(
            SEATS, dealer=self.dealer, options=RookOptions(self.all_pass), seed=self.seed
        )
        for _i in range(3):
            hand.play("pass")
        return hand


HOUSE_RULES = {
    None: "The table has agreed no house rule for an auction that all four pass.",
    "redeal": "The table agreed before play: if all four pass, the cards are thrown in and "
    "the same dealer deals again.",
    "dealer-takes-70": "The table agreed before play: if all four pass, the dealer's team "
    "takes the contract at 70.",
}


def _draw_dealer_speaks(rng: random.Random) -> DealerSpeaks:
    """The dealer's pass, a bid of the ladder, and two bids off it (below 70, above 120, or
    not a multiple of 5); the house rule agreed or none, so that the pass is refused for some
    students and allowed for others."""
    dealer = rng.choice(SEATS)
    all_pass: AllPass = rng.choice([None, None, "redeal", "dealer-takes-70"])
    ladder = list(range(MIN_BID, MAX_BID + 5, 5))
    off = [MIN_BID - 5, MIN_BID - 10, MAX_BID + 5, MAX_BID + 10]
    off += [n + rng.choice([1, 2, 3, 4]) for n in rng.sample(ladder[:-1], 3)]
    moves = ["pass", f"bid {rng.choice(ladder)}", *(f"bid {n}" for n in rng.sample(off, 2))]
    rng.shuffle(moves)
    return DealerSpeaks(dealer, all_pass, tuple(moves), rng.randint(1, 999))


EXERCISES.define(
    id="rook-7",
    kind="classify",
    title="What the dealer may say when the other three have passed",
    form="a dictionary from each move to 'legal' or the ID of the rule that refuses it",
    rules=("ROOK-BID-MIN", "ROOK-ALL-PASS"),
    where="ROOK-BID-MIN and ROOK-ALL-PASS in rook.ipynb",
    nudge="Which numbers may a bid be: how low, how high, in what steps? And may the fourth "
    "player pass when nobody has bid: what did this table agree?",
    draw=_draw_dealer_speaks,
    question=lambda v: (
        f"{v.dealer} deals; {said([_after(v.dealer, i) for i in (1, 2, 3)])} have passed in "
        f"turn, and nobody has bid. {HOUSE_RULES[v.all_pass]} For each of "
        f"{said([f'`{m}`' for m in v.moves])}: is it legal for {v.dealer}, and if not, which "
        "rule refuses it?"
    ),
    answer=Table(lambda v: v.moves, Verdict(), Keys.moves(RookMove.parse)),
    solve=lambda v: classify(v.position(), v.moves),
    why=lambda v, right: (
        "The engine says " + "; ".join(f"{m}: {verdict}" for m, verdict in right.items()) + "."
    ),
)


# --------------------------------------------------------------------------- rook-8


@dataclass(frozen=True)
class Exchange:
    """The bidder has picked up the nest (``seed`` deals the hand, ``dealer`` dealt); the moves
    asked about."""

    dealer: str
    bidder: str
    seed: int
    moves: tuple[str, ...]

    def position(self) -> RookHand:
        """The hand at the exchange: the bidder holds fourteen cards."""
        return RookHand.from_position(
            SEATS, {}, dealer=self.dealer, bid=(self.bidder, 80), seed=self.seed
        )

    def held(self) -> tuple[str, ...]:
        return tuple(str(c) for c in self.position().hand_of(self.bidder))


def _draw_exchange(rng: random.Random) -> Exchange:
    """Laying aside five of the fourteen (with a counter among them or not), four or six of
    them, five with a card the bidder does not hold, and naming trump before the exchange."""
    dealer, bidder = rng.choice(SEATS), rng.choice(SEATS)
    v = Exchange(dealer, bidder, rng.randint(1, 999), ())
    held = list(v.held())
    others = [str(c) for c in rook_deck() if str(c) not in held]

    def aside(cards: list[str]) -> str:
        return "lay aside " + listed(cards)

    moves = [
        aside(rng.sample(held, 5)),
        aside(rng.sample(held, rng.choice([4, 6]))),
        aside([*rng.sample(held, 4), rng.choice(others)]),
        f"trump {rng.choice(['red', 'yellow', 'black', 'green'])}",
    ]
    if rng.random() < 0.5:
        moves[1] = aside(rng.sample(held, 5))
    rng.shuffle(moves)
    return Exchange(dealer, bidder, v.seed, tuple(moves))


EXERCISES.define(
    id="rook-8",
    kind="classify",
    title="The bidder and the nest",
    form="a dictionary from each move to 'legal' or the ID of the rule that refuses it",
    rules=("ROOK-NEST-TAKE", "ROOK-TRUMP"),
    where="ROOK-NEST-TAKE and ROOK-TRUMP in rook.ipynb",
    nudge="How many cards go back into the nest, and from where? May counters go? And what "
    "comes first, the new nest or trump?",
    draw=_draw_exchange,
    question=lambda v: (
        f"{v.dealer} dealt and {v.bidder} won the auction at 80, and has picked up the nest: "
        f"{v.bidder} now holds `{listed(v.held())}`. For each of "
        f"{said([f'`{m}`' for m in v.moves])}: is it legal for {v.bidder} now, and if not, "
        "which rule refuses it?"
    ),
    answer=Table(lambda v: v.moves, Verdict(), Keys.moves(RookMove.parse)),
    solve=lambda v: classify(v.position(), v.moves),
    why=lambda v, right: (
        "The engine says " + "; ".join(f"{m}: {verdict}" for m, verdict in right.items()) + "."
    ),
)
