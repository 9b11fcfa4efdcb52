"""The exercises rook.ipynb asks inside its rule sections from the last trick on, each right
after the section of the last rule it asks about: where the nest's counters go (rook-9), what
a player without the colour led may play (rook-10), who leads the first two tricks (rook-11),
the Rook against the trumps (rook-12), a lone Rook on a trump lead (rook-13), when the game
is won (rook-14) and who deals after a seat swap (rook-15).  With rook-6 to rook-8
(:mod:`cardlib.rook.exercises_deal`) they ask every rule the whole-hand exercises at the
notebook's end leave out, the four the teacher's guide names as misconceptions each at the
heart of one: ROOK-NEST-LAST, ROOK-VOID, ROOK-BIRD-FORCED and ROOK-GAME.

Each variant is drawn from the student's generator; the right answers are asked of the engine
(a :class:`~cardlib.rook.RookHand` or :class:`~cardlib.rook.RookGame` set up and played, its
computer players given the seed the variant carries).

>>> v = Trumped("green", "East", ("G14", "Rook", "Y10", "G5"))
>>> v.seats[v.winner()], counters(list(v.cards))
('South', 45)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardlib.exercises.drawing import names, said
from cardlib.exercises.forms import Keys, Name, Number, Table, Tuple, Verdict, classify
from cardlib.rook import RookGame, RookHand, RookOptions, simple_bot, trick_winner
from cardlib.rook.cards import Colour, RookCard, counters, rook_deck
from cardlib.rook.exercises_deal import EXERCISES, SEATS, listed
from cardlib.rook.moves import RookMove

TEAMS = {"NS": "North-South", "EW": "East-West"}
#: what a learner answers for "who has won the game" while it goes on
NOBODY = "nobody"
#: the seeds the variants carry are drawn from here: far above any count of counters or
#: total a question asks, so that a seed never reads as an answer
SEEDS = (10_000, 99_999)


def _after(seat: str, n: int = 1) -> str:
    """The seat ``n`` places clockwise (to the left) of ``seat``."""
    return SEATS[(SEATS.index(seat) + n) % len(SEATS)]


def _pack(rng: random.Random) -> list[RookCard]:
    pack = rook_deck()
    rng.shuffle(pack)
    return pack


def _strs(cards: Sequence[RookCard]) -> tuple[str, ...]:
    return tuple(str(c) for c in sorted(cards, key=lambda c: c.order))


def _play_out(game: RookHand | RookGame, seed: int, until: int | None = None) -> None:
    """The computer players play ``game`` on (to its end, or until ``until`` hands are
    played), their ties broken by ``seed``."""
    rng = random.Random(seed)
    while not game.is_over and (until is None or getattr(game, "hands_played", 0) < until):
        assert game.to_move is not None
        game.play(simple_bot(game.view(game.to_move), rng))


# --------------------------------------------------------------------------- rook-9


@dataclass(frozen=True)
class LastTrick:
    """A hand dealt by ``dealer`` from ``seed`` and played out by the computer players."""

    dealer: str
    seed: int

    def played(self) -> RookHand:
        return _played_hand(self)

    def facts(self) -> tuple[str, ...]:
        """What decides the answer: the nest laid aside and the last trick's cards."""
        hand = self.played()
        return (*(str(c) for c in hand.nest), *(str(c) for c in hand.tricks[-1].cards))


@functools.lru_cache(maxsize=256)
def _played_hand(v: LastTrick) -> RookHand:
    hand = RookHand(SEATS, dealer=v.dealer, seed=v.seed)
    _play_out(hand, v.seed)
    return hand


def _draw_last_trick(rng: random.Random) -> LastTrick:
    """A hand whose nest holds counters, won with the last trick by the bidders' team for
    some students and by the other team for the others."""
    theirs = rng.random() < 0.5
    while True:
        v = LastTrick(rng.choice(SEATS), rng.randint(*SEEDS))
        hand = v.played()
        last = hand.tricks[-1]
        if counters(hand.nest) and (hand.team_of(last.winner) == hand.bidders) == theirs:
            return v


def _last_trick_question(v: LastTrick) -> str:
    hand = v.played()
    first = {"NS": 0, "EW": 0}
    for trick in hand.tricks[:-1]:
        first[hand.team_of(trick.winner)] += trick.counters
    last = hand.tricks[-1]
    plays = [f"{p} plays the {c}" for p, c in zip(last.players, last.cards, strict=True)]
    plays[0] = f"{last.players[0]} leads the {last.cards[0]}"
    return (
        f"{hand.bidder} won the auction at {hand.bid}, laid aside `{listed(_strs(hand.nest))}` "
        f"as the new nest and named {hand.trump} as trump. After eight tricks North-South "
        f"have taken {first['NS']} in counters and East-West {first['EW']}. In the ninth and "
        f"last trick {said(plays)}, and {last.winner} wins it. How many counters does each "
        "team take in the whole hand? Answer (North-South's, East-West's)."
    )


EXERCISES.define(
    id="rook-9",
    kind="compute",
    title="Whose counters the nest holds",
    form="two values in a tuple: (North-South's counters, East-West's counters)",
    rules=("ROOK-NEST-LAST", "ROOK-COUNT"),
    where="ROOK-COUNT and ROOK-NEST-LAST in rook.ipynb",
    nudge="Count the last trick's counters for the team that wins it. Then the nest: is it "
    "the bidder's, or does it go with a trick?",
    draw=_draw_last_trick,
    question=_last_trick_question,
    answer=Tuple(("North-South's counters", Number()), ("East-West's counters", Number())),
    solve=lambda v: ((taken := v.played().counters_taken())["NS"], taken["EW"]),
    why=lambda v, _right: (
        f"{v.played().tricks[-1].winner} takes the nest with the last trick, and its "
        f"{counters(v.played().nest)} in counters go to that team, whoever bid."
    ),
)


# --------------------------------------------------------------------------- rook-10


@dataclass(frozen=True)
class Void:
    """The first trick: the dealer's left leads ``lead``; the next player holds ``void``
    (none of the colour led), the player after fills in from ``seed``, the fourth holds
    ``holds`` (some of the colour led)."""

    dealer: str
    trump: str
    lead: str
    void: tuple[str, ...]
    holds: tuple[str, ...]
    seed: int

    @property
    def seats(self) -> tuple[str, ...]:
        """The players in the trick's order, the leader first (the dealer's left)."""
        return tuple(_after(self.dealer, i) for i in (1, 2, 3, 4))

    def position(self) -> RookHand:
        """The hand before the lead."""
        leader, second, _third, fourth = self.seats
        return RookHand.from_position(
            SEATS,
            {leader: [self.lead], second: list(self.void), fourth: list(self.holds)},
            dealer=self.dealer,
            bid=(self.dealer, 80),
            trump=self.trump,
            seed=self.seed,
        )

    def counts(self) -> tuple[int, int]:
        """How many cards the second and the fourth player may play at their turns (the
        third plays the first card the engine allows)."""
        hand = self.position()
        hand.play(f"play {self.lead}")
        second = len(list(hand.legal_moves()))
        for _i in range(2):
            hand.play(next(iter(hand.legal_moves())))
        return second, len(list(hand.legal_moves()))


def _draw_void(rng: random.Random) -> Void:
    """A lead of a colour other than trump; the second player holds none of it (and trump
    or not), the fourth one to four cards of it; neither holds the Rook."""
    dealer = rng.choice(SEATS)
    trump, led = rng.sample(list(Colour), 2)
    pack = [c for c in _pack(rng) if not c.is_rook]
    lead = next(c for c in pack if c.colour is led)
    rest = [c for c in pack if c != lead]
    others = [c for c in rest if c.colour is not led]
    if rng.random() < 0.3:
        others = [c for c in others if c.colour is not trump]
    void = others[:9]
    rest = [c for c in rest if c not in void]
    k = rng.randint(1, 4)
    holds = [c for c in rest if c.colour is led][:k] + [c for c in rest if c.colour is not led][
        : 9 - k
    ]
    seed = rng.randint(*SEEDS)
    return Void(dealer, str(trump), str(lead), _strs(void), _strs(holds), seed)


EXERCISES.define(
    id="rook-10",
    kind="predict",
    title="Without the colour led",
    form="two values in a tuple: (a whole number, a whole number)",
    rules=("ROOK-FOLLOW", "ROOK-VOID"),
    where="ROOK-FOLLOW and ROOK-VOID in rook.ipynb",
    nudge="Which colour was led? A player who holds it must play it; what may a player play "
    "who holds none of it? Must they trump?",
    draw=_draw_void,
    question=lambda v: (
        f"{v.trump.capitalize()} is trump. {v.seats[0]} leads the {v.lead} to the first "
        f"trick. {v.seats[1]} holds `{listed(v.void)}`; {v.seats[3]} holds "
        f"`{listed(v.holds)}`. How many of their cards may {v.seats[1]} play at their turn, "
        f"and how many may {v.seats[3]} play at theirs?"
    ),
    answer=Tuple(
        ("the cards the second player may play", Number()),
        ("the cards the fourth player may play", Number()),
    ),
    solve=lambda v: v.counts(),
    why=lambda v, right: (
        f"{v.seats[1]} holds no {RookCard.parse(v.lead).colour} and may play any card, trump "
        f"or not; {v.seats[3]} holds {right[1]} of the colour led and must play one of them."
    ),
)


# --------------------------------------------------------------------------- rook-11


@dataclass(frozen=True)
class FirstTrick:
    """``dealer`` dealt, ``bidder`` won the auction at 80 and named ``trump``; the cards of
    the first trick in the order played (none a trump, nor the Rook); the rest of each hand
    is filled in from ``seed``."""

    dealer: str
    bidder: str
    trump: str
    cards: tuple[str, ...]
    seed: int

    def facts(self) -> tuple[str, ...]:
        """What decides the answer: who dealt, trump and the trick's cards (not the bidder)."""
        return (self.dealer, self.trump, *self.cards)

    def position(self) -> RookHand:
        """The hand before the first card: each player holds the card they play, and the
        players who do not follow the colour led hold none of it."""
        leader = RookHand.from_position(
            SEATS, {}, dealer=self.dealer, bid=(self.bidder, 80), trump=self.trump, seed=self.seed
        ).to_move
        assert leader is not None
        led = RookCard.parse(self.cards[0]).colour
        played = [RookCard.parse(c) for c in self.cards]
        pool = [c for c in _pack(random.Random(self.seed)) if c not in played]
        hands: dict[str, list[RookCard]] = {}
        # the players who do not follow are dealt first, from the cards of the other colours
        for i in sorted(range(4), key=lambda i: played[i].colour is led):
            card = played[i]
            fits = [
                c for c in pool if card.colour is led or (c.colour is not led and not c.is_rook)
            ]
            hands[_after(leader, i)] = [card, *fits[:8]]
            pool = [c for c in pool if c not in hands[_after(leader, i)]]
        return RookHand.from_position(
            SEATS,
            hands,
            dealer=self.dealer,
            bid=(self.bidder, 80),
            trump=self.trump,
            seed=self.seed,
        )

    def leaders(self) -> tuple[str, str]:
        """Who leads the first trick and who the second, as the engine plays it."""
        hand = self.position()
        first = hand.to_move
        for card in self.cards:
            hand.play(f"play {card}")
        assert first is not None and hand.to_move is not None
        return first, hand.to_move


def _draw_first_trick(rng: random.Random) -> FirstTrick:
    """A bidder who is not always the dealer's left; a first trick without trump in which
    the colour led is followed or not, its highest card not always a counter and the
    highest card of another colour sometimes higher."""
    dealer, bidder = rng.choice(SEATS), rng.choice(SEATS)
    trump, led = rng.sample(list(Colour), 2)
    pack = [c for c in _pack(rng) if not c.is_rook and c.colour is not trump]
    lead = next(c for c in pack if c.colour is led)
    cards = [lead]
    for _i in range(3):
        follow = rng.random() < 0.6
        cards.append(next(c for c in pack if c not in cards and (c.colour is led) == follow))
    return FirstTrick(dealer, bidder, str(trump), tuple(map(str, cards)), rng.randint(*SEEDS))


EXERCISES.define(
    id="rook-11",
    kind="predict",
    title="Who leads the first two tricks",
    form="two values in a tuple: (a player's name in quotes, a player's name in quotes)",
    rules=("ROOK-LEAD", "ROOK-RANK", "ROOK-TRICK-WIN"),
    where="ROOK-RANK, ROOK-LEAD and ROOK-TRICK-WIN in rook.ipynb",
    nudge="Who leads first: the bidder, or someone else? Then who sits where in the trick, and "
    "which card is the highest of the colour led?",
    draw=_draw_first_trick,
    question=lambda v: (
        f"{v.dealer} deals. {v.bidder} wins the auction at 80 and names {v.trump} as trump. "
        f"The first trick's cards, in the order played: {said([f'`{c}`' for c in v.cards])}. "
        "Who leads the first trick, and who leads the second?"
    ),
    answer=Tuple(
        ("who leads the first trick", Name(lambda v: SEATS, "a player's name")),
        ("who leads the second", Name(lambda v: SEATS, "a player's name")),
    ),
    solve=lambda v: v.leaders(),
    why=lambda v, right: (
        f"{right[0]}, on the dealer's left, leads the first trick whoever bid; the trick goes "
        f"to {right[1]}, who leads the next."
    ),
)


# --------------------------------------------------------------------------- rook-12


@dataclass(frozen=True)
class Trumped:
    """A trick with the Rook in it: trump, who leads, the four cards in the order played."""

    trump: str
    leader: str
    cards: tuple[str, ...]

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(_after(self.leader, i) for i in range(4))

    def winner(self) -> int:
        """The place in the trick of the card that wins it (the engine's trick rule)."""
        return trick_winner(list(self.cards), self.trump)


def _draw_trumped(rng: random.Random) -> Trumped:
    """The Rook and (mostly) the 14 of trump in one trick, with a card of the colour led or a
    trump besides."""
    trump = rng.choice(list(Colour))
    pack = _pack(rng)
    bird = next(c for c in pack if c.is_rook)
    high = next(c for c in pack if c.colour is trump and c.number == 14)
    cards = [bird, high] if rng.random() < 0.8 else [bird]
    cards += [c for c in pack if c not in cards][: 4 - len(cards)]
    rng.shuffle(cards)
    if cards[0].is_rook:  # a Rook led is a trump lead: lead another card
        cards[0], cards[1] = cards[1], cards[0]
    return Trumped(str(trump), rng.choice(SEATS), tuple(map(str, cards)))


EXERCISES.define(
    id="rook-12",
    kind="compute",
    title="The Rook in a trick",
    form="two values in a tuple: (a player's name in quotes, a whole number)",
    rules=("ROOK-BIRD-TOP", "ROOK-TRICK-WIN", "ROOK-COUNT"),
    where="ROOK-COUNT, ROOK-TRICK-WIN and ROOK-BIRD-TOP in rook.ipynb",
    nudge="Where does the Rook rank among the trumps? And what is it worth in counters?",
    draw=_draw_trumped,
    question=lambda v: (
        f"{v.trump.capitalize()} is trump. "
        + said(
            [f"{v.seats[0]} leads the {v.cards[0]}"]
            + [f"{s} plays the {c}" for s, c in zip(v.seats[1:], v.cards[1:], strict=True)]
        )
        + ". Who wins the trick, and how many counters does it hold?"
    ),
    answer=Tuple(
        ("who wins the trick", Name(lambda v: SEATS, "a player's name")),
        ("its counters", Number()),
    ),
    solve=lambda v: (v.seats[v.winner()], counters(list(v.cards))),
    why=lambda v, right: (
        f"{right[0]} wins with the {v.cards[v.winner()]}: the Rook is the highest trump, "
        "above the 14."
    ),
)


# --------------------------------------------------------------------------- rook-13


@dataclass(frozen=True)
class TrumpLed:
    """The dealer's left leads ``lead``, a trump; the next player holds ``hand`` (the Rook
    and perhaps other trumps); the moves asked about."""

    dealer: str
    trump: str
    lead: str
    hand: tuple[str, ...]
    moves: tuple[str, ...]
    seed: int

    @property
    def mover(self) -> str:
        return _after(self.dealer, 2)

    def position(self) -> RookHand:
        """The trick after the lead, the mover to play."""
        hand = RookHand.from_position(
            SEATS,
            {_after(self.dealer): [self.lead], self.mover: list(self.hand)},
            dealer=self.dealer,
            bid=(self.dealer, 80),
            trump=self.trump,
            seed=self.seed,
        )
        hand.play(f"play {self.lead}")
        return hand


def _draw_trump_led(rng: random.Random) -> TrumpLed:
    """The mover's only trump is the Rook for most students, and the Rook with one or two
    trumps for the others; the moves: the Rook, off-colour cards, a trump if held."""
    dealer = rng.choice(SEATS)
    trump = rng.choice(list(Colour))
    pack = _pack(rng)
    trumps = [c for c in pack if c.colour is trump]
    lead, held_trumps = trumps[0], trumps[1 : 1 + rng.choice([0, 0, 1, 2])]
    bird = next(c for c in pack if c.is_rook)
    off = [c for c in pack if c.colour not in (trump, None)]
    hand = [bird, *held_trumps, *off[: 8 - len(held_trumps)]]
    moves = ["play Rook", *(f"play {c}" for c in rng.sample(off[: 8 - len(held_trumps)], 2))]
    if held_trumps:
        moves.append(f"play {rng.choice(held_trumps)}")
    rng.shuffle(moves)
    return TrumpLed(dealer, str(trump), str(lead), _strs(hand), tuple(moves), rng.randint(*SEEDS))


EXERCISES.define(
    id="rook-13",
    kind="classify",
    title="A trump lead and a lone Rook",
    form="a dictionary from each move to 'legal' or the ID of the rule that refuses it",
    rules=("ROOK-BIRD-FORCED", "ROOK-FOLLOW"),
    where="ROOK-FOLLOW and ROOK-BIRD-FORCED in rook.ipynb",
    nudge="Trump was led: which trumps does the player hold? Count the Rook among them. May "
    "the player keep every trump back?",
    draw=_draw_trump_led,
    question=lambda v: (
        f"{v.trump.capitalize()} is trump. {_after(v.dealer)} leads the {v.lead}; "
        f"{v.mover} holds `{listed(v.hand)}`. For each of "
        f"{said([f'`{m}`' for m in v.moves])}: is it legal for {v.mover}, and if not, which "
        "rule refuses it?"
    ),
    answer=Table(lambda v: v.moves, Verdict(), Keys.moves(RookMove.parse)),
    solve=lambda v: classify(v.position(), v.moves),
    why=lambda v, right: (
        "The engine says " + "; ".join(f"{m}: {verdict}" for m, verdict in right.items()) + "."
    ),
)


# --------------------------------------------------------------------------- rook-14


@dataclass(frozen=True)
class GameEnd:
    """A game at the totals ``ns`` and ``ew``; the next hand is dealt by ``dealer`` from
    ``seed`` and played out by the computer players."""

    dealer: str
    seed: int
    ns: int
    ew: int

    def played(self) -> RookGame:
        return _played_game(self)


@functools.lru_cache(maxsize=256)
def _played_game(v: GameEnd) -> RookGame:
    game = RookGame(SEATS, dealer=v.dealer, seed=v.seed, totals={"NS": v.ns, "EW": v.ew})
    _play_out(game, v.seed, until=1)
    return game


def _draw_game_end(rng: random.Random) -> GameEnd:
    """Totals below 300 before a hand after which one team, both teams, or (with equal totals)
    no team has reached 300, or nobody has yet."""
    case = rng.choice(["one", "both", "tie", "none"])
    while True:
        dealer, seed = rng.choice(SEATS), rng.randint(*SEEDS)
        score = RookGame(SEATS, dealer=dealer, seed=seed)
        _play_out(score, seed, until=1)
        ns, ew = score.totals["NS"], score.totals["EW"]
        for _i in range(200):
            before = (rng.randrange(150, 300, 5), rng.randrange(150, 300, 5))
            if case == "tie":
                end = rng.randrange(300, 350, 5)
                before = (end - ns, end - ew)
            after = (before[0] + ns, before[1] + ew)
            over = sum(t >= 300 for t in after)
            wanted = {
                "one": over == 1,
                "both": over == 2 and after[0] != after[1],
                "tie": over == 2 and after[0] == after[1],
                "none": over == 0,
            }[case]
            # North-South's total is never the 300 the rule and the hints name
            if wanted and max(before) < 300 and min(before) >= 0 and after[0] != 300:
                return GameEnd(dealer, seed, *before)


def _winner(v: GameEnd) -> str:
    game = v.played()
    return TEAMS[game.winner.value] if game.winner is not None else NOBODY


EXERCISES.define(
    id="rook-14",
    kind="predict",
    title="Is the game over?",
    form="two values in a tuple: (the winning team, 'North-South' or 'East-West', or "
    "'nobody' if the game goes on; North-South's total)",
    rules=("ROOK-GAME",),
    where="ROOK-GAME in rook.ipynb",
    nudge="Add the hand to each total. Does a team reach 300? And if both do, or the totals "
    "are equal, what then?",
    draw=_draw_game_end,
    question=lambda v: (
        f"A game of Rook stands at North-South {v.ns}, East-West {v.ew}. The next hand is "
        f"played: {v.played().scores[-1].explain()}. Who has won the game, and what is "
        "North-South's total now?"
    ),
    answer=Tuple(
        ("who has won", Name(lambda v: (*TEAMS.values(), NOBODY), "a team or 'nobody'")),
        ("North-South's total", Number()),
    ),
    solve=lambda v: (_winner(v), v.played().totals["NS"]),
    why=lambda v, right: (
        f"The totals carry over: North-South {v.played().totals['NS']}, East-West "
        f"{v.played().totals['EW']}; "
        + (
            f"{right[0]} win, with the higher total."
            if right[0] != NOBODY
            else "no team has won: the game goes on until a team reaches 300 with the higher total."
        )
    ),
)


# --------------------------------------------------------------------------- rook-15


@dataclass(frozen=True)
class Swap:
    """Four players seated North, East, South and West cut for the first deal (each the card
    beside their name); after every fourth hand the partnership ``swap`` exchanges seats; the
    hands are played out by the computer players from ``seed``."""

    players: tuple[str, ...]
    cut: tuple[str, ...]
    swap: str
    seed: int

    def facts(self) -> tuple[str, ...]:
        """What decides the answer, as the question writes it: the cards cut."""
        return self.cut

    def played(self) -> RookGame:
        return _played_swap(self)


@functools.lru_cache(maxsize=256)
def _played_swap(v: Swap) -> RookGame:
    game = RookGame(
        v.players,
        cut=[dict(zip(v.players, v.cut, strict=True))],
        options=RookOptions(seat_swap=v.swap),  # type: ignore[arg-type]
        seed=v.seed,
    )
    _play_out(game, v.seed, until=4)
    return game


def _draw_swap(rng: random.Random) -> Swap:
    """Four cuts of different numbers (the Rook now and then), either partnership to move,
    and a game that is not over after four hands."""
    while True:
        players = names(rng, 4)
        numbers = rng.sample([*range(5, 15), None], 4)
        pack = _pack(rng)
        cut = [next(c for c in pack if (c.number if not c.is_rook else None) == n) for n in numbers]
        v = Swap(
            players,
            tuple(map(str, cut)),
            rng.choice(["east-west", "north-south"]),
            rng.randint(*SEEDS),
        )
        game = v.played()
        if not game.is_over and game.hands_played == 4:
            return v


EXERCISES.define(
    id="rook-15",
    kind="predict",
    title="Who deals, before and after the seats change",
    form="two values in a tuple: (a player's name in quotes, a player's name in quotes)",
    rules=("ROOK-DEALER", "ROOK-SEAT-SWAP"),
    where="ROOK-DEALER and ROOK-SEAT-SWAP in rook.ipynb",
    nudge="Who cut the highest card, and where is the Rook among the numbers? The deal then "
    "moves one seat to the left each hand; after the fourth, who sits on the last dealer's left?",
    draw=_draw_swap,
    question=lambda v: (
        f"{said(list(v.players))} sit North, East, South and West, and play tournament Rook: "
        f"after every fourth hand the {TEAMS['NS' if v.swap == 'north-south' else 'EW']} "
        "players exchange seats. To choose the first dealer they cut: "
        + said([f"{p} `{c}`" for p, c in zip(v.players, v.cut, strict=True)])
        + ". Who deals the first hand, and who deals the fifth?"
    ),
    answer=Tuple(
        ("who deals the first hand", Name(lambda v: v.players, "a player's name")),
        ("who deals the fifth", Name(lambda v: v.players, "a player's name")),
    ),
    solve=lambda v: (v.played().dealers[0], v.played().dealer),
    why=lambda v, right: (
        f"{right[0]} cut the highest card and dealt first; after four hands the seating is "
        f"{said(list(v.played().seating))}, and {right[1]} deals the fifth."
    ),
)
