"""The exercises of golf.ipynb: scoring a layout, the moves of a turn, the end of a hand,
the lowest layout (played in the layout scorer) and a match."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardlib.cards import Card, Rank, Suit
from cardlib.errors import CardlibError
from cardlib.exercises.answers import AnswerFileProblem
from cardlib.exercises.forms import (
    as_bool,
    as_int,
    as_name,
    as_table,
    as_tuple,
    classify,
    legal_or_rule,
    placeholder,
    type_name,
    wrong_keys,
)
from cardlib.exercises.model import Chapter, FormError, Played, Unanswered
from cardlib.golf import GolfGame, GolfMatch, Position, score_layout

EXERCISES = Chapter("golf.ipynb")

_GOLF_1 = ["QS", "2H", "KC", "JD", "2S", "KH"]


def _golf_score(cards: Sequence[str]) -> Any:
    return score_layout(list(cards))


EXERCISES.define(
    id="golf-1",
    kind="compute",
    question="What does the layout QS 2H KC over JD 2S KH score?",
    form="a whole number, such as 12",
    rules=("GOLF-COLUMN", "GOLF-PAIR-TWOS"),
    where="GOLF-COLUMN and GOLF-PAIR-TWOS in golf.ipynb",
    nudge="Look at each column: are the two cards the same rank, or only the same value?",
    read=as_int,
    solve=lambda: _golf_score(_GOLF_1).total,
    why=lambda _right: _golf_score(_GOLF_1).explain(),
)


def _golf_2_game() -> Any:
    game = GolfGame.from_position(
        ["Mei", "Ben"],
        {
            "Mei": {
                Position.TL: (Card.parse("5D"), True),
                Position.TR: (Card.parse("9C"), True),
            }
        },
        discard=[Card.parse("5C")],
        to_move="Mei",
    )
    game.play("take")
    return game


_GOLF_2_MOVES = ("discard", "replace TR", "replace BL", "take")

EXERCISES.define(
    id="golf-2",
    kind="classify",
    question="Mei has taken the 5C from the discard pile. For each of the moves "
    + ", ".join(_GOLF_2_MOVES)
    + ": legal, or which rule refuses it?",
    form="a dictionary from each move to 'legal' or a rule ID, such as {'draw': 'GOLF-DRAW', ...}",
    rules=("GOLF-TAKE-MUST-REPLACE", "GOLF-REPLACE", "GOLF-DRAW"),
    where="GOLF-DRAW, GOLF-REPLACE and GOLF-TAKE-MUST-REPLACE in golf.ipynb",
    nudge="A card taken from the discard pile is not a card drawn from the stock. "
    "And how many cards may a turn start with?",
    read=lambda a: as_table(a, _GOLF_2_MOVES, legal_or_rule),
    solve=lambda: classify(_golf_2_game(), _GOLF_2_MOVES),
    why=lambda right: (
        "The engine says "
        + "; ".join(f"{m}: {v}" for m, v in right.items())
        + ". A taken card must replace one of yours, face up or face down."
    ),
    differences=wrong_keys,
)


def _golf_3_game() -> Any:
    def layout(cards: str, up: Sequence[Position]) -> dict[Any, Any]:
        return {p: (Card.parse(c), p in up) for p, c in zip(Position, cards.split(), strict=True)}

    every = list(Position)
    return GolfGame.from_position(
        ["Mei", "Ben"],
        {
            "Mei": layout("2H 5C 9D 2S 4H 3C", every[:5]),
            "Ben": layout("KS 4D 7H KH 4C 8S", [Position.TL, Position.BL]),
        },
        stock=[Card.parse("KD")],
        to_move="Mei",
    )


def _golf_3_after() -> Any:
    game = _golf_3_game()
    game.play("draw")
    game.play("replace BR")
    return game


EXERCISES.define(
    id="golf-3",
    kind="predict",
    question="Mei draws the KD and puts it in place of her last face-down card (BR). "
    "Is the hand over, and who has the lower score for it?",
    form="two values in a tuple: (True or False, a player's name), such as (False, 'Ben')",
    rules=("GOLF-END", "GOLF-COLUMN"),
    where="GOLF-END in golf.ipynb",
    nudge="When does a hand end, and does going out first win it? Score both layouts.",
    parts=("is the hand over", "who has the lower score"),
    read=lambda a: as_tuple(a, as_bool, lambda v: as_name(v, ["Mei", "Ben"], "the name")),
    solve=lambda: (
        (g := _golf_3_after()).is_over,
        min(g.players, key=lambda p: g.result()[p]),
    ),
    why=lambda _right: (
        "; ".join(f"{p} scores {v}" for p, v in dict(_golf_3_after().result()).items())
        + ". The hand ends when one layout is all face up (GOLF-END); going out first is not winning."
    ),
)


def _scorer_cards(widget: Any) -> tuple[str, ...]:
    try:
        cards = getattr(widget, "cards", None)
    except ValueError as why:  # a place left without a card: the scorer says which
        raise FormError(str(why)) from None
    if cards is None or not hasattr(widget, "pickers"):
        raise FormError(f"the answer is {type_name(widget)}, not the layout scorer widget.")
    return tuple(str(c) for c in cards)


_SCORER_START = ("8H", "2S", "AC", "8C", "KD", "QH")


def _read_scorer(widget: Any) -> tuple[str, ...]:
    placeholder(widget)
    cards = _scorer_cards(widget)
    if cards == _SCORER_START:
        raise Unanswered("The scorer still shows the layout it started with: choose cards in it.")
    if len(set(cards)) < len(cards):
        raise FormError("the scorer shows a card twice, which one pack cannot give (GOLF-DECK).")
    return cards


def _lowest_layout() -> int:
    """The lowest score a layout can have, asked of the engine: the best column (every pair
    of ranks scored by :func:`~cardlib.golf.score_layout`) three times, which one pack
    allows when the column's two ranks differ (each is then needed three times of four)."""
    spades, hearts = Suit.SPADES, Suit.HEARTS
    filler = [Card(Rank.KING, Suit.CLUBS), Card(Rank.KING, Suit.DIAMONDS)]

    def column(top: Rank, bottom: Rank) -> int:
        cards = [Card(top, spades), *filler, Card(bottom, hearts), *filler]
        return int(_golf_score([str(c) for c in cards]).columns[0].points)

    best, top, bottom = min((column(t, b), t, b) for t in Rank for b in Rank)
    assert top != bottom, "three columns of one rank would need six cards of it"
    return 3 * best


def _scorer() -> Any:
    # the widget module imports ipywidgets, which importing the exercises must not
    # (cardlib.exercises imports no Jupyter: a script or a test may check answers)
    from cardlib.golf.widgets import LayoutScorer

    return LayoutScorer(_SCORER_START)


def _kept_layout(made: Any) -> dict[str, Any] | None:
    """The six cards of the scorer, or None while a place is left empty."""
    cards = [picker.value for picker in made.pickers]
    return None if None in cards else {"cards": cards}


def _replayed_layout(state: Mapping[str, Any]) -> Any:
    cards = state.get("cards")
    if not isinstance(cards, list) or len(cards) != 6:
        raise AnswerFileProblem("it does not hold the six cards of a layout.")
    try:
        parsed = [str(Card.parse(c)) for c in cards]
    except (CardlibError, TypeError, AttributeError):
        raise AnswerFileProblem(f"{cards!r} are not six cards.") from None
    from cardlib.golf.widgets import LayoutScorer  # ipywidgets, as in _scorer

    return LayoutScorer(parsed)


EXERCISES.define(
    id="golf-4",
    kind="widget",
    question="In the layout scorer, choose six cards that score as little as a layout can.",
    form="the layout scorer, with six different cards chosen",
    rules=("GOLF-VALUES", "GOLF-PAIR-TWOS"),
    where="GOLF-VALUES and GOLF-PAIR-TWOS in golf.ipynb",
    nudge="Which card is worth less than nothing, and what does a column of two of them score?",
    read=_read_scorer,
    solve=_lowest_layout,
    same=lambda cards, lowest: _golf_score(cards).total == lowest,
    differences=lambda cards, _lowest: (
        f"Your layout scores {_golf_score(cards).total}; a lower one is possible."
    ),
    why=lambda lowest: (
        f"{lowest} is the lowest: each column at best a 2 (-2) over a card worth 0 "
        "(a king), and two 2s in one column pair to 0, not -4."
    ),
    played=Played(fresh=_scorer, keep=_kept_layout, replay=_replayed_layout),
)

_GOLF_5 = {"Jia": [5, -2, 7, 0, 4, -4, 3, 9, 1], "Yi": [2, 3, 1, 6, 0, 2, 5, 3, 4]}


def _golf_5_match() -> Any:
    match = GolfMatch(("Jia", "Yi"))
    for jia, yi in zip(*_GOLF_5.values(), strict=True):
        match.record({"Jia": jia, "Yi": yi})
    return match


EXERCISES.define(
    id="golf-5",
    kind="compute",
    question="Jia's nine holes: "
    + ", ".join(map(str, _GOLF_5["Jia"]))
    + "; Yi's: "
    + ", ".join(map(str, _GOLF_5["Yi"]))
    + ". Who wins the match, with what total?",
    form="two values in a tuple: (a player's name, a whole number), such as ('Jia', 30)",
    rules=("GOLF-MATCH",),
    where="GOLF-MATCH in golf.ipynb",
    nudge="Add each player's hole scores with their signs. Does low or high win?",
    parts=("who wins the match", "the winning total"),
    read=lambda a: as_tuple(a, lambda v: as_name(v, ["Jia", "Yi"], "the name"), as_int),
    solve=lambda: (
        (m := _golf_5_match()).winners()[0],
        m.totals()[m.winners()[0]],
    ),
    why=lambda _right: (
        f"The totals are {_golf_5_match().totals()}; the lowest total wins, whoever won more holes."
    ),
)
