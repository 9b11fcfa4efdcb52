"""Replaying Go Fish worked examples: setups, requests and the claims they can make.

A setup is a fresh deal (``deal: {seed: 7}`` or ``deal: {deck: [...]}``) or a position in
mid-play as an article describes it (``position: {hands: ..., books: ..., stock: ...,
to_move: ...}``).  The top-level ``rule_set`` (pagat, bicycle, gamerules) and ``options``
(the variant switches of :class:`cardlib.gofish.GoFishOptions`) are passed to the engine.
A deal that the rules refuse (six players under Bicycle's rules) can be claimed with
``expect: {refused: GF-DEAL}``.  Every claimed value is computed by the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cardlib.cards import Card, Rank, Suit
from cardlib.claims import ClaimFn, ClaimResult, NamedCards, Record
from cardlib.claims import compare as _compare
from cardlib.claims import player as _player
from cardlib.errors import InputError, NotationError
from cardlib.examples import Map
from cardlib.gofish.engine import Event, GoFishGame, GoFishMove, GoFishOptions, deal_size

Path = tuple[Any, ...]

# The rules that can change the asker's hand, most telling first: a wrong claim about a hand
# after a request reports the first of these that the request's narration cites.
_ASKER_RULES = (
    "GF-VAR-REFILL",
    "GF-EMPTY-DRAW",
    "GF-BOOK",
    "GF-GO-FISH",
    "GF-VAR-CARD",
    "GF-GIVE-ALL",
)


@dataclass
class Table:
    """The game being replayed, and what the last request did (for the claims about it)."""

    game: GoFishGame
    event: Event | None = None
    handed_over: list[Card] = field(default_factory=list)
    drawn: Card | None = None
    asker_again: bool = False
    hand_rule: dict[str, str] = field(default_factory=dict)


State = Table | Record


# -- reading the setup --------------------------------------------------------------


def _card(text: Any, path: Path) -> Card:
    try:
        return Card.parse(text)
    except NotationError as e:
        raise InputError.at(path, "GF-DECK", e.message) from None


def _rank(value: Any, path: Path) -> Rank:
    try:
        return Rank.parse(str(value))
    except NotationError as e:
        raise InputError.at(path, "GF-DECK", e.message) from None


def _options(doc: Map) -> GoFishOptions:
    try:
        return GoFishOptions(rule_set=doc.get("rule_set", "pagat"), **doc.get("options", {}))
    except NotationError as e:
        raise InputError.at(("options",), "INPUT-SCHEMA", e.message) from None


def start(doc: Map) -> State:
    players = tuple(doc["players"])
    dealer = _player(players, doc["dealer"], ("dealer",)) if "dealer" in doc else None
    options = _options(doc)
    seed = doc.get("seed", 0)
    ((kind, spec),) = doc["setup"].items()
    at: Path = ("setup", kind)
    try:
        if kind == "deal":
            deck = None
            if "deck" in spec:
                deck = NamedCards("GF-DECK", Card.parse).many(spec["deck"], (*at, "deck"))
            game = GoFishGame(
                players, dealer=dealer, options=options, seed=spec.get("seed", seed), deck=deck
            )
        else:
            game = _position(players, spec, at, dealer, options, seed)
    except NotationError as e:
        raise InputError.at(at, e.rule or "INPUT-SCHEMA", e.message) from None
    return Table(game)


def _position(
    players: tuple[str, ...],
    spec: Map,
    at: Path,
    dealer: str | None,
    options: GoFishOptions,
    seed: Any,
) -> GoFishGame:
    seen = NamedCards("GF-DECK", Card.parse)
    hands: dict[str, list[Card]] = {}
    for name, cards in spec.get("hands", {}).items():
        here = (*at, "hands", name)
        _player(players, name, here)
        hands[name] = seen.many(cards, here)
        ranks = [c.rank for c in hands[name]]
        for i, card in enumerate(hands[name]):
            if ranks.count(card.rank) == 4:
                raise InputError.at(
                    (*here, i),
                    "GF-BOOK",
                    f"{name} cannot hold all four {card.rank}s: a book is laid aside at once, "
                    "so list it under books",
                )
    stock = seen.many(spec.get("stock", []), (*at, "stock"))
    books: dict[str, list[Rank]] = {}
    for name, ranks in spec.get("books", {}).items():
        here = (*at, "books", name)
        _player(players, name, here)
        books[name] = []
        for i, value in enumerate(ranks):
            rank = _rank(value, (*here, i))
            for suit in Suit:
                seen.add(Card(rank, suit), (*here, i), f", and the {rank}s are a book of {name}")
            books[name].append(rank)
    sizes = {}
    for name, size in spec.get("hand_sizes", {}).items():
        sizes[_player(players, name, (*at, "hand_sizes", name))] = size
        if size < len(hands.get(name, [])):
            raise InputError.at(
                (*at, "hand_sizes", name),
                "INPUT-SCHEMA",
                f"hand_sizes gives {name} {size} cards, but {len(hands[name])} are named",
            )
    to_move = _player(players, spec["to_move"], (*at, "to_move")) if "to_move" in spec else None
    return GoFishGame.from_position(
        players,
        hands,
        books=books,
        stock=stock,
        hand_sizes=sizes,
        to_move=to_move,
        dealer=dealer,
        options=options,
        seed=seed,
    )


# -- moves --------------------------------------------------------------------------


def play(state: State, player: str, move: str, path: Path) -> Event:
    if isinstance(state, Record):
        raise InputError.at(path, *state.no_moves)
    game = state.game
    _player(game.players, player, path)
    try:
        mv = GoFishMove.parse(move)
    except NotationError as e:
        raise InputError.at(path, "INPUT-MOVE", e.message) from None
    if mv.target not in game.players:
        raise InputError.at(
            path,
            "INPUT-PLAYER",
            f"{mv.target!r} in {move!r} is not one of the players ({', '.join(game.players)})",
        )
    before = {p: set(game.hand(p)) for p in game.players}
    top = game.stock[0] if game.stock_size else None
    event = game.play(mv, player=player)  # a RuleViolation leaves the game unchanged
    state.event = event
    state.handed_over = sorted(before[mv.target] - set(game.hand(mv.target)))
    state.drawn = top if "GF-GO-FISH" in event.rules else None
    state.asker_again = game.to_move == player
    for p in game.players:
        now = set(game.hand(p))
        if now == before[p]:
            continue
        if p == player:
            rule = next((r for r in _ASKER_RULES if r in event.rules), "GF-GIVE-ALL")
        elif now - before[p]:  # cards came in: a refill, or Bicycle's empty-hand draw
            rule = "GF-VAR-REFILL" if "GF-VAR-REFILL" in event.rules else "GF-EMPTY-DRAW"
        else:
            rule = "GF-VAR-CARD" if game.options.specific_card else "GF-GIVE-ALL"
        state.hand_rule[p] = rule
    return event


# -- claims -------------------------------------------------------------------------


def _table(state: State, path: Path) -> Table:
    if isinstance(state, Record):
        v = state.value
        raise InputError.at(
            path,
            v.rule,
            f"{path[-1]!r} is a claim about a game, but the deal was refused ({v.message})",
        )
    return state


def _card_or_none(value: Any, path: Path) -> Card | None:
    return None if value is None else _card(value, path)


def _cards(value: Any, path: Path) -> list[Card]:
    return sorted(_card(c, (*path, i)) for i, c in enumerate(value))


def _turn_rule(game: GoFishGame) -> str:
    return game.ended_by if game.ended_by else game.turn_rule


def _end_rule(game: GoFishGame) -> str:
    if game.ended_by:
        return game.ended_by
    return "GF-END-ALL-BOOKS" if game.options.plays_on else "GF-END-EMPTY"


def _simple(rule: Any, what: str, compute: Any, parse: Any = None) -> ClaimFn:
    """A claim about the whole game; ``rule`` is an ID or a function of the table."""

    def claim(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
        table = _table(state, path)
        claimed = parse(value, path) if parse else value
        actual = compute(table)
        yield _compare(path, rule(table) if callable(rule) else rule, what, claimed, actual)

    return claim


def _per_player(rule: Any, what: str, compute: Any) -> ClaimFn:
    """A claim ``{player: value}``; ``rule`` is an ID or a function of the table and player."""

    def claim(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
        table = _table(state, path)
        for name, claimed in value.items():
            here = (*path, name)
            _player(table.game.players, name, here)
            actual = compute(table.game, name)
            r = rule(table, name) if callable(rule) else rule
            yield _compare(here, r, f"{what} of {name}", claimed, actual)

    return claim


def _hand_rule(table: Table, name: str) -> str:
    return table.hand_rule.get(name, "GF-DEAL")


def _hand(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    table = _table(state, path)
    game = table.game
    for name, claimed in value.items():
        here = (*path, name)
        _player(game.players, name, here)
        rule = _hand_rule(table, name)
        if isinstance(claimed, int):
            yield _compare(here, rule, f"cards in {name}'s hand", claimed, len(game.hand(name)))
        else:
            yield _compare(
                here, rule, f"{name}'s hand", _cards(claimed, here), sorted(game.hand(name))
            )


def _books(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    table = _table(state, path)
    game = table.game
    for name, claimed in value.items():
        here = (*path, name)
        _player(game.players, name, here)
        ranks = game.books[name]
        if isinstance(claimed, int):
            yield _compare(here, "GF-BOOK", f"books of {name}", claimed, len(ranks))
        else:
            mine = sorted(_rank(r, (*here, i)) for i, r in enumerate(claimed))
            yield _compare(here, "GF-BOOK", f"the ranks of {name}'s books", mine, sorted(ranks))


def _winner(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    game = _table(state, path).game
    claimed = [value] if isinstance(value, str) else list(value)
    for i, name in enumerate(claimed):
        _player(game.players, name, path if isinstance(value, str) else (*path, i))
    winners = game.winners()  # a RuleViolation (not over yet) is reported at this claim
    tally = ", ".join(f"{p} {k}" for p, k in game.book_counts().items())
    actual: Any = winners[0] if isinstance(value, str) and len(winners) == 1 else winners
    claimed_v: Any = value if isinstance(value, str) else claimed
    yield _compare(path, "GF-WIN", f"the winner (most books: {tally})", claimed_v, actual)


def _legal(state: State, value: list[str], path: Path) -> Iterator[ClaimResult]:
    game = _table(state, path).game
    claimed = []
    for i, text in enumerate(value):
        try:
            claimed.append(str(GoFishMove.parse(text)))
        except NotationError as e:
            raise InputError.at((*path, i), "INPUT-MOVE", e.message) from None
    actual = sorted(str(m) for m in game.legal_moves())
    yield _compare(
        path, "GF-ASK-HOLD", f"the legal requests of {game.to_move}", sorted(claimed), actual
    )


def _deal(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    game = _table(state, path).game
    n = len(game.players)
    each = deal_size(game.options.rule_set, n)
    actual = {"each": each, "dealt": each * n, "stock": 52 - each * n}
    words = {
        "each": "cards dealt to each player",
        "dealt": "cards dealt in all",
        "stock": "cards left in the stock after the deal",
    }
    for key, claimed in value.items():
        yield _compare(
            (*path, key),
            "GF-DEAL",
            f"{words[key]} ({n} players, rule set {game.options.rule_set})",
            claimed,
            actual[key],
        )


def _last(state: State, path: Path) -> Table:
    table = _table(state, path)
    if table.event is None:
        raise InputError.at(
            path, "INPUT-SCHEMA", f"{path[-1]!r} is a claim about the last request: make one first"
        )
    return table


def _handed_over(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    table = _last(state, path)
    rule = "GF-VAR-CARD" if table.game.options.specific_card else "GF-GIVE-ALL"
    what = "the cards handed over to the asker by the last request"
    yield _compare(path, rule, what, _cards(value, path), table.handed_over)


def _drawn(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    table = _last(state, path)
    what = "the card fished from the stock by the last request"
    yield _compare(path, "GF-GO-FISH", what, _card_or_none(value, path), table.drawn)


def _again(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    table = _last(state, path)
    game = table.game
    if table.asker_again or game.is_over:
        rule = _turn_rule(game)
    elif table.drawn is not None:
        rule = "GF-LUCKY-DRAW"
    elif "GF-NO-STOCK" in table.event.rules:  # type: ignore[union-attr]
        rule = "GF-NO-STOCK"
    else:
        rule = "GF-NEXT"
    yield _compare(path, rule, "whether the asker asks again", value, table.asker_again)


def _out_rule(table: Table) -> str:
    return "GF-EMPTY-DRAW" if table.game.options.rule_set == "bicycle" else "GF-NO-STOCK"


CLAIMS: dict[str, ClaimFn] = {
    "deal": _deal,
    "stock": _simple(
        lambda t: "GF-GO-FISH" if t.game.log else "GF-DEAL",
        "cards in the stock",
        lambda t: t.game.stock_size,
    ),
    "to_move": _simple(lambda t: _turn_rule(t.game), "the player to ask", lambda t: t.game.to_move),
    "turn_rule": _simple(
        lambda t: _turn_rule(t.game),
        "the rule that decided the turn (or ended the game)",
        lambda t: _turn_rule(t.game),
    ),
    "hand": _hand,
    "hand_size": _per_player(_hand_rule, "cards in the hand", lambda g, p: len(g.hand(p))),
    "books": _books,
    "out": _simple(
        _out_rule,
        "the players out of the game",
        lambda t: [p for p in t.game.players if t.game.is_out(p)],
        lambda v, path: [str(x) for x in v],
    ),
    "handed_over": _handed_over,
    "drawn": _drawn,
    "again": _again,
    "over": _simple(
        lambda t: _end_rule(t.game), "whether the game is over", lambda t: t.game.is_over
    ),
    "winner": _winner,
    "legal": _legal,
}
