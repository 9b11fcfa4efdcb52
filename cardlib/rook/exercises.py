"""The exercises of rook.ipynb that its end asks: a trick and its counters, a hand's score,
which plays are legal, which cards may follow a lead, and an auction won in the bidding panel
(rook-1 to rook-5), after those asked inside its rule sections (rook-6 to rook-15,
:mod:`cardlib.rook.exercises_deal`, which opens the notebook's chapter, and
:mod:`cardlib.rook.exercises_play`).

Each exercise draws its variant from the student's generator; the right answers are asked
of the engine (a :class:`~cardlib.rook.RookHand` set up and played,
:func:`~cardlib.rook.trick_winner`, :func:`~cardlib.rook.score_hand`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.exercises.answers import Played, learner_moves, replay_moves
from cardlib.exercises.drawing import said
from cardlib.exercises.forms import (
    CardSet,
    Keys,
    Name,
    Number,
    Reading,
    Table,
    Tuple,
    Verdict,
    classify,
    placeholder,
    type_name,
)
from cardlib.exercises.model import FormError, Unanswered
from cardlib.rook import DEFAULT_PLAYERS, RookHand, score_hand, trick_winner
from cardlib.rook.cards import Colour, RookCard, counters, rook_deck
from cardlib.rook.exercises_play import EXERCISES
from cardlib.rook.moves import RookMove

SEATS = tuple(DEFAULT_PLAYERS)
TEAMS = {"NS": "North-South", "EW": "East-West"}


def _after(seat: str, n: int = 1) -> str:
    """The seat ``n`` places clockwise (to the left) of ``seat``."""
    return SEATS[(SEATS.index(seat) + n) % len(SEATS)]


def _colours(rng: random.Random, k: int) -> list[Colour]:
    return rng.sample(list(Colour), k)


def _of(colour: Colour, cards: Sequence[RookCard]) -> list[RookCard]:
    return [c for c in cards if c.colour == colour and not c.is_rook]


def _listed(cards: Sequence[Any]) -> str:
    return " ".join(str(c) for c in cards)


# --------------------------------------------------------------------------- rook-1

#: the tricks rook.ipynb shows before its exercises (its trick-rank and counting examples,
#: the bird's, and the article's nine): no variant has two cards of one of them
SHOWN_TRICKS = {
    ("Y10", "Y5", "Y12", "Y6"),
    ("Y14", "Y9", "G11", "G10"),
    ("G14", "G13", "Rook", "G12"),
}


@dataclass(frozen=True)
class Trick:
    """A trick of four cards in the order played, from ``leader``, with ``trump``."""

    trump: str
    leader: str
    cards: tuple[str, ...]

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(_after(self.leader, i) for i in range(4))

    def facts(self) -> tuple[str, ...]:
        """What decides the answer, as the question writes it: the four cards (with trump,
        which the question capitalises; the leader only names the seats)."""
        return self.cards


def _draw_trick(rng: random.Random) -> Trick:
    """A lead, then each card following the colour led, trumping or throwing off; at least
    one counter in the trick, and at most one card of any trick the notebook shows."""
    from cardlib.rook.article import ARTICLE_TRICKS

    shown = SHOWN_TRICKS | {tuple(str(c) for _p, c in trick) for trick in ARTICLE_TRICKS}
    while True:
        trump, led = _colours(rng, 2)
        pack = rook_deck()
        rng.shuffle(pack)
        lead = _of(led, pack)[0]
        cards = [lead]
        for _i in range(3):
            kind = rng.choice(["follow", "follow", "trump", "other"])
            pool = {
                "follow": _of(led, pack),
                "trump": [*_of(trump, pack), *(c for c in pack if c.is_rook)],
                "other": [c for c in pack if c.colour not in (led, trump) and not c.is_rook],
            }[kind]
            cards.append(next(c for c in pool if c not in cards))
        played = tuple(str(c) for c in cards)
        # two cards in common with a trick the notebook shows, with its counters beside
        # them, and a learner could read the answer off that trick's line
        if counters(played) and all(len(set(played) & set(seen)) < 2 for seen in shown):
            return Trick(str(trump), rng.choice(SEATS), played)


def _trick_question(v: Trick) -> str:
    plays = [f"{v.seats[0]} leads the {v.cards[0]}"] + [
        f"{seat} plays the {card}" for seat, card in zip(v.seats[1:], v.cards[1:], strict=True)
    ]
    return (
        f"{v.trump.capitalize()} is trump. {said(plays)}. Who wins the trick, and how many "
        "counters does it hold?"
    )


EXERCISES.define(
    id="rook-1",
    kind="compute",
    title="A trick and its counters",
    form="two values in a tuple: (a player's name in quotes, a whole number)",
    rules=("ROOK-TRICK-WIN", "ROOK-COUNT"),
    where="ROOK-COUNT and ROOK-TRICK-WIN in rook.ipynb",
    nudge="Is there a trump in the trick? Which cards count: the 5s, 10s, 14s and the Rook?",
    draw=_draw_trick,
    question=_trick_question,
    answer=Tuple(
        ("who wins the trick", Name(lambda v: SEATS, "a player's name")),
        ("its counters", Number()),
    ),
    solve=lambda v: (v.seats[trick_winner(list(v.cards), v.trump)], counters(list(v.cards))),
    why=lambda v, right: (
        f"{right[0]} wins with the {v.cards[trick_winner(list(v.cards), v.trump)]}; the "
        "counters: "
        + " + ".join(str(RookCard.parse(c).points) for c in v.cards if RookCard.parse(c).points)
        + f" = {right[1]}."
    ),
)


# --------------------------------------------------------------------------- rook-2

#: the hands rook.ipynb scores before its exercises: (bidders, bid, their take, the others')
SHOWN_SCORES = {("NS", 95, 120, 0), ("NS", 95, 100, 20), ("NS", 95, 90, 30)}


@dataclass(frozen=True)
class Contract:
    """The bidding team, its bid, and the counters each team took (the nest included)."""

    bidders: str
    bid: int
    took: int
    others_took: int

    def taken(self) -> dict[str, int]:
        other = next(t for t in TEAMS if t != self.bidders)
        return {self.bidders: self.took, other: self.others_took}


def _draw_contract(rng: random.Random) -> Contract:
    """A bid from 70 to 120 and a take that makes it or falls short, as often one as the
    other; the 120 counters shared between the teams."""
    while True:
        bidders, bid = rng.choice(list(TEAMS)), rng.randrange(70, 125, 5)
        took = rng.randrange(bid, 125, 5) if rng.random() < 0.5 else rng.randrange(20, bid, 5)
        v = Contract(bidders, bid, took, 120 - took)
        if (bidders, bid, took, 120 - took) not in SHOWN_SCORES:
            return v


EXERCISES.define(
    id="rook-2",
    kind="compute",
    title="A hand's score",
    form="two values in a tuple: (North-South's score, East-West's score)",
    rules=("ROOK-SCORE-SET", "ROOK-SCORE-MADE"),
    where="ROOK-SCORE-MADE and ROOK-SCORE-SET in rook.ipynb",
    nudge="Did the bidding team reach its bid? If not, what does it lose?",
    draw=_draw_contract,
    question=lambda v: (
        f"{TEAMS[v.bidders]} bid {v.bid} and take {v.took} in counters; "
        f"{TEAMS[next(t for t in TEAMS if t != v.bidders)]} take {v.others_took}. What does "
        "each team score for the hand? Answer (North-South's score, East-West's score)."
    ),
    answer=Tuple(("North-South's score", Number()), ("East-West's score", Number())),
    solve=lambda v: tuple(
        int(points)
        for _team, points in sorted(
            score_hand(v.bidders, v.bid, v.taken()).points.items(),
            key=lambda kv: list(TEAMS).index(str(kv[0].value)),
        )
    ),
    why=lambda v, _right: score_hand(v.bidders, v.bid, v.taken()).explain(),
)


# --------------------------------------------------------------------------- rook-3


@dataclass(frozen=True)
class Following:
    """The first trick of a hand: the hand the ``mover`` holds, the cards played before
    theirs, trump, and the moves the question asks about.  The other hands are filled in
    from ``seed``."""

    dealer: str
    trump: str
    mover: str
    hand: tuple[str, ...]
    played: tuple[str, ...]
    moves: tuple[str, ...]
    seed: int

    @property
    def leader(self) -> str:
        return _after(self.dealer)

    def position(self) -> RookHand:
        """The hand at the mover's turn."""
        hand = RookHand.from_position(
            SEATS,
            {self.leader: [self.played[0]], self.mover: list(self.hand)},
            dealer=self.dealer,
            bid=(self.dealer, 80),
            trump=self.trump,
            seed=self.seed,
        )
        for card in self.played:
            hand.play(f"play {card}")
        return hand


def _draw_following(rng: random.Random) -> Following:
    """The mover holds the colour led, some trump and other colours (the Rook now and
    then); the moves asked about: playing each kind of card, and naming trump again."""
    while True:
        dealer = rng.choice(SEATS)
        mover = _after(dealer, rng.randint(2, 4))
        trump, led, other = _colours(rng, 3)
        pack = rook_deck()
        rng.shuffle(pack)
        lead = _of(led, pack)[0]
        hand = [*_of(led, pack)[1 : 1 + rng.randint(1, 3)], *_of(trump, pack)[: rng.randint(1, 2)]]
        if rng.random() < 0.5:
            hand.append(next(c for c in pack if c.is_rook))
        hand += [c for c in pack if c.colour not in (led, trump) and not c.is_rook][: 9 - len(hand)]
        seed = rng.randint(1, 999)
        v = Following(dealer, str(trump), mover, tuple(map(str, hand)), (str(lead),), (), seed)
        game = v.position()
        played = [str(lead)]
        while game.to_move != mover:  # the seats between the leader and the mover play
            move = rng.choice(sorted(str(m) for m in game.legal_moves()))
            game.play(move)
            played.append(move.removeprefix("play "))
        by_kind = [
            [f"play {c}" for c in hand if c.colour == led],
            [f"play {c}" for c in hand if c.colour == trump and not c.is_rook],
            [f"play {c}" for c in hand if c.colour not in (led, trump) and not c.is_rook],
            [f"play {c}" for c in hand if c.is_rook],
            [f"trump {other}"],
        ]
        moves = [rng.choice(kind) for kind in by_kind if kind]
        rng.shuffle(moves)
        v = Following(dealer, str(trump), mover, v.hand, tuple(played), tuple(moves[:4]), seed)
        verdicts = set(classify(v.position(), v.moves).values())
        if "legal" in verdicts and len(verdicts) > 1:
            return v


def _following_question(v: Following) -> str:
    plays = [f"{v.leader} led the {v.played[0]}"] + [
        f"{_after(v.leader, i)} played the {c}" for i, c in enumerate(v.played[1:], 1)
    ]
    return (
        f"The first trick of a hand ({v.trump} is trump): {said(plays)}. {v.mover} holds "
        f"`{_listed(v.hand)}`. For each of {said([f'`{m}`' for m in v.moves])}: is it legal "
        f"for {v.mover}, and if not, which rule refuses it?"
    )


EXERCISES.define(
    id="rook-3",
    kind="classify",
    title="Which plays are legal",
    form="a dictionary from each move to 'legal' or the ID of the rule that refuses it",
    rules=("ROOK-FOLLOW", "ROOK-BIRD-ANYTIME", "ROOK-TRUMP"),
    where="ROOK-TRUMP, ROOK-FOLLOW and ROOK-BIRD-ANYTIME in rook.ipynb",
    nudge="Which colour was led, and does the player hold it? A trump does not excuse you "
    "from following. And when is trump named?",
    draw=_draw_following,
    question=_following_question,
    answer=Table(lambda v: v.moves, Verdict(), Keys.moves(RookMove.parse)),
    solve=lambda v: classify(v.position(), v.moves),
    why=lambda v, right: (
        "The engine says "
        + "; ".join(f"{m}: {verdict}" for m, verdict in right.items())
        + f". {v.mover} holds the colour led and must follow it; the Rook may be played to "
        "any trick; trump is named once."
    ),
)


# --------------------------------------------------------------------------- rook-4


@dataclass(frozen=True)
class Lead:
    """East leads ``lead`` with ``trump``; South holds ``hand``."""

    trump: str
    lead: str
    hand: tuple[str, ...]

    def position(self) -> RookHand:
        """The trick after East's lead, South to play."""
        hand = RookHand.from_position(
            SEATS,
            {"East": [self.lead], "South": list(self.hand)},
            dealer="North",
            bid=("South", 80),
            trump=self.trump,
        )
        hand.play(f"play {self.lead}")
        return hand


def _draw_lead(rng: random.Random) -> Lead:
    """A trump lead (a trump card, or the Rook), or another colour; South holds the colour
    led or not, trump or not, and the Rook or not: so each rule of the exercise decides
    some variants (following, a void, the bird at any time, the bird led, the bird forced)."""
    while True:
        trump, off = _colours(rng, 2)
        pack = rook_deck()
        rng.shuffle(pack)
        bird = next(c for c in pack if c.is_rook)
        lead = rng.choice([_of(trump, pack)[0], _of(off, pack)[0], bird])
        led = trump if lead.is_rook or lead.colour is None else lead.colour
        rest = [c for c in pack if c != lead]
        hand: list[Any] = []
        if rng.random() < 0.6 and not lead.is_rook:
            hand.append(bird)
        hand += [c for c in _of(led, rest)][: rng.choice([0, 1, 2, 3])]
        hand += [c for c in rest if c.colour not in (led,) and not c.is_rook][: 9 - len(hand)]
        v = Lead(str(trump), str(lead), tuple(str(c) for c in hand))
        legal = _legal(v)
        if 0 < len(legal) < 9 or rng.random() < 0.15:
            return v


def _legal(v: Lead) -> tuple[str, ...]:
    return tuple(sorted(str(m).removeprefix("play ") for m in v.position().legal_moves()))


EXERCISES.define(
    id="rook-4",
    kind="predict",
    title="Which cards may follow",
    form="a list of cards in quotes, in any order",
    rules=("ROOK-FOLLOW", "ROOK-VOID", "ROOK-BIRD-ANYTIME", "ROOK-BIRD-LEAD", "ROOK-BIRD-FORCED"),
    where="ROOK-FOLLOW, ROOK-VOID and the ROOK-BIRD- sections in rook.ipynb",
    nudge="Which colour was led, and does South hold it? Is the Rook a trump here, and may "
    "it be played at any time?",
    draw=_draw_lead,
    question=lambda v: (
        f"{v.trump.capitalize()} is trump and East leads the {v.lead}. South holds "
        f"`{_listed(v.hand)}`. Which cards may South play?"
    ),
    answer=CardSet(RookCard.parse, lambda v: v.hand),
    solve=_legal,
    why=lambda v, right: (
        f"South may play {said(list(right), 'or')}: the engine lists them, by "
        f"{v.position().legal_rule}."
    ),
)


# --------------------------------------------------------------------------- rook-5


@dataclass(frozen=True)
class Auction:
    """The bidding panel's deal (``seed``, ``dealer``) and the auction's goal: ``seat``
    wins it at ``amount``."""

    dealer: str
    seed: int
    seat: str
    amount: int

    def position(self) -> RookHand:
        """The hand at the start of its auction."""
        return RookHand(SEATS, dealer=self.dealer, seed=self.seed)


def _draw_auction(rng: random.Random) -> Auction:
    """Any dealer, any seat, any bid; never the article's auction (North at 95)."""
    while True:
        v = Auction(
            rng.choice(SEATS), rng.randint(1, 999), rng.choice(SEATS), rng.randrange(70, 125, 5)
        )
        if (v.seat, v.amount) != ("North", 95):
            return v


def _goal(v: Auction) -> dict[str, Any]:
    return {"who wins the auction": v.seat, "at what bid": v.amount}


def _look_panel(widget: Any, v: Auction) -> Reading:
    placeholder(widget)
    hand = getattr(widget, "hand", None)
    if hand is None or not hasattr(widget, "bid_button"):
        raise FormError(f"the answer is {type_name(widget)}, not the bidding panel widget.")
    if not hand.history:
        raise Unanswered("The panel is still where it started: bid or pass in it.")
    if hand.phase == "bid":
        raise Unanswered("The auction is not over yet: bid or pass until it is.")
    who, at = _goal(v)
    return Reading(hand, {who: str(hand.bidder), at: int(hand.bid)})


def _panel(v: Auction) -> Any:
    # the widget module imports ipywidgets, which importing the exercises must not
    # (cardlib.exercises imports no Jupyter: a script or a test may check answers)
    from cardlib.rook.widgets import BiddingPanel

    return BiddingPanel(v.position())


def _kept_bids(made: Any) -> dict[str, Any]:
    """The learner's bids and passes, in order."""
    return {"moves": learner_moves(made)}


def _replayed_bids(v: Auction, state: Mapping[str, Any]) -> Any:
    return replay_moves(_panel(v), state.get("moves"), lambda made, move: bool(made.play(move)))


def _bids(v: Auction, amount: int) -> list[str]:
    """The auction in which ``v.seat`` bids ``amount`` at its turn and everyone else passes."""
    first = _after(v.dealer)
    return ["pass" if _after(first, i) != v.seat else f"bid {amount}" for i in range(4)]


def _click(made: Any, moves: Sequence[str]) -> None:
    """Bid and pass with the panel's own chips."""
    for move in moves:
        if move == "pass":
            made.pass_button.click()
        else:
            made.bid_chips[int(move.split()[1])].click()


EXERCISES.define(
    id="rook-5",
    kind="widget",
    title="An auction won in the bidding panel",
    form="the bidding panel widget",
    rules=("ROOK-BID-ORDER", "ROOK-BID-RAISE", "ROOK-BID-PASS", "ROOK-BID-WIN"),
    where="ROOK-BID-ORDER to ROOK-BID-WIN in rook.ipynb",
    nudge="Who bids first, and in which order do the others bid? A player who passes is "
    "out of the auction.",
    draw=_draw_auction,
    question=lambda v: (
        f"In the bidding panel below {v.dealer} has dealt, so {_after(v.dealer)} bids first. "
        f"Bid and pass for each player in turn so that the auction ends with {v.seat} "
        f"winning it at {v.amount}."
    ),
    answer=Played(
        fresh=_panel,
        keep=_kept_bids,
        replay=_replayed_bids,
        look=_look_panel,
        line=lambda v: _bids(v, v.amount),
        astray=lambda v: _bids(v, v.amount + 5 if v.amount < 120 else v.amount - 5),
        enact=_click,
        said=lambda moves: ", ".join(moves) + " (from the first bidder)",
        parts_said="two parts: who wins the auction, and at what bid",
        retry="Click Reset in the panel to start again.",
    ),
    solve=_goal,
    values=lambda v, goal: tuple(goal.values()),
    why=lambda v, hand: (
        f"{hand.bidder}'s {hand.bid} stood once the other three had passed: the last bidder "
        "left wins the auction at that bid."
    ),
)
