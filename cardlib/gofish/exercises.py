"""The exercises of go-fish.ipynb: the whole-turn exercises its end asks (a request and its
book, which requests are legal, who asks next under each rule set, a book made in the ask
sandbox, and the deal: gf-1 to gf-5), after those asked inside its rule sections (gf-6 to
gf-11, :mod:`cardlib.gofish.rule_exercises`, which opens the notebook's chapter).

Each exercise draws its variant from the student's generator; the right answers are asked
of the engine (a :class:`~cardlib.gofish.GoFishGame` set up and played)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from cardlib.cards import Card, Rank, standard_deck
from cardlib.errors import CardlibError
from cardlib.exercises.answers import AnswerFileProblem, Played, learner_moves, replay_moves
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
from cardlib.gofish import GoFishGame, GoFishOptions
from cardlib.gofish.article import Scenario
from cardlib.gofish.moves import GoFishMove
from cardlib.gofish.narration import plural
from cardlib.gofish.rule_exercises import (
    EXERCISES,
    RULE_SETS,
    Hands,
    deal_hands,
    game_at,
    holding,
)

# --------------------------------------------------------------------------- gf-1


@dataclass(frozen=True)
class Request:
    """Three players' hands (the first asks), the asker's books, and the request."""

    hands: Hands
    books: tuple[str, ...]
    target: str
    rank: str

    @property
    def asker(self) -> str:
        return self.hands[0][0]

    def position(self) -> GoFishGame:
        """The game before the request (Pagat's rules)."""
        return game_at(self.hands, {self.asker: self.books})

    def played(self) -> GoFishGame:
        game = self.position()
        game.play(f"ask {self.target} {self.rank}")
        return game


def _draw_request(rng: random.Random) -> Request:
    """The asker holds 1 to 3 cards of the rank, the player asked at least one, the third
    player the rest; each hand may or may not hold other cards (an empty hand ends the game
    under Pagat's rules), and the asker may have books already."""
    asker, target, third = names(rng, 3)
    rank = rng.choice(list(Rank))
    suits = [c for c in standard_deck() if c.rank == rank]
    rng.shuffle(suits)
    mine = rng.randint(1, 3)
    theirs = rng.randint(1, 4 - mine)
    fixed = {
        asker: suits[:mine],
        target: suits[mine : mine + theirs],
        third: suits[mine + theirs :],
    }
    extra = {
        asker: rng.choice([0, 0, 1, 2]),
        target: rng.choice([0, 1, 2]),
        third: rng.randint(1, 3),
    }
    hands = deal_hands(rng, [asker, target, third], fixed, extra)
    held = {Card.parse(c).rank for _p, cs in hands for c in cs}
    books = rng.sample([str(r) for r in Rank if r not in held], rng.choice([0, 0, 1, 2]))
    return Request(hands, tuple(books), target, str(rank))


def _request_question(v: Request) -> str:
    books = (
        f" {v.asker} has laid aside {len(v.books)} book{'s' if len(v.books) > 1 else ''} already "
        f"({said([plural(Rank.parse(r)) for r in v.books])})."
        if v.books
        else ""
    )
    return (
        f"Pagat's rules, three players. {holding(v.hands)}.{books} {v.asker} asks {v.target} "
        f"for {plural(Rank.parse(v.rank))}. How many books does {v.asker} have afterwards, and "
        "is the game over?"
    )


EXERCISES.define(
    id="gf-1",
    kind="predict",
    title="A request, a book, and the end",
    form="two values in a tuple: (a whole number, True or False)",
    rules=("GF-GIVE-ALL", "GF-BOOK", "GF-END-EMPTY"),
    where="GF-GIVE-ALL, GF-BOOK and GF-END-EMPTY in go-fish.ipynb",
    nudge="How many cards of the rank does the asker hold after the request, and what is "
    "left in each hand?",
    draw=_draw_request,
    question=_request_question,
    answer=Tuple(("the asker's books", Number()), ("is the game over", Truth())),
    solve=lambda v: (len((game := v.played()).books[v.asker]), game.is_over),
    why=lambda v, _right: str(v.played().log[-1].text),
)


# --------------------------------------------------------------------------- gf-2


@dataclass(frozen=True)
class Requests:
    """Three players' hands (the first asks) and the requests the question asks about."""

    hands: Hands
    moves: tuple[str, ...]

    def position(self) -> GoFishGame:
        """The game at the asker's turn (Pagat's rules)."""
        return game_at(self.hands)


def _draw_requests(rng: random.Random) -> Requests:
    asker, b, c = names(rng, 3)
    hands = deal_hands(rng, [asker, b, c], {}, {asker: 3, b: 2, c: 2})
    held = {p: {str(Card.parse(x).rank) for x in cs} for p, cs in hands}
    mine = sorted(held[asker])
    others = [b, c]
    candidates = {
        # a rank the asker holds, of a player who holds it too, and of one who does not
        *(f"ask {p} {r}" for p in others for r in mine),
        # a rank the asker does not hold (GF-ASK-HOLD), and the asker asked (GF-ASK-TARGET)
        *(f"ask {p} {r}" for p in others for r in held[p] if r not in held[asker]),
        *(f"ask {asker} {r}" for r in mine),
    }
    while True:
        moves = tuple(rng.sample(sorted(candidates), 4))
        verdicts = set(classify(game_at(hands), moves).values())
        if "legal" in verdicts and len(verdicts) >= 2:
            return Requests(hands, moves)


EXERCISES.define(
    id="gf-2",
    kind="classify",
    title="Which requests are legal",
    form="a dictionary from each request to 'legal' or the ID of the rule that refuses it",
    rules=("GF-ASK-HOLD", "GF-ASK-TARGET"),
    where="GF-ASK-HOLD and GF-ASK-TARGET in go-fish.ipynb",
    nudge="You may only ask for a rank you hold, and only ask someone else at the table. "
    "Whether they have the rank does not matter.",
    draw=_draw_requests,
    question=lambda v: (
        f"{holding(v.hands)}; {v.hands[0][0]} asks. For each of the requests "
        f"{said([f'`{m}`' for m in v.moves])}: is it legal, and if not, which rule refuses it?"
    ),
    answer=Table(lambda v: v.moves, Verdict(), Keys.moves(GoFishMove.parse)),
    solve=lambda v: classify(v.position(), v.moves),
    why=lambda v, right: (
        "The engine says "
        + "; ".join(f"{m}: {verdict}" for m, verdict in right.items())
        + ". Asking a player who has none is legal: it is how you go fishing."
    ),
)


# --------------------------------------------------------------------------- gf-3


@dataclass(frozen=True)
class Miss:
    """Players in seating order (the first asks), the request, and the card fished."""

    hands: Hands
    target: str
    rank: str
    fished: str

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p, _cs in self.hands)

    def position(self, rule_set: str = "pagat") -> GoFishGame:
        """The game before the request, under ``rule_set``."""
        return game_at(self.hands, stock=[self.fished], rule_set=rule_set)

    def next_player(self, rule_set: str) -> str:
        game = self.position(rule_set)
        game.play(f"ask {self.target} {self.rank}")
        return str(game.to_move)


def _draw_miss(rng: random.Random) -> Miss:
    """The player asked is not the asker's left-hand neighbour (or the rule sets would agree),
    holds none of the rank, and the card fished is of another rank."""
    n = rng.randint(3, 5)
    players = names(rng, n)
    target = rng.choice(players[2:])
    hands = deal_hands(rng, players, {}, dict.fromkeys(players, 3))
    held = {p: {Card.parse(c).rank for c in cs} for p, cs in hands}
    ranks = [r for r in held[players[0]] if r not in held[target]]
    if not ranks:
        return _draw_miss(rng)
    rank = rng.choice(sorted(ranks))
    named = {Card.parse(c) for _p, cs in hands for c in cs}
    fished = rng.choice([c for c in standard_deck() if c not in named and c.rank != rank])
    return Miss(hands, target, str(rank), str(fished))


EXERCISES.define(
    id="gf-3",
    kind="predict",
    title="Who asks after a miss",
    form="a dictionary from each rule set ('pagat', 'bicycle', 'gamerules') to a player's name",
    rules=("GF-NEXT",),
    where="GF-NEXT and 'The rule sets side by side' in go-fish.ipynb",
    nudge="After a miss, does the turn go to the asker's left, or to the player who said "
    "'Go fish'? It depends on the rule set.",
    draw=_draw_miss,
    question=lambda v: (
        f"{len(v.players)} players sit in the order {said(list(v.players))} (so {v.players[1]} "
        f"is on {v.players[0]}'s left). {v.players[0]} asks {v.target} for "
        f"{plural(Rank.parse(v.rank))}; {v.target} has none and {v.players[0]} fishes the "
        f"{Card.parse(v.fished).unicode}. Who asks next under each rule set, `pagat`, "
        "`bicycle` and `gamerules`?"
    ),
    answer=Table(lambda v: RULE_SETS, Name(lambda v: v.players, "a player's name")),
    solve=lambda v: {rs: v.next_player(rs) for rs in RULE_SETS},
    why=lambda v, right: (
        "; ".join(f"{rs}: {p}" for rs, p in right.items())
        + f". Pagat and Bicycle pass the turn to the asker's left ({v.players[1]}); the Game "
        f"Rules site gives it to whoever said 'Go fish' ({v.target})."
    ),
)


# --------------------------------------------------------------------------- gf-4


@dataclass(frozen=True)
class Sandbox:
    """The ask sandbox's position: the hands (the first player asks), the top of the stock,
    and the rank whose book the asker is to make."""

    hands: Hands
    stock: tuple[str, ...]
    rank: str

    @property
    def asker(self) -> str:
        return self.hands[0][0]

    @property
    def scenario(self) -> Scenario:
        return Scenario(
            hands={p: list(cs) for p, cs in self.hands}, stock=list(self.stock), to_move=self.asker
        )


def _draw_sandbox(rng: random.Random) -> Sandbox:
    """The asker holds one card of the rank; the two others hold the other three between
    them (two and one); the top of the stock is of another rank."""
    asker, b, c = names(rng, 3)
    rank = rng.choice(list(Rank))
    suits = [x for x in standard_deck() if x.rank == rank]
    rng.shuffle(suits)
    two, one = (b, c) if rng.random() < 0.5 else (c, b)
    fixed = {asker: suits[:1], two: suits[1:3], one: suits[3:]}
    hands = deal_hands(rng, [asker, b, c], fixed, {asker: 3, b: 1, c: 2})
    named = {Card.parse(x) for _p, cs in hands for x in cs}
    stock = rng.sample([x for x in standard_deck() if x not in named and x.rank != rank], 2)
    return Sandbox(hands, tuple(str(x) for x in stock), str(rank))


def _holders(v: Sandbox) -> list[str]:
    """The players other than the asker who hold cards of the rank, most first."""
    rank = Rank.parse(v.rank)
    counts = {p: sum(Card.parse(c).rank == rank for c in cs) for p, cs in v.hands[1:]}
    return sorted((p for p, n in counts.items() if n), key=lambda p: -counts[p])


def _goal(v: Sandbox) -> dict[str, bool]:
    return {
        f"the book of {plural(Rank.parse(v.rank))} laid down by {v.asker}": True,
        f"{v.asker} still asking": True,
    }


def _look_sandbox(widget: Any, v: Sandbox) -> Reading:
    placeholder(widget)
    game = getattr(widget, "game", None)
    if game is None or not hasattr(widget, "ask_button"):
        raise FormError(f"the answer is {type_name(widget)}, not the ask sandbox widget.")
    if not game.history:
        raise Unanswered("The sandbox is still where it started: make requests in it.")
    book, asks = _goal(v)
    rank = Rank.parse(v.rank)
    return Reading(
        game,
        {book: rank in list(game.books.get(v.asker, [])), asks: game.to_move == v.asker},
    )


def _sandbox(v: Sandbox) -> Any:
    # the widget module imports ipywidgets, which importing the exercises must not
    # (cardlib.exercises imports no Jupyter: a script or a test may check answers)
    from cardlib.gofish.widgets import AskSandbox

    return AskSandbox(v.scenario)


def _kept_requests(made: Any) -> dict[str, Any]:
    """The sandbox's rule set and the learner's requests, in order."""
    return {"rule_set": made.rule_set.value, "moves": learner_moves(made)}


def _ask(made: Any, move: str) -> bool:
    """Make ``move`` with the sandbox's own controls: whom to ask, for what, then Ask."""
    words = move.split()
    try:
        if len(words) != 3 or words[0] != "ask":
            raise ValueError(move)
        made.target.value, made.what.value = words[1], words[2]
    except Exception:  # a value the dropdowns do not offer (traitlets' TraitError)
        raise AnswerFileProblem(f"{move!r} is not a request the sandbox can make.") from None
    before = len(made.game.history)
    made.ask_button.click()
    return len(made.game.history) > before


def _replayed_requests(v: Sandbox, state: Mapping[str, Any]) -> Any:
    made = _sandbox(v)
    rule_set = state.get("rule_set")
    if rule_set not in made.rule_set.options:
        raise AnswerFileProblem(f"{rule_set!r} is not a rule set of the sandbox.")
    made.rule_set.value = rule_set
    return replay_moves(made, state.get("moves"), _ask)


def _requests(made: Any, moves: Sequence[str]) -> None:
    for move in moves:
        _ask(made, move)


def _as_played(v: Sandbox, game: Any) -> str:
    """What happened, in the order the learner asked (the engine's narration of each)."""
    told = "; then ".join(str(e.text) for e in game.log)
    return (
        f"As you played it: {told}. Each request that got cards earned another one, and four "
        f"{plural(Rank.parse(v.rank))} are a book, laid aside at once."
    )


EXERCISES.define(
    id="gf-4",
    kind="widget",
    title="A book made in the sandbox",
    form="the ask sandbox widget",
    rules=("GF-GIVE-ALL", "GF-CATCH-AGAIN", "GF-BOOK"),
    where="GF-GIVE-ALL, GF-CATCH-AGAIN and GF-BOOK in go-fish.ipynb",
    nudge="Who holds the other cards of the rank? Getting cards earns another request; "
    "fishing for the wrong rank does not.",
    draw=_draw_sandbox,
    question=lambda v: (
        f"The sandbox below starts on this position: {holding(v.hands)}; {v.asker} asks. "
        f"Make {v.asker} lay down the book of {plural(Rank.parse(v.rank))} and still be the "
        "one asking."
    ),
    answer=Played(
        fresh=_sandbox,
        keep=_kept_requests,
        replay=_replayed_requests,
        look=_look_sandbox,
        line=lambda v: [f"ask {p} {v.rank}" for p in _holders(v)],
        astray=lambda v: [f"ask {_holders(v)[0]} {v.rank}"],
        enact=_requests,
        said=lambda moves: "ask " + ", then ".join(m.removeprefix("ask ") for m in moves),
        parts_said="two parts: the book made, and the asker still asking",
        retry="Click Reset in the sandbox to start again.",
    ),
    solve=_goal,
    values=lambda v, _goal: (*_holders(v), v.rank),
    why=_as_played,
)


# --------------------------------------------------------------------------- gf-5


@dataclass(frozen=True)
class Deals:
    """How many players are dealt in under each rule set, and how many requests then miss
    (each player asked has none, and the asker fishes one card)."""

    players: tuple[tuple[str, int], ...]  # (rule set, number of players)
    misses: int

    def facts(self) -> tuple[int, ...]:
        """What decides the answer: the number of players under each rule set, and of
        misses."""
        return (*(n for _rs, n in self.players), self.misses)

    @property
    def rule_sets(self) -> tuple[str, ...]:
        return tuple(rs for rs, _n in self.players)

    def dealt(self, rule_set: str) -> GoFishGame:
        """The game just dealt under ``rule_set``."""
        n = dict(self.players)[rule_set]
        return GoFishGame(
            list(names(random.Random(n), n)),
            options=GoFishOptions(rule_set=cast(Any, rule_set)),
            seed=1,
        )

    def position(self, rule_set: str) -> GoFishGame:
        """The game under ``rule_set`` after the deal and the misses: each a request of a
        rank the player asked does not hold (the engine knows the hands)."""
        game = self.dealt(rule_set)
        for _miss in range(self.misses):
            asker = str(game.to_move)
            miss = next(
                m
                for m in sorted(game.legal_moves(), key=str)
                if not any(c.rank == m.rank for c in game.hand(m.target))
            )
            game.play(miss, player=asker)
        return game


def _deal_stocks() -> set[int]:
    """Every count of the stock just after a deal, under every rule set and number of players:
    go-fish.ipynb shows them all (its table of deals, and its replay of deal-table.yaml)."""
    counts = set()
    for rule_set in RULE_SETS:
        for n in range(2, 7):
            try:
                counts.add(Deals(((rule_set, n),), 0).dealt(rule_set).stock_size)
            except CardlibError:  # a rule set that deals no such table (Bicycle, six)
                continue
    return counts


def _draw_deals(rng: random.Random) -> Deals:
    """A number of players under Pagat's rules and one under Bicycle's, then one to three
    misses; never an answer that is a stock just after a deal, which the notebook shows."""
    shown = _deal_stocks()
    while True:
        v = Deals(
            (("pagat", rng.choice([2, 3, 4, 5, 6])), ("bicycle", rng.choice([2, 3, 4, 5]))),
            rng.randint(1, 3),
        )
        if not {v.position(rs).stock_size for rs in v.rule_sets} & shown:
            return v


def _dealt_said(v: Deals, rule_set: str) -> str:
    game = v.dealt(rule_set)
    n, each = len(game.players), len(game.hand(game.players[0]))
    return f"52 - {n} x {each} - {v.misses} = {v.position(rule_set).stock_size} under {rule_set}"


EXERCISES.define(
    id="gf-5",
    kind="compute",
    title="The stock after the deal and some fishing",
    form="a dictionary {'pagat': a whole number, 'bicycle': a whole number}",
    rules=("GF-DEAL", "GF-GO-FISH"),
    where="GF-DEAL, GF-GO-FISH and 'The rule sets side by side' in go-fish.ipynb",
    nudge="How many cards does each player get, for that many players, under each rule set? "
    "The pack has 52. And how many cards does going fishing take from the stock?",
    draw=_draw_deals,
    question=lambda v: (
        "How many cards are left in the stock, "
        + " and ".join(f"with {n} players under `{rs}`" for rs, n in v.players)
        + f", after the deal and then {v.misses} request{'s' if v.misses > 1 else ''} that "
        'miss (the player asked has none of the rank, and says "Go fish")?'
    ),
    answer=Table(lambda v: v.rule_sets, Number()),
    solve=lambda v: {rs: int(v.position(rs).stock_size) for rs in v.rule_sets},
    why=lambda v, _right: (
        "; ".join(_dealt_said(v, rs) for rs in v.rule_sets)
        + ": each miss fishes one card from the top of the stock (GF-GO-FISH)."
    ),
)
