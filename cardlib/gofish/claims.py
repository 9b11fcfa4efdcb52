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
from typing import Any

from cardlib.cards import Card, Rank, Suit
from cardlib.catalogue import rule_of
from cardlib.claims import (
    ClaimFn,
    ClaimResult,
    NamedCards,
    Record,
    about,
    about_each_player,
    claimed_moves,
)
from cardlib.claims import compare as _compare
from cardlib.claims import player as _player
from cardlib.errors import InputError, NotationError, RuleViolation
from cardlib.examples import Map
from cardlib.game import Event, Fact
from cardlib.gofish import narration as tell
from cardlib.gofish.engine import GoFishGame, GoFishOptions, deal_size
from cardlib.gofish.rules import gf_deal

Path = tuple[Any, ...]

# The game being replayed (the checker plays its moves), or the record of a refused deal.
State = GoFishGame | Record


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
            first = _player(players, spec["first"], (*at, "first")) if "first" in spec else None
            game = GoFishGame(
                players,
                dealer=dealer,
                options=options,
                seed=spec.get("seed", seed),
                deck=deck,
                first=first,
            )
        else:
            game = _position(players, spec, at, dealer, options, seed)
    except NotationError as e:
        raise InputError.at(at, e.rule or "INPUT-SCHEMA", e.message) from None
    return game


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
    stock = seen.many(spec.get("stock", []), (*at, "stock"))
    books: dict[str, list[Rank]] = {}
    for name, ranks in spec.get("books", {}).items():
        here = (*at, "books", name)
        _player(players, name, here)
        books[name] = []
        for i, value in enumerate(ranks):
            rank = _rank(value, (*here, i))
            why = f", and the {rank}s are a book of {name}"
            for suit in Suit:
                seen.add(Card(rank, suit), (*here, i), why)
            books[name].append(rank)
    sizes = {}
    for name, size in spec.get("hand_sizes", {}).items():
        sizes[_player(players, name, (*at, "hand_sizes", name))] = size
    to_move = _player(players, spec["to_move"], (*at, "to_move")) if "to_move" in spec else None
    try:
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
    except RuleViolation as refused:  # claimable (refused: ID); reported where the engine says
        if refused.path is not None:  # a place in the position (GF-BOOK: the fourth card)
            refused.path = [*at, *refused.path]
        raise


# -- claims -------------------------------------------------------------------------


def _game(state: State, path: Path) -> GoFishGame:
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
    return game.turn_rule


#: the facts that move cards into or out of their player's hand (a hand-over: both hands)
_HAND_CHANGES = frozenset({"hand-over", "fish", "book", "refill", "empty-draw"})


def _changes_hand(fact: Fact, name: str) -> bool:
    """Does ``fact`` move cards into or out of ``name``'s hand?"""
    if fact.kind == "hand-over":
        return name in (fact.player, fact.other)
    return fact.kind in _HAND_CHANGES and fact.player == name


def _hand_rule(game: GoFishGame, name: str) -> str:
    """The rule behind ``name``'s hand, as the engine's facts tell it: the rule of the last
    fact of a request that changed it (a book laid aside from cards just refilled is the
    refill's); GF-DEAL if none did since the setup."""
    for event in reversed(game.log):
        changed = [f for f in event.facts if _changes_hand(f, name)]
        while len(changed) > 1 and changed[-1].kind == "book" and changed[-2].kind == "refill":
            changed.pop()  # the books among the refilled cards
        if changed:
            return changed[-1].rules[0]
    return rule_of(gf_deal)


def _hand(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    game = _game(state, path)
    for name, claimed in value.items():
        here = (*path, name)
        _player(game.players, name, here)
        rule = _hand_rule(game, name)
        if isinstance(claimed, int):
            yield _compare(here, rule, f"cards in {name}'s hand", claimed, len(game.hand(name)))
        else:
            yield _compare(
                here, rule, f"{name}'s hand", _cards(claimed, here), sorted(game.hand(name))
            )


def _books(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    game = _game(state, path)
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
    game = _game(state, path)
    if value is None:  # no winner yet: the game is not over
        now = game.winners() if game.is_over else None
        yield _compare(path, "GF-WIN", "the winner (none while the game goes on)", None, now)
        return
    claimed = [value] if isinstance(value, str) else list(value)
    for i, name in enumerate(claimed):
        _player(game.players, name, path if isinstance(value, str) else (*path, i))
    winners = game.winners()  # a RuleViolation (not over yet) is reported at this claim
    tally = ", ".join(f"{p} {k}" for p, k in game.book_counts().items())
    actual: Any = winners[0] if isinstance(value, str) and len(winners) == 1 else winners
    claimed_v: Any = value if isinstance(value, str) else claimed
    yield _compare(path, "GF-WIN", f"the winner (most books: {tally})", claimed_v, actual)


def _legal(state: State, value: list[str], path: Path) -> Iterator[ClaimResult]:
    game = _game(state, path)
    claimed = claimed_moves(game, value, path)
    actual = sorted(str(m) for m in game.legal_moves())
    # the engine says which rule decides: of the first request claimed wrongly (or, when the
    # claim is right, of the first legal one)
    wrong = sorted(set(claimed) ^ set(actual))
    asks = wrong or actual or claimed
    rule = game.legal_rule_for(asks[0]) if asks else game.end_rule
    yield _compare(path, rule, f"the legal requests of {game.to_move}", sorted(claimed), actual)


def _deal(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    game = _game(state, path)
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


def _last(state: State, path: Path) -> tuple[GoFishGame, Event]:
    """The game and the event of its last request (claims about that request read its facts)."""
    game = _game(state, path)
    if game.last_event is None:
        raise InputError.at(
            path, "INPUT-SCHEMA", f"{path[-1]!r} is a claim about the last request: make one first"
        )
    return game, game.last_event


def _handed_over(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    _, event = _last(state, path)
    given, rule = tell.handed_over(event)
    what = "the cards handed over to the asker by the last request"
    yield _compare(path, rule, what, _cards(value, path), given)


def _drawn(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    _, event = _last(state, path)
    what = "the card fished from the stock by the last request"
    yield _compare(path, "GF-GO-FISH", what, _card_or_none(value, path), tell.fished(event))


#: the facts of a request that end the asker's turn, each with the rule that ends it: a miss
#: with no stock (GF-NO-STOCK), the card fished (GF-LUCKY-DRAW), the turn passed (GF-NEXT)
_TURN_ENDS = ("miss", "lucky-draw", "turn")


def _again_rule(game: GoFishGame, event: Event) -> str:
    """The rule that decided whether the last request's asker asks again: the rule that gave
    the turn (or ended the game) when they do or nobody does, otherwise the rule of the
    request's first fact that ended their turn."""
    if game.to_move in (event.player, None):
        return game.turn_rule
    ends = [f for f in event.facts if f.kind in _TURN_ENDS]
    return ends[0].rules[0] if ends else game.turn_rule


def _again(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    game, event = _last(state, path)
    rule = _again_rule(game, event)
    yield _compare(path, rule, "whether the asker asks again", value, game.to_move == event.player)


CLAIMS: dict[str, ClaimFn] = {
    "deal": _deal,
    "stock": about(
        _game,
        lambda g: "GF-GO-FISH" if g.last_event else "GF-DEAL",
        "cards in the stock",
        lambda g: g.stock_size,
    ),
    "to_move": about(_game, _turn_rule, "the player to ask", lambda g: g.to_move),
    "turn_rule": about(
        _game, _turn_rule, "the rule that decided the turn (or ended the game)", _turn_rule
    ),
    "hand": _hand,
    "hand_size": about_each_player(
        _game, _hand_rule, "cards in the hand", lambda g, p: g.hand_size(p)
    ),
    "books": _books,
    "out": about(
        _game,
        lambda g: g.out_rule,
        "the players out of the game",
        lambda g: [p for p in g.players if g.is_out(p)],
        lambda v, path: [str(x) for x in v],
    ),
    "handed_over": _handed_over,
    "drawn": _drawn,
    "again": _again,
    "over": about(_game, lambda g: g.end_rule, "whether the game is over", lambda g: g.is_over),
    "winner": _winner,
    "legal": _legal,
}
