"""Which claims an exported Go Fish game makes (see :mod:`cardlib.export`): after a move
that lays a book, the ranks of the mover's books; at the end, the stock, every player's
books and the winner."""

from __future__ import annotations

from typing import Any

from cardlib.games import PROBE, changed_options
from cardlib.gofish.engine import GoFishGame, GoFishOptions

_DEFAULTS = GoFishOptions()


def header(game: GoFishGame) -> dict[str, Any]:
    options = changed_options(game.options, _DEFAULTS, leave=("rule_set",))
    return {"rule_set": game.options.rule_set, **({"options": options} if options else {})}


def position(game: GoFishGame) -> dict[str, Any]:
    """Every card named: the hands, the books, the whole stock in order, whose turn."""
    spec: dict[str, Any] = {
        "hands": {p: [str(c) for c in game.hand(p)] for p in game.players if game.hand(p)},
    }
    books = {p: [str(r) for r in game.books[p]] for p in game.players if game.books[p]}
    if books:
        spec["books"] = books
    if game.stock:
        spec["stock"] = [str(c) for c in game.stock]
    if game.to_move is not None:
        spec["to_move"] = game.to_move
    return {"position": spec}


def earlier(game: GoFishGame) -> list[tuple[str, str]]:
    """No moves: the position is the game as it stands."""
    return []


def after(event: Any, game: GoFishGame) -> dict[str, Any]:
    if "GF-BOOK" not in event.rules:
        return {}
    laid = [p for p in game.players if game.books[p]]
    return {"books": {p: [] for p in laid}} if laid else {}


def final(game: GoFishGame) -> dict[str, Any]:
    claims: dict[str, Any] = {"stock": PROBE, "books": {p: -1 for p in game.players}}
    if game.is_over:
        claims.update({"over": PROBE, "winner": game.players[0]})
    return claims
