"""The exercises of go-fish.ipynb: a request and its book, which requests are legal, who
asks next under each rule set, a book made in the ask sandbox, and the deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardlib.cards import Card, standard_deck
from cardlib.exercises.answers import AnswerFileProblem, learner_moves, replay_moves
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
from cardlib.gofish import GoFishGame, GoFishOptions

EXERCISES = Chapter("go-fish.ipynb")


def _fish(hands: Mapping[str, Sequence[str]], stock: Sequence[str] = (), **options: Any) -> Any:
    """A Go Fish position: these hands, this top of the stock, the rest of the pack below."""
    named = {Card.parse(c) for cs in hands.values() for c in cs} | {Card.parse(c) for c in stock}
    rest = [c for c in standard_deck() if c not in named]
    return GoFishGame.from_position(
        list(hands),
        {p: list(cs) for p, cs in hands.items()},
        stock=[*stock, *rest],
        to_move=next(iter(hands)),
        options=GoFishOptions(**options),
    )


def _gf_1_after() -> Any:
    game = _fish({"Lin": ["7S", "7H"], "An": ["7D", "7C", "2S"], "Mei": ["3H"]})
    game.play("ask An 7")
    return game


EXERCISES.define(
    id="gf-1",
    kind="predict",
    question="Pagat's rules. Lin holds 7S 7H; An holds 7D 7C 2S; Mei 3H. Lin asks An for 7s. "
    "How many books does Lin have afterwards, and is the game over?",
    form="two values in a tuple: (a whole number, True or False), such as (0, False)",
    rules=("GF-GIVE-ALL", "GF-BOOK", "GF-END-EMPTY"),
    where="GF-GIVE-ALL, GF-BOOK and GF-END-EMPTY in go-fish.ipynb",
    nudge="How many 7s does Lin hold after An hands over hers, and what is left in Lin's hand?",
    parts=("Lin's books", "is the game over"),
    read=lambda a: as_tuple(a, as_int, as_bool),
    solve=lambda: (len((g := _gf_1_after()).books["Lin"]), g.is_over),
    why=lambda _right: _gf_1_after().log[-1].text,
)

_GF_2_HANDS = {"Lin": ["8S", "QS", "9S"], "An": ["8H", "3D"], "Mei": ["8C", "JD"]}
_GF_2_MOVES = ("ask An 8", "ask An 3", "ask Lin Q", "ask Mei 9")

EXERCISES.define(
    id="gf-2",
    kind="classify",
    question="Lin holds 8S QS 9S and asks. For each of "
    + ", ".join(_GF_2_MOVES)
    + ": legal, or which rule refuses it?",
    form="a dictionary from each request to 'legal' or a rule ID, such as {'ask An 8': 'legal', ...}",
    rules=("GF-ASK-HOLD", "GF-ASK-TARGET"),
    where="GF-ASK-HOLD and GF-ASK-TARGET in go-fish.ipynb",
    nudge="You may only ask for a rank you hold, and only ask someone else at the table. "
    "Whether they have the rank does not matter.",
    read=lambda a: as_table(a, _GF_2_MOVES, legal_or_rule),
    solve=lambda: classify(_fish(_GF_2_HANDS), _GF_2_MOVES),
    why=lambda right: (
        "The engine says "
        + "; ".join(f"{m}: {v}" for m, v in right.items())
        + ". Asking a player who has none is legal: it is how you go fishing."
    ),
    differences=wrong_keys,
)

_GF_3_HANDS = {"Lin": ["5S", "9S"], "An": ["3D"], "Mei": ["2C"], "Bo": ["JD"]}
_RULE_SETS = ("pagat", "bicycle", "gamerules")


def _gf_3_next(rule_set: str) -> str:
    game = _fish(_GF_3_HANDS, stock=["4H"], rule_set=rule_set)
    game.play("ask Mei 9")
    return str(game.to_move)


EXERCISES.define(
    id="gf-3",
    kind="predict",
    question="Four at the table, in order Lin, An, Mei, Bo. Lin asks Mei for 9s; Mei has none "
    "and Lin fishes the 4H. Who asks next, under each rule set?",
    form="a dictionary from each rule set ('pagat', 'bicycle', 'gamerules') to a player's name",
    rules=("GF-NEXT",),
    where="GF-NEXT and 'The rule sets side by side' in go-fish.ipynb",
    nudge="After a miss, does the turn go to the asker's left, or to the player who said 'Go fish'? "
    "It depends on the rule set.",
    read=lambda a: as_table(a, _RULE_SETS, lambda v, what: as_name(v, list(_GF_3_HANDS), what)),
    solve=lambda: {rs: _gf_3_next(rs) for rs in _RULE_SETS},
    why=lambda right: (
        "; ".join(f"{rs}: {p}" for rs, p in right.items())
        + ". Pagat and Bicycle pass the turn to the asker's left (An); the Game Rules site "
        "gives it to whoever said 'Go fish' (Mei)."
    ),
    differences=wrong_keys,
)


def _read_sandbox(widget: Any) -> Any:
    placeholder(widget)
    game = getattr(widget, "game", None)
    if game is None or not hasattr(widget, "ask_button"):
        raise FormError(f"the answer is {type_name(widget)}, not the ask sandbox widget.")
    if not game.history:
        raise Unanswered("The sandbox is still where it started: make requests in it.")
    return game


def _sandbox_goal(game: Any, _right: Any) -> bool:
    return 8 in [int(r) for r in game.books.get("Lin", [])] and game.to_move == "Lin"


def _sandbox_state(game: Any, _right: Any) -> str:
    books = game.books.get("Lin", [])
    return (
        f"In the sandbox Lin has {len(books)} book(s) and {game.to_move or 'nobody'} asks next. "
        "Click Reset to start again."
    )


def _sandbox() -> Any:
    # the widget module imports ipywidgets, which importing the exercises must not
    # (cardlib.exercises imports no Jupyter: a script or a test may check answers)
    from cardlib.gofish.widgets import AskSandbox

    return AskSandbox()


def _kept_requests(made: Any) -> dict[str, Any]:
    """The sandbox's rule set and the learner's requests, in order."""
    return {"rule_set": made.rule_set.value, "moves": learner_moves(made)}


def _ask(made: Any, move: str) -> bool:
    words = move.split()
    try:
        if len(words) != 3 or words[0] != "ask":
            raise ValueError(move)
        made.target.value, made.what.value = words[1], words[2]
    except Exception:  # a value the dropdowns do not offer (traitlets' TraitError)
        raise AnswerFileProblem(f"{move!r} is not a request the sandbox can make.") from None
    return bool(made.ask())


def _replayed_requests(state: Mapping[str, Any]) -> Any:
    made = _sandbox()
    rule_set = state.get("rule_set")
    if rule_set not in made.rule_set.options:
        raise AnswerFileProblem(f"{rule_set!r} is not a rule set of the sandbox.")
    made.rule_set.value = rule_set
    return replay_moves(made, state.get("moves"), _ask)


EXERCISES.define(
    id="gf-4",
    kind="widget",
    question="In the ask sandbox, make Lin lay down the book of 8s and still be the one asking.",
    form="the ask sandbox widget",
    rules=("GF-GIVE-ALL", "GF-CATCH-AGAIN", "GF-BOOK"),
    where="GF-GIVE-ALL, GF-CATCH-AGAIN and GF-BOOK in go-fish.ipynb",
    nudge="Who holds the other three 8s? Getting cards earns another request; fishing for "
    "the wrong rank does not.",
    read=_read_sandbox,
    solve=lambda: None,
    same=_sandbox_goal,
    differences=_sandbox_state,
    why=lambda _right: (
        "Lin took An's two 8s (GF-GIVE-ALL), asked again (GF-CATCH-AGAIN) and "
        "took Mei's: four 8s are a book, laid aside at once (GF-BOOK), and Lin asks on."
    ),
    played=Played(fresh=_sandbox, keep=_kept_requests, replay=_replayed_requests),
)


def _gf_5_stock(rule_set: str) -> int:
    return int(
        GoFishGame(
            ["Ann", "Ben", "Cy"],
            options=GoFishOptions(rule_set=cast(Any, rule_set)),
            seed=1,
        ).stock_size
    )


EXERCISES.define(
    id="gf-5",
    kind="compute",
    question="Three players. How many cards are left in the stock after the deal under "
    "'pagat' and under 'bicycle'?",
    form="a dictionary {'pagat': a whole number, 'bicycle': a whole number}",
    rules=("GF-DEAL",),
    where="GF-DEAL and 'The rule sets side by side' in go-fish.ipynb",
    nudge="How many cards does each player get under each rule set? The pack has 52.",
    read=lambda a: as_table(a, ("pagat", "bicycle"), as_int),
    solve=lambda: {rs: _gf_5_stock(rs) for rs in ("pagat", "bicycle")},
    why=lambda right: (
        f"52 - 3 x 5 = {right['pagat']} under Pagat's rules, "
        f"52 - 3 x 7 = {right['bicycle']} under Bicycle's."
    ),
    differences=wrong_keys,
)
