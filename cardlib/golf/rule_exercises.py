"""The exercises golf.ipynb asks inside its rule sections, each right after the section of the
last rule it asks about: which tables may start and who moves first (golf-6), what a player
may do with a face-down card (golf-7), what a layout scores when a stock card is kept or
thrown away (golf-8), and an empty stock under each house rule (golf-9).  Every rule of Golf
that the exercises at the notebook's end (golf-1 to golf-5, :mod:`cardlib.golf.exercises`)
leave out is asked here, the two the teacher's guide names as misconceptions each the point
of an exercise of its own: GOLF-NO-PEEK (no looking, no taking back, no turning a card over)
and GOLF-DISCARD-STOCK (a stock card may be thrown away, and the layout stays as it was).

This module opens the notebook's chapter of exercises, in the order the notebook asks them
(:mod:`cardlib.golf.exercises` adds golf-1 to golf-5, asked at the end), and holds what the
Golf exercises share: cards said with their suit symbols, the layouts the notebook scores
(no variant is one of them) and a player holding the card of a turn.  Each variant is drawn
from the student's generator; the right answers are asked of the engine (a
:class:`~cardlib.golf.GolfGame` dealt or set up, and played).

>>> v = Opening("A", ("Ana", "Raj", "Eli"), "Eli", None, (("Ana", "TL"),), "Ana", "draw")
>>> v.verdict()
('GOLF-FLIP-TWO', 'first every player turns two cards face up: Ana still has 1 to turn')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cards import Card, standard_deck
from cardlib.errors import RuleViolation
from cardlib.exercises.drawing import names, said
from cardlib.exercises.forms import LEGAL, Keys, Number, Table, Verdict, classify
from cardlib.exercises.model import Chapter
from cardlib.exercises.verdicts import Verdicts
from cardlib.golf import GolfGame, GolfMove, GolfOptions, Position, score_layout

EXERCISES = Chapter("golf.ipynb")

#: the layouts golf.ipynb scores before its exercises (the article's 9- and 27-point
#: layouts, a jack over a queen, cards side by side, two 2s in a column): no variant is one
SHOWN_LAYOUTS = {
    ("8H", "2S", "AC", "8C", "KD", "QH"),
    ("8H", "2S", "AC", "QC", "KD", "QH"),
    ("JH", "JC", "8D", "QS", "JD", "8S"),
    ("8H", "8C", "KS", "3D", "4D", "KH"),
    ("2S", "KD", "5C", "2H", "KC", "5H"),
}


def shown(cards: Sequence[str]) -> str:
    """Cards with their suit symbols: ``♠Q ♥2 ♣K``."""
    return " ".join(Card.parse(c).unicode for c in cards)


def notation(cards: Sequence[str]) -> str:
    """Cards in notation: ``QS 2H KC``."""
    return " ".join(cards)


def holding(
    player: str, other: str, face_up: Sequence[tuple[str, str]], held: str, source: str
) -> GolfGame:
    """Two players, ``player`` to move with the cards ``face_up`` (position, card) face up and
    the rest face down, who has just drawn ``held`` from the stock (``source`` ``'draw'``) or
    taken it from the discard pile (``'take'``)."""
    up = {Position.parse(p): (Card.parse(c), True) for p, c in face_up}
    named = {held, *(c for _p, c in face_up)}
    under = [c for c in standard_deck() if str(c) not in named][:1]  # the discard's start
    game = GolfGame.from_position(
        [player, other],
        {player: up},
        discard=[*under, Card.parse(held)] if source == "take" else under,
        stock=[Card.parse(held)] if source == "draw" else [],
        to_move=player,
    )
    game.play(source)
    return game


def _came(held: str, source: str) -> str:
    card = Card.parse(held).unicode
    return (
        f"taken the {card} from the discard pile"
        if source == "take"
        else f"drawn the {card} from the stock"
    )


def _moves_said(moves: Sequence[str]) -> str:
    """``` `peek BL` (look at the face-down bottom-left card)```, each move with its words."""
    return "; ".join(f"`{m}` ({GolfMove.parse(m).words})" for m in moves)


# --------------------------------------------------------------------------- golf-6


@dataclass(frozen=True)
class Opening:
    """A table at the start of a hand: the players in seating order (clockwise), the dealer,
    the pack (``None``: a full pack; ``("missing", card)``; ``("twice", card, lost)``:
    ``card`` twice and ``lost`` not at all), the opening flips made so far (player,
    position), in the order they were made, and a move ``who`` tries next."""

    label: str
    players: tuple[str, ...]
    dealer: str
    pack: tuple[str, ...] | None
    flips: tuple[tuple[str, str], ...]
    who: str
    move: str

    def deck(self) -> list[Card] | None:
        """The pack the table deals from, top first (``None``: a shuffled full pack)."""
        if self.pack is None:
            return None
        deck = standard_deck()
        if self.pack[0] == "missing":
            return [c for c in deck if c != Card.parse(self.pack[1])]
        twice, lost = Card.parse(self.pack[1]), Card.parse(self.pack[2])
        return [twice if c == lost else c for c in deck]

    def position(self) -> GolfGame:
        """The hand dealt and its flips made (or the :class:`RuleViolation` of the rule that
        refuses the deal)."""
        game = GolfGame(list(self.players), dealer=self.dealer, deck=self.deck(), seed=1)
        for player, place in self.flips:
            game.play(f"flip {place}", player=player)
        return game

    def verdict(self) -> tuple[str, str]:
        """``'legal'`` or the rule that refuses the deal or the move, and the engine's words."""
        try:
            event = self.position().play(self.move, player=self.who)
        except RuleViolation as refusal:
            return refusal.rule, refusal.message
        return LEGAL, event.text

    def said(self) -> str:
        seats = said(list(self.players))
        if self.pack is None:
            pack = "a full pack"
        elif self.pack[0] == "missing":
            pack = f"a pack that has lost the {Card.parse(self.pack[1]).unicode}"
        else:
            twice, lost = (Card.parse(c).unicode for c in self.pack[1:])
            pack = f"a pack with two {twice} and no {lost}"
        return (
            f"**{self.label}**: {seats} sit in that order clockwise and {self.dealer} deals "
            f"from {pack}. {self._flips_said()}; {self.who} tries `{self.move}` "
            f"({GolfMove.parse(self.move).words})."
        )

    def _flips_said(self) -> str:
        if not self.flips:
            return "Nobody has turned a card up yet"
        turned: dict[str, list[str]] = {}
        for player, place in self.flips:
            turned.setdefault(player, []).append(Position.parse(place).words)
        if len(turned) == len(self.players) and all(len(t) == 2 for t in turned.values()):
            return "Everyone has turned two cards face up"
        return "; ".join(f"{p} has turned up {said(places)}" for p, places in turned.items())


@dataclass(frozen=True)
class Openings:
    """Five tables at the start of a hand: is each one's move legal, and if not, which rule
    refuses it?"""

    tables: tuple[Opening, ...]


def _from_left(players: Sequence[str], dealer: str) -> list[str]:
    """The players from the dealer's left round to the dealer (the question's seating)."""
    d = list(players).index(dealer)
    return [players[(d + 1 + i) % len(players)] for i in range(len(players))]


def _draw_openings(rng: random.Random) -> Openings:
    """One table refused by each of GOLF-DECK, GOLF-FLIP-TWO and GOLF-ORDER, and two whose
    move is legal: the dealer's left drawing first once everyone has turned two, and a flip
    while the opening flips are under way."""
    places = [str(p) for p in Position]

    def seated(n: int) -> tuple[tuple[str, ...], str]:
        players = names(rng, n)
        return players, rng.choice(players)

    def under_way(players: Sequence[str], dealer: str) -> tuple[list[tuple[str, str]], str]:
        """Some players have turned their two (from the dealer's left), the next one none
        or one: the flips made, and who is to flip."""
        order = _from_left(players, dealer)
        done = rng.randrange(len(order))
        flips = [(p, x) for p in order[:done] for x in rng.sample(places, 2)]
        nxt = order[done]
        if rng.random() < 0.5:
            flips.append((nxt, rng.choice(places)))
        return flips, nxt

    def all_turned(players: Sequence[str], dealer: str) -> list[tuple[str, str]]:
        return [(p, x) for p in _from_left(players, dealer) for x in rng.sample(places, 2)]

    def bad_deck() -> Opening:
        if rng.random() < 0.4:
            players, dealer = seated(rng.choice([5, 6]))
            pack = None
        else:
            players, dealer = seated(rng.randint(2, 4))
            a, b = rng.sample(standard_deck(), 2)
            pack = ("missing", str(a)) if rng.random() < 0.5 else ("twice", str(a), str(b))
        first = _from_left(players, dealer)[0]
        return Opening("", players, dealer, pack, (), first, f"flip {rng.choice(places)}")

    def too_soon() -> Opening:
        players, dealer = seated(rng.randint(2, 4))
        flips, nxt = under_way(players, dealer)
        mine = [x for p, x in flips if p == nxt]
        # the same card again, or a card drawn before every layout shows two
        again = mine and rng.random() < 0.5
        move = f"flip {mine[0]}" if again else rng.choice(["draw", "take"])
        return Opening("", players, dealer, None, tuple(flips), nxt, move)

    def out_of_turn() -> Opening:
        players, dealer = seated(rng.randint(2, 4))
        later = _from_left(players, dealer)[1:]
        who = dealer if rng.random() < 0.5 else rng.choice(later)
        move = rng.choice(["draw", "take"])
        return Opening("", players, dealer, None, tuple(all_turned(players, dealer)), who, move)

    def first_turn() -> Opening:
        players, dealer = seated(rng.randint(2, 4))
        who = _from_left(players, dealer)[0]
        move = rng.choice(["draw", "take"])
        return Opening("", players, dealer, None, tuple(all_turned(players, dealer)), who, move)

    def flipping() -> Opening:
        players, dealer = seated(rng.randint(2, 4))
        flips, nxt = under_way(players, dealer)
        mine = [x for p, x in flips if p == nxt]
        place = rng.choice([x for x in places if x not in mine])
        return Opening("", players, dealer, None, tuple(flips), nxt, f"flip {place}")

    made: list[Opening] = [f() for f in (bad_deck, too_soon, out_of_turn, first_turn, flipping)]
    rng.shuffle(made)
    return Openings(
        tuple(
            Opening(label, t.players, t.dealer, t.pack, t.flips, t.who, t.move)
            for label, t in zip("ABCDE", made, strict=True)
        )
    )


#: the cases of this module's tables of verdicts, each judged by the engine
_TABLES: Verdicts[Any] = Verdicts(lambda v: v.tables)


EXERCISES.define(
    id="golf-6",
    kind="classify",
    title="The start of a hand",
    form="a dictionary from each table's letter to 'legal' or the ID of the rule that refuses "
    "the deal or the move",
    rules=("GOLF-DECK", "GOLF-FLIP-TWO", "GOLF-ORDER"),
    where="GOLF-DECK, GOLF-FLIP-TWO and GOLF-ORDER in golf.ipynb",
    nudge="Count the players and look at the pack. Has everyone turned their cards up yet? "
    "Then find who sits on the dealer's left.",
    draw=_draw_openings,
    question=_TABLES.question(
        "Five tables are starting a hand of Six Card Golf. For each, is the move tried legal, "
        "and if not, which rule refuses the deal or the move?"
    ),
    answer=_TABLES.answer(),
    solve=_TABLES.solve,
    why=_TABLES.why,
)


# --------------------------------------------------------------------------- golf-7


@dataclass(frozen=True)
class Peeking:
    """A player in the middle of a turn: the cards face up in their layout (the rest face
    down), the card they hold and where it came from (``take``: the discard pile, ``draw``:
    the stock), and the moves the question asks about."""

    player: str
    other: str
    face_up: tuple[tuple[str, str], ...]  # (position, card)
    held: str
    source: str
    moves: tuple[str, ...]

    def position(self) -> GolfGame:
        """The game at the question's moment, the card already in hand."""
        return holding(self.player, self.other, self.face_up, self.held, self.source)


def _draw_peeking(rng: random.Random) -> Peeking:
    """Two to four cards face up; four of five moves: looking at a face-down card, turning
    one over, taking the draw back, and putting the card held in place of a face-down card
    and of a face-up one (so at least two refused and one legal)."""
    player, other = names(rng, 2)
    places = list(Position)
    rng.shuffle(places)
    up = sorted(places[: rng.randint(2, 4)])
    down = [p for p in Position if p not in up]
    cards = rng.sample(standard_deck(), len(up) + 1)
    face_up = tuple((str(p), str(c)) for p, c in zip(up, cards, strict=False))
    candidates = [
        f"peek {rng.choice(down)}",
        f"flip {rng.choice(down)}",
        "take back",
        f"replace {rng.choice(down)}",
        f"replace {rng.choice(up)}",
    ]
    moves = tuple(rng.sample(candidates, 4))
    return Peeking(player, other, face_up, str(cards[-1]), rng.choice(["take", "draw"]), moves)


def _peeking_question(v: Peeking) -> str:
    up = said([f"{Card.parse(c).unicode} at {Position.parse(p).words}" for p, c in v.face_up])
    return (
        f"{v.player}'s layout has {up} face up; the rest of it is face down. {v.player} has "
        f"just {_came(v.held, v.source)}. For each of these moves: {_moves_said(v.moves)}: is "
        f"it legal for {v.player} now, and if not, which rule refuses it?"
    )


EXERCISES.define(
    id="golf-7",
    kind="classify",
    title="Face-down cards: no looking, no taking back",
    form="a dictionary from each move to 'legal' or the ID of the rule that refuses it",
    rules=("GOLF-NO-PEEK", "GOLF-REPLACE"),
    where="GOLF-REPLACE and GOLF-NO-PEEK in golf.ipynb",
    nudge="When may a player see a face-down card: before choosing where the card held goes, "
    "or only once it is chosen? And can a choice be undone?",
    draw=_draw_peeking,
    question=_peeking_question,
    answer=Table(lambda v: v.moves, Verdict(), Keys.moves(GolfMove.parse)),
    solve=lambda v: classify(v.position(), v.moves),
    why=lambda v, right: (
        "The engine says "
        + "; ".join(f"{m}: {verdict}" for m, verdict in right.items())
        + ". The card held may go in place of any of the six, face up or face down, chosen "
        "before the card there is seen; nobody looks at a face-down card or turns one over, "
        "and a choice stands once it is made."
    ),
)


# --------------------------------------------------------------------------- golf-8


@dataclass(frozen=True)
class Keeping:
    """A player's six cards (top row then bottom row) with the positions face up, the card
    they have just drawn from the stock, and three things they might do with it: throw it
    away, or put it in place of a card face up or of a card face down."""

    player: str
    other: str
    cards: tuple[str, ...]
    up: tuple[str, ...]
    drawn: str
    moves: tuple[str, ...]

    def position(self) -> GolfGame:
        """The game after the draw, the card in hand."""
        layout = {
            p: (Card.parse(c), str(p) in self.up) for p, c in zip(Position, self.cards, strict=True)
        }
        game = GolfGame.from_position(
            [self.player, self.other],
            {self.player: layout},
            discard=[Card.parse(c) for c in _not_named(self, 1)],
            stock=[Card.parse(self.drawn)],
            to_move=self.player,
        )
        game.play("draw")
        return game

    def played(self, move: str) -> GolfGame:
        game = self.position()
        game.play(move)
        return game

    def after(self, move: str) -> tuple[str, ...]:
        """The six cards after ``move``, as the engine leaves them."""
        return tuple(str(c) for c in self.played(move).layouts[self.player].cards)


def _not_named(v: Keeping, n: int) -> list[str]:
    named = {*v.cards, v.drawn}
    return [str(c) for c in standard_deck() if str(c) not in named][:n]


def _draw_keeping(rng: random.Random) -> Keeping:
    """Two to four cards face up; the drawn card would change the score in either place
    (never two 2s in a column, never a layout the notebook scores)."""
    player, other = names(rng, 2)
    while True:
        dealt = [str(c) for c in rng.sample(standard_deck(), 7)]
        cards, drawn = tuple(dealt[:6]), dealt[6]
        up = sorted(rng.sample(list(Position), rng.randint(2, 4)))
        down = [p for p in Position if p not in up]
        moves = ["discard", f"replace {rng.choice(up)}", f"replace {rng.choice(down)}"]
        rng.shuffle(moves)
        v = Keeping(player, other, cards, tuple(str(p) for p in up), drawn, tuple(moves))
        layouts = {m: v.after(m) for m in moves}
        scores = {v.played(m).scores()[player] for m in moves}
        twos = any(  # a column of two 2s (GOLF-PAIR-TWOS), as the engine scores it
            column.rule == "GOLF-PAIR-TWOS"
            for lay in layouts.values()
            for column in score_layout(lay).columns
        )
        if len(scores) == 3 and not twos and not set(layouts.values()) & SHOWN_LAYOUTS:
            return v


def _keeping_question(v: Keeping) -> str:
    up = said([Position.parse(p).words for p in v.up])
    return (
        f"{v.player}'s layout is {shown(v.cards[:3])} over {shown(v.cards[3:])} (in notation: "
        f"`{notation(v.cards[:3])}` over `{notation(v.cards[3:])}`). The cards at {up} are face "
        f"up; the others are face down ({v.player} has not seen them: they are shown here so "
        f"that you can score). {v.player} has just drawn the {Card.parse(v.drawn).unicode} "
        f"from the stock. What does {v.player}'s layout score, all six cards counted, after "
        f"each of these moves: {_moves_said(v.moves)}?"
    )


EXERCISES.define(
    id="golf-8",
    kind="compute",
    title="Keep the stock card or throw it away",
    form="a dictionary from each move to a whole number (the layout's score after it)",
    rules=("GOLF-DISCARD-STOCK", "GOLF-REPLACE", "GOLF-COLUMN"),
    where="GOLF-REPLACE, GOLF-DISCARD-STOCK and GOLF-COLUMN in golf.ipynb",
    nudge="Must a card drawn from the stock be kept? What happens to the six cards when it is "
    "thrown away, and which card leaves the layout when it is kept? Then score column by column.",
    draw=_draw_keeping,
    question=_keeping_question,
    answer=Table(lambda v: v.moves, Number(), Keys.moves(GolfMove.parse)),
    solve=lambda v: {m: v.played(m).scores()[v.player] for m in v.moves},
    why=lambda v, _right: (
        "; ".join(
            f"{m}: {str(v.played(m).log[-1].text).split('; ')[0]}, "
            f"{v.played(m).layouts[v.player].score().explain()}"
            for m in v.moves
        )
        + ". A card drawn from the stock may be thrown away, and the six cards stay as they "
        "were."
    ),
)


# --------------------------------------------------------------------------- golf-9


@dataclass(frozen=True)
class StockMoment:
    """Two players, the first to move, with a house rule for an empty stock agreed or not
    (``None``, ``'reshuffle'``, ``'end'``), the cards left in the stock (``0``: it ran out
    on the last turn), the player's face-up cards and the move they try."""

    label: str
    players: tuple[str, ...]
    house: str | None
    stock: int
    face_up: tuple[tuple[str, str], ...]
    move: str

    def position(self) -> GolfGame:
        up = {Position.parse(p): (Card.parse(c), True) for p, c in self.face_up}
        return GolfGame.from_position(
            list(self.players),
            {self.players[0]: up},
            stock_size=self.stock,
            options=GolfOptions(stock_out=self.house),  # type: ignore[arg-type]
            to_move=self.players[0],
        )

    def verdict(self) -> tuple[str, str]:
        """``'legal'`` or the rule that refuses the move, and the engine's words."""
        try:
            event = self.position().play(self.move)
        except RuleViolation as refusal:
            return refusal.rule, refusal.message
        return LEGAL, event.text

    def said(self) -> str:
        house = {
            None: "no house rule for an empty stock was agreed",
            "reshuffle": "the table agreed to reshuffle the discards when the stock runs out "
            "(`reshuffle`)",
            "end": "the table agreed that the hand ends when the stock runs out (`end`)",
        }[self.house]
        stock = (
            "the last turn took the last card of the stock"
            if self.stock == 0
            else f"the stock holds {self.stock} cards"
        )
        mover = self.players[0]
        up = said(
            [f"{Card.parse(c).unicode} at {Position.parse(p).words}" for p, c in self.face_up]
        )
        return (
            f"**{self.label}**: {said(list(self.players))} play; {house}; {stock}. {mover} has "
            f"{up} face up and tries `{self.move}` ({GolfMove.parse(self.move).words})."
        )


@dataclass(frozen=True)
class StockMoments:
    """Five moments near the end of the stock: is each move legal, and if not, which rule
    refuses it?"""

    tables: tuple[StockMoment, ...]


def _draw_stock_moments(rng: random.Random) -> StockMoments:
    """A draw from an empty stock with nothing agreed, a move after the 'end' house rule has
    ended the hand, a card moved to make a pair, and two of three legal moves: the discard
    taken with nothing agreed, a draw under 'reshuffle', a draw under 'end' while the stock
    still holds cards."""

    def moment(house: str | None, stock: int, move: str = "") -> StockMoment:
        players = names(rng, 2)
        up = rng.sample(list(Position), 2)
        cards = rng.sample(standard_deck(), 2)
        face_up = tuple((str(p), str(c)) for p, c in sorted(zip(up, cards, strict=True)))
        if not move:  # a face-up card moved into another column
            there = rng.choice([p for p in Position if p.column != up[0].column])
            move = f"move {up[0]} {there}"
        return StockMoment("", players, house, stock, face_up, move)

    refused: list[Callable[[], StockMoment]] = [
        lambda: moment(None, 0, "draw"),
        lambda: moment("end", 0, rng.choice(["draw", "take"])),
        lambda: moment(rng.choice([None, "reshuffle", "end"]), rng.randint(1, 20)),
    ]
    legal: list[Callable[[], StockMoment]] = [
        lambda: moment(None, 0, "take"),
        lambda: moment("reshuffle", 0, "draw"),
        lambda: moment("end", rng.randint(1, 20), "draw"),
    ]
    made = [f() for f in refused] + [f() for f in rng.sample(legal, 2)]
    rng.shuffle(made)
    return StockMoments(
        tuple(
            StockMoment(label, t.players, t.house, t.stock, t.face_up, t.move)
            for label, t in zip("ABCDE", made, strict=True)
        )
    )


EXERCISES.define(
    id="golf-9",
    kind="classify",
    title="When the stock runs out",
    form="a dictionary from each moment's letter to 'legal' or the ID of the rule that refuses "
    "the move",
    rules=("GOLF-STOCK-OUT", "GOLF-NO-REARRANGE"),
    where="GOLF-NO-REARRANGE and GOLF-STOCK-OUT in golf.ipynb",
    nudge="What did each table agree before play about an empty stock, and is there a card to "
    "draw? And how does a card change its place in a layout?",
    draw=_draw_stock_moments,
    question=_TABLES.question(
        "Five moments of a hand of Six Card Golf, each at its own table. For each, is the move "
        "tried legal, and if not, which rule refuses it?"
    ),
    answer=_TABLES.answer(),
    solve=_TABLES.solve,
    why=_TABLES.why,
)
