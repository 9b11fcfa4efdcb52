"""What the seat tests share: every object a view (or a game) holds, the cards among them, and
every way cardlib writes a card, to find a card named in a text or a picture.

A card is written in many ways: its notation (``9H``, ``10C``, ``G12``, ``Rook``), the
articles' unicode (``♥9``, ``9♥``), a card picture's rank over its suit (``9`` then ``♥``),
a button's label (``9\\n♥``, ``12\\ngreen``), an accessible name (``9 of hearts``,
``green 12``), a sentence's words (``the Rook``, ``bird``).  :func:`names` finds any of them
in a text; :func:`plain` makes the text of a picture (tags dropped, attributes such as a
``title`` kept, style sheets and inline styles dropped, entities decoded); :class:`Known`
is what a learner's seats know of a table session's game, the oracle.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import importlib
import importlib.util
import random
import re
import types
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cardlib.cards import Card
from cardlib.catalogue import rules
from cardlib.games import GAMES
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


def _shown_hook(game_id: str) -> Callable[[Any], Iterable[Any]]:
    """``tests/<the game's package>/shown.py``'s ``shown(event)``, or nothing shown."""
    package = GAMES[game_id].claims_module.split(".")[-2]
    name = f"tests.{package}.shown"
    if importlib.util.find_spec(name) is None:
        return lambda event: ()
    shown: Callable[[Any], Iterable[Any]] = importlib.import_module(name).shown
    return shown


class Known:
    """What the learner's seats know of the game a session holds: replayed from its first
    position along its steps, the cards of every view of theirs at every move (and what
    the sources show the table: a game's ``tests/<package>/shown.py``, where it has one).
    Replays only what is new; after Undo, Restart or a new deal, from the start again."""

    def __init__(self, game_id: str) -> None:
        self.shown = _shown_hook(game_id)
        self.first: Any = None

    def seen(self, game: Any, seats: Iterable[str]) -> set[Any]:
        return set().union(*(cards_in(game.view(seat)) for seat in seats))

    def of(self, session: Any) -> tuple[set[Any], set[Any]]:
        """(every card of the game, the cards the learner's seats know)."""
        steps = [(s.player, s.move) for s in session.steps]
        if session.first is not self.first or steps[: len(self.steps)] != self.steps:
            self.first, self.steps = session.first, []
            self.replica = session.first.copy()
            self.seats = tuple(session.learners or session.game.players)
            self.pack = cards_in(self.replica)
            self.known = self.seen(self.replica, self.seats)
        for player, move in steps[len(self.steps) :]:
            event = self.replica.play(move, player=player)
            self.known |= self.seen(self.replica, self.seats) | set(self.shown(event))
            self.steps.append((player, move))
        return self.pack, self.known


# -- a learner's clicks, and all a table shows -------------------------------------------


def tree(root: Any) -> list[Any]:
    """The widget and every widget inside it (breadth first)."""
    import ipywidgets as w

    found, todo = [], [root]
    while todo:
        widget = todo.pop(0)
        found.append(widget)
        if isinstance(widget, w.Box):
            todo += list(widget.children)
    return found


def texts(root: Any) -> str:
    """Everything the widget shows, as one text: its ``.text``, every label and HTML
    picture (its titles too), every button's description and tooltip, every dropdown's
    value and options, every field's value."""
    import ipywidgets as w

    said = [str(getattr(root, "text", ""))]
    for widget in tree(root):
        if isinstance(widget, w.HTML | w.HTMLMath | w.Label):
            said.append(widget.value)
        elif isinstance(widget, w.Button | w.ToggleButton):
            said += [widget.description, widget.tooltip or ""]
        elif isinstance(widget, w.widgets.widget_selection._Selection):
            said += [str(widget.value), str(widget.label), *map(str, widget.options)]
        elif isinstance(widget, w.Text | w.IntText | w.BoundedIntText):
            said.append(str(widget.value))
    return " | ".join(plain(t) for t in said)


def enabled(widget: Any) -> bool:
    return not widget.disabled and getattr(widget.layout, "display", None) != "none"


def held_buttons(root: Any) -> list[Any]:
    """Every button a widget holds, shown or not (its attributes, their lists and dicts):
    a click on a control hidden from the page must not raise either."""
    import ipywidgets as w

    found: dict[int, Any] = {}
    for value in vars(root).values():
        if isinstance(value, dict):
            value = list(value.values())
        for b in value if isinstance(value, list | tuple) else [value]:
            if isinstance(b, w.Button):
                found.setdefault(id(b), b)
    return list(found.values())


def click_something(table: Any, rng: random.Random) -> str:
    """A learner's click: mostly on a card or chip marked legal, or on a button that makes
    a move of what is chosen (Lay aside, Ask); sometimes anything (a move refused);
    sometimes, and mostly once the game is over, a session button (Undo, Restart, New deal,
    Next deal, Save); now and then "show legal moves" switched, or a button the widget
    holds but does not show."""
    import ipywidgets as w

    from cardlib.widgets.controls import CardButton

    names = ("undo_button", "restart_button", "new_button", "next_button", "save_button")
    session_ids = {id(getattr(table, name, None)) for name in names}
    buttons = [b for b in tree(table) if isinstance(b, w.Button) and enabled(b)]
    sessions = [b for b in buttons if id(b) in session_ids]
    marked = [b for b in buttons if isinstance(b, CardButton) and b.legal]
    others = [b for b in buttons if id(b) not in session_ids]
    plain_buttons = [b for b in others if not isinstance(b, CardButton)]
    over = table.session.game.is_over
    chance = rng.random()
    if chance > 0.99:
        table.show_legal.value = not table.show_legal.value
        return f"show legal moves: {table.show_legal.value}"
    if chance > 0.98:
        pick = rng.choice(held_buttons(table) or buttons)
    elif sessions and (chance < 0.05 or (over and chance < 0.5)):
        pick = rng.choice(sessions)
    elif marked and chance < 0.7:
        pick = rng.choice(marked)
    elif plain_buttons and chance < 0.85:
        pick = rng.choice(plain_buttons)
    else:
        pick = rng.choice(others or buttons)
    pick.click()
    return f"{pick.description!r} ({pick.tooltip})"
