"""The exercises at the end of golf.ipynb: scoring a layout, the moves of a turn, the end of
a hand, the lowest layout around a card that stays (played in the layout scorer) and a match
(golf-1 to golf-5), after those asked inside its rule sections (golf-6 to golf-9,
:mod:`cardlib.golf.rule_exercises`, which opens the notebook's chapter).

Each exercise draws its variant from the student's generator; the right answers are asked
of the engine (:func:`~cardlib.golf.score_layout`, a :class:`~cardlib.golf.GolfGame`
played, a :class:`~cardlib.golf.GolfMatch`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cards import Card, Rank, standard_deck
from cardlib.errors import CardlibError
from cardlib.exercises.answers import AnswerFileProblem, Played
from cardlib.exercises.drawing import names, said
from cardlib.exercises.forms import (
    Keys,
    Name,
    Number,
    Reading,
    Table,
    Truth,
    Tuple,
    Verdict,
    classify,
    placeholder,
    type_name,
)
from cardlib.exercises.model import FormError, Unanswered
from cardlib.golf import GolfGame, GolfMatch, GolfMove, Position, column_points, score_layout
from cardlib.golf.moves import COLUMNS
from cardlib.golf.rule_exercises import EXERCISES, SHOWN_LAYOUTS, holding, notation, shown
from cardlib.golf.scoring import COLUMN_PLACES

# --------------------------------------------------------------------------- golf-1


@dataclass(frozen=True)
class Layout:
    """A layout of six cards, top row then bottom row (``TL TM TR BL BM BR``)."""

    cards: tuple[str, ...]

    @property
    def top(self) -> tuple[str, ...]:
        return self.cards[:3]

    @property
    def bottom(self) -> tuple[str, ...]:
        return self.cards[3:]


_TENS = (Rank.TEN, Rank.JACK, Rank.QUEEN)


def _column(kind: str, rng: random.Random, free: list[Card]) -> tuple[Card, Card]:
    """Two cards for a column of ``kind``, taken from ``free``: a pair of one rank, two
    cards of the same value and different ranks, two 2s, or two cards of different ranks."""

    def take(rank: Rank) -> Card:
        card = rng.choice([c for c in free if c.rank == rank])
        free.remove(card)
        return card

    if kind == "pair":
        rank = rng.choice([r for r in Rank if r != Rank.TWO])
        column = take(rank), take(rank)
    elif kind == "same value":
        first, second = rng.sample(_TENS, 2)
        column = take(first), take(second)
    elif kind == "twos":
        column = take(Rank.TWO), take(Rank.TWO)
    else:
        first, second = rng.sample(list(Rank), 2)
        column = take(first), take(second)
    return column if rng.random() < 0.5 else (column[1], column[0])


def _draw_layout(rng: random.Random) -> Layout:
    """Three columns, at least one of them a pair, two 2s or a same-value pair (what the
    rules of the exercise decide), and never a layout the notebook scores."""
    while True:
        kinds = [rng.choice(["pair", "same value", "twos", "plain", "plain"]) for _c in COLUMNS]
        if all(k == "plain" for k in kinds) or kinds.count("twos") > 1:
            continue
        free = standard_deck()
        try:
            columns = [_column(kind, rng, free) for kind in kinds]
        except IndexError:  # a rank the other columns used up: draw again
            continue
        cards = tuple(str(c) for c in [*(t for t, _b in columns), *(b for _t, b in columns)])
        if cards not in SHOWN_LAYOUTS:
            return Layout(cards)


EXERCISES.define(
    id="golf-1",
    kind="compute",
    title="Score a layout",
    form="a whole number",
    rules=("GOLF-COLUMN", "GOLF-PAIR-TWOS", "GOLF-VALUES"),
    where="GOLF-VALUES, GOLF-COLUMN and GOLF-PAIR-TWOS in golf.ipynb",
    nudge="Look at each column: are the two cards the same rank, or only the same value?",
    draw=_draw_layout,
    question=lambda v: (
        f"What does this layout score? Top row {shown(v.top)}, bottom row {shown(v.bottom)} "
        f"(in notation: `{notation(v.top)}` over `{notation(v.bottom)}`)."
    ),
    answer=Number(),
    solve=lambda v: score_layout(list(v.cards)).total,
    why=lambda v, _total: score_layout(list(v.cards)).explain(),
)


# --------------------------------------------------------------------------- golf-2


@dataclass(frozen=True)
class Turn:
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


def _draw_turn(rng: random.Random) -> Turn:
    player, other = names(rng, 2)
    places = list(Position)
    rng.shuffle(places)
    up_places = sorted(places[: rng.randint(2, 4)])
    down_places = [p for p in Position if p not in up_places]
    cards = rng.sample(standard_deck(), len(up_places) + 1)
    face_up = tuple((str(p), str(c)) for p, c in zip(up_places, cards, strict=False))
    held, source = str(cards[-1]), rng.choice(["take", "draw"])
    candidates = [
        "discard",
        f"replace {rng.choice(up_places)}",
        f"replace {rng.choice(down_places)}",
        "take",
        "draw",
    ]
    moves = tuple(rng.sample(candidates, 4))
    return Turn(player, other, face_up, held, source, moves)


def _turn_question(v: Turn) -> str:
    up = said([f"{Card.parse(c).unicode} at {Position.parse(p).words}" for p, c in v.face_up])
    came = (
        f"taken the {Card.parse(v.held).unicode} from the discard pile"
        if v.source == "take"
        else f"drawn the {Card.parse(v.held).unicode} from the stock"
    )
    moves = said([f"`{m}`" for m in v.moves])
    return (
        f"{v.player}'s layout has {up} face up; the rest of it is face down. {v.player} has "
        f"just {came}. For each of the moves {moves}: is it legal for {v.player} now, and if "
        "not, which rule refuses it?"
    )


EXERCISES.define(
    id="golf-2",
    kind="classify",
    title="The moves of a turn",
    form="a dictionary from each move to 'legal' or the ID of the rule that refuses it",
    rules=("GOLF-DRAW", "GOLF-REPLACE", "GOLF-DISCARD-STOCK", "GOLF-TAKE-MUST-REPLACE"),
    where="GOLF-DRAW, GOLF-REPLACE, GOLF-DISCARD-STOCK and GOLF-TAKE-MUST-REPLACE in golf.ipynb",
    nudge="Where did the card in hand come from: the stock, or the discard pile? "
    "And how many cards may a turn start with?",
    draw=_draw_turn,
    question=_turn_question,
    answer=Table(lambda v: v.moves, Verdict(), Keys.moves(GolfMove.parse)),
    solve=lambda v: classify(v.position(), v.moves),
    why=lambda v, right: (
        "The engine says "
        + "; ".join(f"{m}: {verdict}" for m, verdict in right.items())
        + ". A card drawn from the stock may be thrown away; a card taken from the discard "
        "pile must replace one of yours, face up or face down; one card starts a turn."
    ),
)


# --------------------------------------------------------------------------- golf-3


@dataclass(frozen=True)
class LastCard:
    """``goer``'s layout all face up but ``down`` (the place of a face-down card),
    ``other``'s with only ``other_up`` face up, and the card ``goer`` draws from the stock
    and puts in place of the face-down one."""

    goer: str
    other: str
    goer_cards: tuple[str, ...]
    down: str
    other_cards: tuple[str, ...]
    other_up: tuple[str, ...]
    drawn: str

    def position(self) -> GolfGame:
        """The game before ``goer`` draws."""

        def layout(cards: Sequence[str], up: Sequence[str]) -> dict[Position, tuple[Card, bool]]:
            return {p: (Card.parse(c), str(p) in up) for p, c in zip(Position, cards, strict=True)}

        ups = [str(p) for p in Position if str(p) != self.down]
        return GolfGame.from_position(
            [self.goer, self.other],
            {
                self.goer: layout(self.goer_cards, ups),
                self.other: layout(self.other_cards, self.other_up),
            },
            stock=[Card.parse(self.drawn)],
            to_move=self.goer,
        )

    def played(self) -> GolfGame:
        """The game after the draw and the replacement the question describes."""
        game = self.position()
        game.play("draw")
        game.play(f"replace {self.down}")
        return game


def _draw_last_card(rng: random.Random) -> LastCard:
    """A hand whose last face-down card is replaced; the two scores differ, and more often
    than not the player who goes out does not win (the misconception the exercise is for)."""
    goer_wins = rng.random() < 0.35
    while True:
        goer, other = names(rng, 2)
        cards = [str(c) for c in rng.sample(standard_deck(), 13)]
        goer_cards, other_cards, drawn = tuple(cards[:6]), tuple(cards[6:12]), cards[12]
        down = str(rng.choice(list(Position)))
        other_up = tuple(sorted(str(p) for p in rng.sample(list(Position), 2)))
        v = LastCard(goer, other, goer_cards, down, other_cards, other_up, drawn)
        result = v.played().result()
        if result[goer] != result[other] and (result[goer] < result[other]) == goer_wins:
            return v


def _last_card_question(v: LastCard) -> str:
    hidden = v.goer_cards[list(map(str, Position)).index(v.down)]
    up = said([Card.parse(v.other_cards[int(Position.parse(p))]).unicode for p in v.other_up])
    return (
        f"{v.goer}'s layout is {shown(v.goer_cards[:3])} over {shown(v.goer_cards[3:])}, all "
        f"face up but the {Card.parse(hidden).unicode} at {Position.parse(v.down).words}. "
        f"{v.other}'s is {shown(v.other_cards[:3])} over {shown(v.other_cards[3:])}, with "
        f"only {up} face up. {v.goer} draws the {Card.parse(v.drawn).unicode} from the stock "
        f"and puts it in place of the face-down {Card.parse(hidden).unicode}. Is the hand over "
        "now, and who has the lower score for it?"
    )


EXERCISES.define(
    id="golf-3",
    kind="predict",
    title="The end of a hand",
    form="two values in a tuple: (True or False, a player's name in quotes)",
    rules=("GOLF-END", "GOLF-COLUMN"),
    where="GOLF-END in golf.ipynb",
    nudge="When does a hand end, and does going out first win it? Score both layouts.",
    draw=_draw_last_card,
    question=_last_card_question,
    answer=Tuple(
        ("is the hand over", Truth()),
        ("who has the lower score", Name(lambda v: (v.goer, v.other), "a player's name")),
    ),
    solve=lambda v: (
        (game := v.played()).is_over,
        min(game.players, key=lambda p: game.result()[p]),
    ),
    why=lambda v, _right: (
        "; ".join(f"{p} scores {points}" for p, points in dict(v.played().result()).items())
        + ". The hand ends when one layout is all face up (GOLF-END); going out first is not "
        "winning."
    ),
)


# --------------------------------------------------------------------------- golf-4


@dataclass(frozen=True)
class Kept:
    """The layout scorer starts on ``start``; the card at ``place`` stays, the learner
    chooses the other five."""

    place: str
    card: str
    start: tuple[str, ...]

    def facts(self) -> tuple[str, str]:
        """What decides the answer: the card that stays, and where (the other five cards of
        the start are there to be changed)."""
        return (self.card, self.place)


def _draw_kept(rng: random.Random) -> Kept:
    start = tuple(str(c) for c in rng.sample(standard_deck(), 6))
    place = rng.choice(list(Position))
    if start in SHOWN_LAYOUTS:  # the scorer's own first layout is the article's
        return _draw_kept(rng)
    return Kept(str(place), start[int(place)], start)


def _column_label(column: int) -> str:
    return f"the {COLUMNS[column]} column"


def _lowest(v: Kept) -> tuple[dict[str, int], tuple[str, ...]]:
    """The lowest each column can score with ``v.card`` kept at ``v.place`` (each column's
    points asked of the engine, :func:`~cardlib.golf.column_points`), and a layout of six
    different cards that scores it."""
    kept, place = Card.parse(v.card), Position.parse(v.place)
    pack = standard_deck()

    top_place, bottom_place = COLUMN_PLACES[place.column]
    other = bottom_place if place == top_place else top_place

    def with_kept(partner: Card) -> int:
        return column_points(kept, partner) if place == top_place else column_points(partner, kept)

    partner = min((c for c in pack if c != kept), key=lambda c: (with_kept(c), str(c)))
    free = [c for c in pack if c not in (kept, partner)]
    best = min(column_points(t, b) for t in pack for b in pack if t != b)
    layout = {place: kept, other: partner}
    for upper, lower in COLUMN_PLACES:
        if place in (upper, lower):
            continue
        top, bottom = next(
            (t, b) for t in free for b in free if t != b and column_points(t, b) == best
        )
        free.remove(top)
        free.remove(bottom)
        layout[upper], layout[lower] = top, bottom
    cards = tuple(str(layout[p]) for p in Position)
    lows = {
        _column_label(i): int(c.points) for i, c in enumerate(score_layout(list(cards)).columns)
    }
    return lows, cards


def _scorer_cards(widget: Any) -> tuple[str, ...]:
    try:
        cards = getattr(widget, "cards", None)
    except ValueError as why:  # a place left without a card: the scorer says which
        raise FormError(str(why)) from None
    if cards is None or not hasattr(widget, "pickers"):
        raise FormError(f"the answer is {type_name(widget)}, not the layout scorer widget.")
    return tuple(str(c) for c in cards)


def _look_scorer(widget: Any, v: Kept) -> Reading:
    placeholder(widget)
    cards = _scorer_cards(widget)
    if cards == v.start:
        raise Unanswered("The scorer still shows the layout it started with: choose cards in it.")
    if len(set(cards)) < len(cards):
        raise FormError("the scorer shows a card twice, which one pack cannot give (GOLF-DECK).")
    if cards[int(Position.parse(v.place))] != v.card:
        raise FormError(
            f"the {Card.parse(v.card).unicode} must stay at {Position.parse(v.place).words}, as "
            "the question says; choose the other five cards."
        )
    scored = score_layout(list(cards))
    return Reading(cards, {_column_label(i): int(c.points) for i, c in enumerate(scored.columns)})


def _scorer(v: Kept) -> Any:
    # the widget module imports ipywidgets, which importing the exercises must not
    # (cardlib.exercises imports no Jupyter: a script or a test may check answers)
    from cardlib.golf.widgets import LayoutScorer

    return LayoutScorer(v.start)


def _kept_layout(made: Any) -> dict[str, Any] | None:
    """The six cards of the scorer, or None while a place is left empty."""
    cards = [picker.value for picker in made.pickers]
    return None if None in cards else {"cards": cards}


def _replayed_layout(v: Kept, state: Mapping[str, Any]) -> Any:
    cards = state.get("cards")
    if not isinstance(cards, list) or len(cards) != 6:
        raise AnswerFileProblem("it does not hold the six cards of a layout.")
    try:
        parsed = [str(Card.parse(c)) for c in cards]
    except (CardlibError, TypeError, AttributeError):
        raise AnswerFileProblem(f"{cards!r} are not six cards.") from None
    from cardlib.golf.widgets import LayoutScorer  # ipywidgets, as in _scorer

    return LayoutScorer(parsed)


def _choose_cards(made: Any, cards: Sequence[str]) -> None:
    """Choose ``cards`` in the scorer, place by place, with its own card pickers."""
    for picker, card in zip(made.pickers, cards, strict=True):
        picker.value = card


def _astray(v: Kept) -> tuple[str, ...]:
    """The lowest layout with one column not at its lowest: a king of another column
    swapped for a queen."""
    _lows, cards = _lowest(v)
    kept = Position.parse(v.place)
    top, bottom = next(column for column in COLUMN_PLACES if kept not in column)
    queens = [str(c) for c in standard_deck() if c.rank == Rank.QUEEN and str(c) not in cards]
    changed = list(cards)
    changed[bottom if Card.parse(cards[top]).rank == Rank.TWO else top] = queens[0]
    return tuple(changed)


EXERCISES.define(
    id="golf-4",
    kind="widget",
    title="The lowest layout around a card that stays",
    form="the layout scorer, with the card the question names where it is, and five others",
    rules=("GOLF-VALUES", "GOLF-COLUMN", "GOLF-PAIR-TWOS"),
    where="GOLF-VALUES, GOLF-COLUMN and GOLF-PAIR-TWOS in golf.ipynb",
    nudge="Which card is worth less than nothing, and what does a column of two of them "
    "score? What is the best card to put with the card that stays?",
    draw=_draw_kept,
    question=lambda v: (
        f"The layout scorer below starts on `{notation(v.start[:3])}` over "
        f"`{notation(v.start[3:])}`. The {Card.parse(v.card).unicode} at "
        f"{Position.parse(v.place).words} (`{v.place}`) stays where it is: choose the other "
        "five cards so that the layout scores as little as it can."
    ),
    answer=Played(
        fresh=_scorer,
        keep=_kept_layout,
        replay=_replayed_layout,
        look=_look_scorer,
        line=lambda v: _lowest(v)[1],
        astray=_astray,
        enact=_choose_cards,
        said=lambda cards: f"choose {notation(cards[:3])} over {notation(cards[3:])}",
        parts_said="one part per column: each at the lowest it can score",
        retry="Change cards in the scorer, then run this cell again.",
    ),
    solve=lambda v: _lowest(v)[0],
    values=lambda v, lows: sum(lows.values()),
    why=lambda v, cards: (
        f"{score_layout(list(cards)).explain()}: each column as low as it can be with the "
        f"{Card.parse(v.card).unicode} kept. A 2 (-2) over a card worth 0 (a king) is the "
        "lowest column, and two 2s in one column pair to 0, not -4."
    ),
)


# --------------------------------------------------------------------------- golf-5


@dataclass(frozen=True)
class MatchCard:
    """Two players' nine hole scores."""

    players: tuple[str, str]
    holes: tuple[tuple[int, ...], tuple[int, ...]]

    def position(self) -> GolfMatch:
        """The match with its nine holes recorded."""
        match = GolfMatch(self.players)
        for scores in zip(*self.holes, strict=True):
            match.record(dict(zip(self.players, scores, strict=True)))
        return match


def _draw_match(rng: random.Random) -> MatchCard:
    """Nine holes each; the totals differ, and the player with the lower total wins fewer
    holes than the other (counting holes won is the misconception)."""
    first, second = names(rng, 2)
    while True:
        holes = tuple(tuple(rng.randint(-4, 12) for _h in range(9)) for _p in (first, second))
        a, b = (sum(h) for h in holes)
        won = [sum(x < y for x, y in zip(holes[i], holes[1 - i], strict=True)) for i in (0, 1)]
        low = 0 if a < b else 1
        if a != b and won[low] < won[1 - low]:
            return MatchCard((first, second), (holes[0], holes[1]))


def _holes(scores: Sequence[int]) -> str:
    return ", ".join(str(s).replace("-", "−") for s in scores)


EXERCISES.define(
    id="golf-5",
    kind="compute",
    title="Who wins a match",
    form="two values in a tuple: (a player's name in quotes, a whole number)",
    rules=("GOLF-MATCH",),
    where="GOLF-MATCH in golf.ipynb",
    nudge="Add each player's hole scores with their signs. Does low or high win?",
    draw=_draw_match,
    question=lambda v: (
        f"A match card: {v.players[0]}'s nine holes scored {_holes(v.holes[0])}; "
        f"{v.players[1]}'s scored {_holes(v.holes[1])}. Who wins the match, and with what total?"
    ),
    answer=Tuple(
        ("who wins the match", Name(lambda v: v.players, "a player's name")),
        ("the winning total", Number()),
    ),
    solve=lambda v: (
        (match := v.position()).winners()[0],
        int(match.totals()[match.winners()[0]]),
    ),
    why=lambda v, _right: (
        f"The totals are {dict(v.position().totals())}; the lowest total wins, whoever won "
        "more holes."
    ),
)
