"""The exercises of rook.ipynb: a trick and its counters, a hand's score, which plays are
legal, which cards may follow, and an auction won in the bidding panel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.errors import CardlibError
from cardlib.exercises.answers import learner_moves, replay_moves
from cardlib.exercises.forms import (
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
from cardlib.rook import DEFAULT_PLAYERS, RookHand, score_hand, trick_winner
from cardlib.rook.article import ARTICLE_TRICKS, article_play
from cardlib.rook.cards import Colour, RookCard, counters

EXERCISES = Chapter("rook.ipynb")


def _rook_cards(value: Any, what: str = "the answer") -> tuple[str, ...]:
    """A list of Rook cards, sorted (the order they are written in does not count)."""
    placeholder(value)
    if isinstance(value, str) or not isinstance(value, list | tuple | set):
        raise FormError(f"{what} is {type_name(value)}, {value!r}, not a list of cards.")
    cards = []
    for item in value:
        try:
            cards.append(str(RookCard.parse(item)))
        except (CardlibError, TypeError, AttributeError):
            raise FormError(
                f"{item!r} is not a Rook card (write them like 'R6' or 'Rook')."
            ) from None
    return tuple(sorted(cards))


_ROOK_1 = [("North", "Y10"), ("East", "Y14"), ("South", "R10"), ("West", "G5")]


def _rook_1_trick() -> tuple[str, int]:
    cards = [RookCard.parse(c) for _p, c in _ROOK_1]
    return _ROOK_1[trick_winner(cards, Colour.GREEN)][0], counters(cards)


EXERCISES.define(
    id="rook-1",
    kind="compute",
    question="Green is trump. North leads Y10, East plays Y14, South R10, West G5. "
    "Who wins the trick, and how many counters does it hold?",
    form="two values in a tuple: (a player's name, a whole number), such as ('North', 10)",
    rules=("ROOK-TRICK-WIN", "ROOK-COUNT"),
    where="ROOK-COUNT and ROOK-TRICK-WIN in rook.ipynb",
    nudge="Is there a trump in the trick? Which cards count: the 5s, 10s, 14s and the Rook?",
    parts=("who wins the trick", "its counters"),
    read=lambda a: as_tuple(
        a, lambda v: as_name(v, ["North", "East", "South", "West"], "the name"), as_int
    ),
    solve=_rook_1_trick,
    why=lambda right: (
        f"{right[0]} wins with the only trump, G5; the counters are 10 + 10 + 10 + 5 = {right[1]}."
    ),
)


def _rook_2_score() -> Any:
    return score_hand("NS", 100, {"NS": 95, "EW": 25})


EXERCISES.define(
    id="rook-2",
    kind="compute",
    question="North-South bid 100 and take 95 in counters; East-West take 25. "
    "What does each team score for the hand?",
    form="two values in a tuple: (North-South's score, East-West's score), such as (95, 25)",
    rules=("ROOK-SCORE-SET", "ROOK-SCORE-MADE"),
    where="ROOK-SCORE-MADE and ROOK-SCORE-SET in rook.ipynb",
    nudge="Did North-South reach their bid? If not, what do they lose?",
    parts=("North-South's score", "East-West's score"),
    read=lambda a: as_tuple(a, as_int, as_int),
    solve=lambda: tuple(int(v) for v in _rook_2_score().points.values()),
    why=lambda _right: _rook_2_score().explain(),
)


def _rook_3_game() -> Any:
    hand = article_play()
    for player, card in [*ARTICLE_TRICKS[0], *ARTICLE_TRICKS[1][:3]]:
        hand.play(f"play {card}", player=player)
    return hand


_ROOK_3_MOVES = ("play G12", "play Y7", "play R13", "trump red")

EXERCISES.define(
    id="rook-3",
    kind="classify",
    question="Trick 2 of the article: South led Y13, West played Y8, North G6. East holds "
    "R9 R13 Y7 B6 B8 B13 G10 G12. For each of "
    + ", ".join(_ROOK_3_MOVES)
    + ": legal, or which rule refuses it?",
    form="a dictionary from each move to 'legal' or a rule ID, such as {'play G12': 'legal', ...}",
    rules=("ROOK-FOLLOW", "ROOK-TRUMP"),
    where="ROOK-TRUMP and ROOK-FOLLOW in rook.ipynb",
    nudge="Which colour was led, and does East hold it? A trump does not excuse you from "
    "following. And when is trump named?",
    read=lambda a: as_table(a, _ROOK_3_MOVES, legal_or_rule),
    solve=lambda: classify(_rook_3_game(), _ROOK_3_MOVES),
    why=lambda right: (
        "The engine says "
        + "; ".join(f"{m}: {v}" for m, v in right.items())
        + ". East holds yellow and must follow it."
    ),
    differences=wrong_keys,
)

_ROOK_4_SOUTH = "Rook R6 Y12 Y5 B9 B14 G7 G10 G13"


def _rook_4_game() -> Any:
    return RookHand.from_position(
        DEFAULT_PLAYERS,
        {"East": ["R9"], "South": _ROOK_4_SOUTH},
        dealer="North",
        bid=("South", 80),
        trump="red",
    )


def _rook_4_legal() -> tuple[str, ...]:
    hand = _rook_4_game()
    hand.play("play R9")
    return tuple(sorted(str(m).removeprefix("play ") for m in hand.legal_moves()))


EXERCISES.define(
    id="rook-4",
    kind="predict",
    question="Red is trump. East leads R9. South holds " + _ROOK_4_SOUTH + ". "
    "Which cards may South play?",
    form="a list of cards, such as ['R6', 'Y12']",
    rules=("ROOK-FOLLOW", "ROOK-BIRD-ANYTIME", "ROOK-BIRD-LEAD"),
    where="ROOK-FOLLOW and the three ROOK-BIRD- sections in rook.ipynb",
    nudge="South must follow red if South can. Is the Rook a red card here, and may it be "
    "played at any time?",
    read=_rook_cards,
    solve=_rook_4_legal,
    why=lambda right: (
        f"South may play {' or '.join(right)}: the R6 follows red, and the Rook "
        "belongs to the trump colour and may be played to any trick."
    ),
)


def _read_panel(widget: Any) -> Any:
    placeholder(widget)
    hand = getattr(widget, "hand", None)
    if hand is None or not hasattr(widget, "bid_button"):
        raise FormError(f"the answer is {type_name(widget)}, not the bidding panel widget.")
    if not hand.history:
        raise Unanswered("The panel is still where it started: bid or pass in it.")
    return hand


def _panel_goal(hand: Any, _right: Any) -> bool:
    return hand.phase != "bid" and (hand.bidder, hand.bid) == ("South", 80)


def _panel_state(hand: Any, _right: Any) -> str:
    if hand.phase == "bid":
        return "The auction is not over yet."
    return f"{hand.bidder} won the auction at {hand.bid}. Click Reset to start again."


def _panel() -> Any:
    # the widget module imports ipywidgets, which importing the exercises must not
    # (cardlib.exercises imports no Jupyter: a script or a test may check answers)
    from cardlib.rook.widgets import BiddingPanel

    return BiddingPanel()


def _kept_bids(made: Any) -> dict[str, Any]:
    """The learner's bids and passes, in order."""
    return {"moves": learner_moves(made)}


def _replayed_bids(state: Mapping[str, Any]) -> Any:
    return replay_moves(_panel(), state.get("moves"), lambda made, move: bool(made.play(move)))


EXERCISES.define(
    id="rook-5",
    kind="widget",
    question="In the bidding panel, make the auction end with South winning it at 80.",
    form="the bidding panel widget",
    rules=("ROOK-BID-ORDER", "ROOK-BID-RAISE", "ROOK-BID-PASS", "ROOK-BID-WIN"),
    where="ROOK-BID-ORDER to ROOK-BID-WIN in rook.ipynb",
    nudge="Who bids first, and in which order do the others bid? A player who passes is "
    "out of the auction.",
    read=_read_panel,
    solve=lambda: None,
    same=_panel_goal,
    differences=_panel_state,
    why=lambda _right: (
        "South's 80 stood once the other three had passed: the last bidder "
        "left wins the auction at that bid."
    ),
    played=Played(fresh=_panel, keep=_kept_bids, replay=_replayed_bids),
)
