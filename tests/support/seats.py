"""What the seat tests share: every object a view (or a game) holds, the cards among them, and
every way cardlib writes a card, to find a card named in a text or a picture.

A card is written in many ways: its notation (``9H``, ``10C``, ``G12``, ``Rook``), the
articles' unicode (``♥9``, ``9♥``), a card picture's rank over its suit (``9`` then ``♥``),
a button's label (``9\\n♥``, ``12\\ngreen``), an accessible name (``9 of hearts``,
``green 12``), a sentence's words (``the Rook``, ``bird``).  :func:`names` finds any of them
in a text; :func:`plain` makes the text of a picture (tags dropped, attributes such as a
``title`` kept, style sheets and inline styles dropped, entities decoded).
"""

from __future__ import annotations

import dataclasses
import functools
import html
import re
import types
from collections.abc import Iterable, Iterator
from typing import Any

from cardlib.cards import Card
from cardlib.catalogue import rules
from cardlib.rook.cards import RookCard


def reachable(root: Any) -> Iterator[Any]:
    """Every object ``root`` holds, through fields, containers and closures (not through
    classes, modules or a function's globals, which hold no game)."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType | str | int | float):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, dict):
            todo += [*obj.keys(), *obj.values()]
        elif isinstance(obj, list | tuple | set | frozenset):
            todo += list(obj)
        elif isinstance(obj, types.FunctionType):
            todo += [cell.cell_contents for cell in obj.__closure__ or ()]
        elif isinstance(obj, types.MethodType):
            todo += [obj.__self__, obj.__func__]
        elif dataclasses.is_dataclass(obj) and not isinstance(obj, Card | RookCard):
            todo += [getattr(obj, f.name) for f in dataclasses.fields(obj)]
        elif hasattr(obj, "__dict__") and not isinstance(obj, Card | RookCard):
            todo += list(vars(obj).values())
        if hasattr(type(obj), "__slots__") and not isinstance(obj, Card | RookCard | tuple):
            todo += [getattr(obj, s) for s in type(obj).__slots__ if hasattr(obj, s)]


def cards_in(root: Any) -> set[Any]:
    """Every card ``root`` holds (a view: every card its seat may know)."""
    return {o for o in reachable(root) if isinstance(o, Card | RookCard)}


_B, _E = r"(?<![\w])", r"(?![\w])"  # not inside a word or a number


@functools.cache
def spellings(card: Card | RookCard) -> re.Pattern[str]:
    """One pattern for every way cardlib writes ``card``."""
    if isinstance(card, RookCard):
        if card.is_rook:
            # the bird as a card: its notation "Rook" (a list of cards, "play Rook"), the
            # "Rook bird" of its pictures; not a rule's ID (ROOK-BIRD-TOP) nor the prose of
            # a rule about the bird in general ("only the Rook does")
            return re.compile(r"(?<![\w-])(?<![Tt]he )Rook(?![\w'-])|(?<![\w-])[Bb]ird(?![\w-])")
        assert card.colour is not None
        colour, number = card.colour.word, card.number
        forms = [
            rf"{_B}{card.text}{_E}",
            # not a counter's points after its colour ("14 / yellow / 10 pts")
            rf"(?i:{_B}{colour}\s+{number}{_E}(?!\s*(?:pts|points)))",
            rf"(?i:{_B}{number}\s+{colour}{_E})",
        ]
        return re.compile("|".join(forms))
    rank, suit = re.escape(card.rank.symbol), card.suit
    ranks = f"(?:{rank}|T)" if card.rank.symbol == "10" else rank
    symbol = re.escape(suit.symbol)
    forms = [
        rf"{_B}{ranks}{suit.letter}{_E}",
        rf"{_B}{ranks}\s*{symbol}",  # a picture's rank over its suit, a button's "9\n♥"
        rf"{symbol}{ranks}{_E}",  # the articles' ♥9 (a suit then a number apart is not one)
        rf"(?i:{_B}{rank}\s+of\s+{suit.name}{_E})",
    ]
    return re.compile("|".join(forms))


def names(text: str, card: Card | RookCard) -> bool:
    """Does ``text`` name ``card`` in any way cardlib writes it?"""
    return spellings(card).search(text) is not None


def named(text: str, cards: Iterable[Card | RookCard]) -> list[str]:
    """The cards of ``cards`` that ``text`` names, by notation."""
    return sorted(str(c) for c in cards if names(text, c))


@functools.cache
def _rule_words() -> re.Pattern[str]:
    """The catalogue's titles and texts: a rule speaks of the Rook in general, not of where
    a card is (``The Rook is the highest trump``)."""
    said = sorted({t for r in rules.values() for t in (r.title, r.text) if t}, key=len)
    return re.compile("|".join(re.escape(t) for t in reversed(said)))


def _said_by_tag(tag: re.Match[str]) -> str:
    """What a tag says: its title (shown on hover, read aloud), alt and aria-label."""
    said = re.findall(r"""\s(?:title|alt|aria-label)=(["'])(.*?)\1""", tag.group(0), flags=re.S)
    return " " + " ".join(value for _quote, value in said) + " "


def plain(value: str) -> str:
    """The text of a picture or a label: style sheets dropped, every tag made a space but
    what it says kept (a ``title`` is read aloud), entities decoded, the catalogue's rule
    titles and texts dropped, spaces collapsed."""
    value = re.sub(r"<style>.*?</style>", " ", value, flags=re.S)
    value = re.sub(r"<[^>]+>", _said_by_tag, value)
    value = html.unescape(value)
    value = _rule_words().sub(" ", value)
    return " ".join(value.split())
