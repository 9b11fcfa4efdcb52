"""What the widget tests share: the text a learner reads, saving a game with the widget's own
button and checking it, proving that a changed claim fails at its line; and driving every
registered game's widgets with the data its tests folder gives (see below)."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import html
import importlib
import importlib.util
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from cardlib.check import check_file


def shown(widget_html: str) -> str:
    """The text a learner reads: the style sheet and tags dropped, entities decoded, spaces
    collapsed."""
    widget_html = re.sub(r"<style>.*?</style>", "", widget_html, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", widget_html)).split())


def checked(widget: Any, tmp_path: Path) -> Path:
    """Save the widget's game with its own button and check the file."""
    widget.folder.value = str(tmp_path)
    widget.save_button.click()
    assert widget.saved is not None and widget.saved.parent == tmp_path, widget.text
    assert f"Saved as {widget.saved}" in shown(widget.status.value)
    (report,) = check_file(widget.saved)
    assert report.passed, [str(p) for p in report.problems]
    saved: Path = widget.saved
    return saved


def changed_number_fails_at_its_line(path: Path, pattern: str) -> None:
    """One claimed number changed by 5: the check fails at that line and no other."""
    lines = path.read_text(encoding="utf-8").splitlines()
    at = max(i for i, line in enumerate(lines) if re.search(pattern, line))
    lines[at] = re.sub(
        pattern + r"(-?\d+)",
        lambda m: m.group(0)[: -len(m.group(1))] + str(int(m.group(1)) + 5),
        lines[at],
        count=1,
    )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (report,) = check_file(path)
    assert not report.passed
    assert [p.line for p in report.problems] == [at + 1], [str(p) for p in report.problems]


# -- every registered game's widgets, driven generically -----------------------------------
#
# The generic widget tests (tests/core/test_game_widgets.py, tests/browser/
# test_widgets_browser.py) read what a game supplies as data in ``tests/<its package>/
# widget_data.py`` (its package: the package of its claims module, as for its invariants):
#
# * ``REFUSED``: widget name -> a list of (the titles of the controls a learner clicks, from
#   the widget built with its defaults; the rule the last click is refused by; words the
#   refusal says, its reason and what is legal instead);
# * ``CONFIRM``: widget name -> the labels of the buttons that make a move of the cards
#   chosen (Rook's "Lay aside"), clicked after a card when no move was made.

#: clicks at most to make one legal move (choosing a player, five cards for the nest...)
MOST_CLICKS = 40


def widget_cases() -> list[Any]:
    """A pytest parameter (game, widget) for every widget of every registered game; a game
    with no widget is one parameter, skipped with the reason."""
    import pytest

    from cardlib.games import GAMES

    cases = []
    for game_id in GAMES:
        names = GAMES[game_id].widgets
        cases += [pytest.param(game_id, name, id=f"{game_id}-{name}") for name in names]
        if not names:
            reason = f"{game_id} has no widget (its spec names none)"
            cases.append(pytest.param(game_id, None, id=game_id, marks=pytest.mark.skip(reason)))
    return cases


def widget_data(game_id: str) -> ModuleType | None:
    """The game's ``tests/<package>/widget_data.py``, if it has one."""
    from cardlib.games import GAMES

    name = f"tests.{GAMES[game_id].claims_module.split('.')[-2]}.widget_data"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


def refusals(game_id: str, name: str) -> list[tuple[list[str], str, list[str]]]:
    """The refused clicks the game's data gives for its widget ``name`` (REFUSED)."""
    data = widget_data(game_id)
    cases: list[tuple[list[str], str, list[str]]] = getattr(data, "REFUSED", {}).get(name, [])
    return cases


def confirms(game_id: str, name: str) -> list[str]:
    """The labels of the buttons that make a move of what is chosen (CONFIRM)."""
    labels: list[str] = getattr(widget_data(game_id), "CONFIRM", {}).get(name, [])
    return labels


def shown_tree(widget: Any) -> Iterator[Any]:
    """The widget and every widget it shows (its children, theirs...), but those hidden."""
    if getattr(getattr(widget, "layout", None), "display", None) == "none":
        return
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from shown_tree(child)


def control(widget: Any, title: str) -> Any:
    """The one control shown titled ``title`` (a card button's or chip's tooltip) or
    labelled ``title`` (a plain button's description)."""
    from cardlib.widgets.controls import CardButton

    def named(b: Any) -> bool:
        if isinstance(b, CardButton):
            return bool(b.tooltip == title)
        return hasattr(b, "click") and getattr(b, "description", None) == title

    found = [b for b in shown_tree(widget) if named(b)]
    assert len(found) == 1, f"{len(found)} controls titled {title!r} are shown"
    return found[0]


def _plain(obj: Any, depth: int = 0) -> str:
    """Everything a game holds as one text: its cards where they lie, in order, its dice,
    its record (a move list the engine keeps for itself, ``_listing``, left out)."""
    from cardlib.cards import Card
    from cardlib.rook.cards import RookCard

    if depth > 12 or isinstance(obj, str | int | float | enum.Enum | Card | RookCard | None):
        return repr(obj)
    if isinstance(obj, random.Random):
        return repr(obj.getstate())
    if isinstance(obj, dict):
        return "{" + ", ".join(f"{k!r}: {_plain(v, depth + 1)}" for k, v in obj.items()) + "}"
    if isinstance(obj, list | tuple):
        return "[" + ", ".join(_plain(v, depth + 1) for v in obj) + "]"
    if isinstance(obj, set | frozenset):
        return "{" + ", ".join(sorted(_plain(v, depth + 1) for v in obj)) + "}"
    if dataclasses.is_dataclass(obj):
        fields = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    elif hasattr(obj, "__dict__"):
        fields = dict(vars(obj))
    else:
        return repr(obj)
    inside = (f"{k}={_plain(v, depth + 1)}" for k, v in fields.items() if k != "_listing")
    return f"{type(obj).__name__}(" + ", ".join(inside) + ")"


def state(widget: Any) -> tuple[str, str, list[tuple[str, str]]]:
    """The game a widget holds and how it came there: the game's description, a digest of
    all it holds (every card where it lies, the computer players' dice), and the moves
    made (the computer players' too)."""
    s = widget.session
    held = hashlib.sha256(_plain(s.game).encode()).hexdigest()[:16]
    return s.game.describe(), held, [(step.player, str(step.move)) for step in s.steps]


def marked(widget: Any) -> list[str]:
    """The titles of the controls shown marked legal (with "show legal moves" on): none
    when the widget has no control for what comes next (the bidding panel after the
    auction)."""
    from cardlib.widgets.controls import CardButton

    return [b.tooltip for b in shown_tree(widget) if isinstance(b, CardButton) and b.legal]


def legal_move_clicks(
    widget: Any, rng: random.Random, confirm: Sequence[str] = ()
) -> Iterator[Any]:
    """The controls a learner clicks, one at a time, to make one legal move, with "show
    legal moves" on: a control marked legal and not chosen yet, at random (a player's chip,
    a card, a bid); where a game names them (``confirm``), the buttons that then make a move
    of what is chosen.  The caller clicks each control yielded; it ends when a move is made
    (or the game is over)."""
    from cardlib.widgets.controls import CardButton

    session = widget.session
    before = len(session.steps)
    for _ in range(MOST_CLICKS):
        marked = [
            b
            for b in shown_tree(widget)
            if isinstance(b, CardButton) and b.legal and not b.selected
        ]
        assert marked, f"no control is marked legal: {widget.text}"
        yield rng.choice(marked)
        for label in confirm:
            if len(session.steps) > before or session.game.is_over:
                return
            if any(getattr(b, "description", None) == label for b in shown_tree(widget)):
                yield control(widget, label)
        if len(session.steps) > before or session.game.is_over:
            return
    raise AssertionError(f"{MOST_CLICKS} clicks made no move: {widget.text}")
