"""What every game's adapter needs: reading names and cards at a place in the example, and
comparing a claim with the engine's value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from cardlib.check import AtPath, ClaimResult, Confirmed, Mismatch
from cardlib.errors import NotationError

Path = tuple[Any, ...]
C = TypeVar("C")


def player(players: tuple[str, ...], name: Any, path: Path) -> str:
    """``name`` if it is one of the players; otherwise an input problem at ``path``."""
    if name not in players:
        raise AtPath(
            path, "INPUT-PLAYER", f"{name!r} is not one of the players ({', '.join(players)})"
        )
    return str(name)


def claim_about(state: Any, kind: type[C], path: Path, this: str, other: str) -> C:
    """``state`` if it is a ``kind`` (``this``, e.g. "a hand"); otherwise the claim at ``path``
    does not fit the example, which is ``other`` (e.g. "a match")."""
    if not isinstance(state, kind):
        raise AtPath(
            path, "INPUT-SCHEMA", f"{path[-1]!r} is a claim about {this}; this example is {other}"
        )
    return state


def compare(path: Path, rule: str, what: str, claimed: Any, actual: Any) -> ClaimResult:
    """A claim confirmed, or a mismatch reported with the rule that computes the value."""
    if claimed == actual:
        return Confirmed(what, actual, rule)
    return Mismatch(path, rule, what, claimed, actual)


def parsed(parse: Callable[[Any], C], rule: str, text: Any, path: Path) -> C:
    """``parse(text)``, with bad notation reported at ``path`` under the game's deck rule."""
    try:
        return parse(text)
    except NotationError as e:
        raise AtPath(path, e.rule or rule, e.message) from None


class NamedCards(Generic[C]):
    """The cards an example names, so that the second copy of a card is reported where it
    stands, with the first place in the message (the deck rule: each card exists once)."""

    def __init__(self, rule: str, parse: Callable[[Any], C]) -> None:
        self.rule = rule
        self.parse = parse
        self.first: dict[C, Path] = {}

    def add(self, card: Any, path: Path, why: str = "") -> C:
        """Register one card (or its notation) named at ``path``; None (an unknown card) passes."""
        if card is None:
            return card
        if isinstance(card, str):
            card = parsed(self.parse, self.rule, card, path)
        if card in self.first:
            where = "/".join(map(str, self.first[card]))
            raise AtPath(
                path,
                self.rule,
                f"{card} is named twice (first at {where}){why}; the pack has each card once",
            )
        self.first[card] = path
        return card

    def many(self, cards: list[Any], path: Path) -> list[C]:
        """Register a list of cards named at ``path``."""
        return [self.add(c, (*path, i)) for i, c in enumerate(cards)]
