"""Random clicks on every widget (issue 11, section 7; issue 31: Hypothesis), as a state
machine (:class:`Clicks`): for each widget class of ``cardlib.widgets``, press enabled
buttons, choose values of dropdowns and toggles, type into the Folder and Deal boxes and set
a dropdown to nothing (``None``) or to a value it does not offer, or click like a learner
at a table (mostly a card marked legal, so games reach their end), with ipywidgets'
callback errors made fatal (its dispatcher would only log them, and Jupyter would print a
traceback under the widget): no handler may let an exception escape.  After every action,
what the widget shows is in a learner's words: never "Something went wrong" (all of this a
learner can cause), never "None", an exception's class name or a repr; no card face is
drawn on a back; no text of a table names a card the learner's seats may not know
(tests/support/seats.py's oracle); and a click the rules refuse leaves the game as
it was.  A failure is shrunk to the fewest actions and printed with its
``@reproduce_failure`` blob (tests/support/hypothesis_profiles.py: the default profile
tries the same examples every run; ``HYPOTHESIS_PROFILE=explore`` looks further).
``pytest -s`` prints the counts.

A last test counts the live ipywidgets: clicking the same controls again creates none
(a redraw changes the faces in place).
"""

from __future__ import annotations

import html
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

w = pytest.importorskip("ipywidgets")

import traitlets  # noqa: E402

import cardlib.widgets  # noqa: E402
import tests.support.hypothesis_profiles  # noqa: E402, F401  (the profiles)
from cardlib.widgets.controls import CardButton  # noqa: E402
from cardlib.widgets.session import MAX_SEED  # noqa: E402
from tests.support.seats import (  # noqa: E402
    Known,
    click_something,
    named,
    texts,
)

#: the machine's runs a widget (the profile's steps each): a widget is slow to build and read
WIDGET_EXAMPLES = max(4, settings.default.max_examples // 5)
#: (class name, keyword arguments): every class with its defaults, and the cases the issue names
SESSIONS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in cardlib.widgets.__all__]
SESSIONS += [("RookTable", {"seed": 3, "you": "East"}), ("RookTable", {"seed": 8, "you": "North"})]
SESSIONS += [("TrickTrainer", {"seat": "North", "seed": 2})]
SESSIONS += [("GolfTable", {"opponents": ("Bot 1", "Bot 2", "Bot 3"), "seed": 5})]
SESSIONS += [("GoFishTable", {"rule_set": "bicycle", "seed": 4})]


def golf_extra_flip() -> dict[str, Any]:
    from cardlib.golf import GolfOptions

    return {"options": GolfOptions(extra_flip=True), "seed": 2}


SESSIONS += [("GolfTable", golf_extra_flip())]


@pytest.fixture
def fatal_callbacks(monkeypatch, tmp_path):
    """Exceptions in ``on_click`` (and other dispatched) handlers fail the test; what a
    click saves (an exported example) goes to a temporary folder, never the repository."""
    monkeypatch.chdir(tmp_path)

    def call(self, *args, **kwargs):
        value = None
        for callback in self.callbacks:
            value = callback(*args, **kwargs)  # no try: whatever a handler raises escapes
        return value

    monkeypatch.setattr(w.widgets.widget.CallbackDispatcher, "__call__", call)


def tree(root: Any) -> list[Any]:
    """Every widget in the root's tree, in the order it is drawn."""
    found, seen = [], set()

    def walk(widget: Any) -> None:
        if id(widget) in seen:
            return
        seen.add(id(widget))
        found.append(widget)
        if isinstance(widget, w.Box):
            for child in widget.children:
                walk(child)

    walk(root)
    return found


def controls(root: Any) -> list[Any]:
    """Every enabled control a learner could use, anywhere in the widget's tree."""
    found = []
    for widget in tree(root):
        if getattr(widget, "disabled", False) or not getattr(widget, "layout", None):
            continue
        if getattr(widget.layout, "display", None) == "none":
            continue
        selection = isinstance(widget, w.widgets.widget_selection._Selection)
        typed = w.Text | w.IntText | w.BoundedIntText  # the Folder and Deal boxes
        if isinstance(widget, w.Button | w.ToggleButton | w.Checkbox | typed) or (
            selection and widget.options
        ):
            found.append(widget)
    return found


#: what a learner might type in the Folder box (relative names stay in the test's folder;
#: the absolute ones cannot be written)
FOLDERS = [
    "",
    " ",
    "\n\t",
    "x" * 300,
    "a\0b",
    "/etc/passwd",
    "/etc/passwd/inside",
    "/proc/cardlib-fuzz",
    "☃ünï©ødé",
    "saved/examples",
    "<b>bold</b>",
    "💥" * 300,
]
#: what a learner might type in the Deal box (the box keeps to 0..MAX_SEED)
DEALS = [0, 1, 7, 17, MAX_SEED, MAX_SEED + 1, -5, 10**9, 10**30]
#: values no dropdown offers (the trait refuses them; None it takes: "nothing chosen")
NOT_OFFERED = [None, None, "", "nope", 99999, -1, "Learner", "pagat", "8", "AS"]

#: what a learner must never read: a fault of cardlib shown for something the learner
#: did, "None", an exception's class name, a traceback or a repr
NOT_WORDS = re.compile(
    r"Something went wrong|\bNone\b|\b[A-Z]\w*(?:Error|Exception)\b|Traceback|object at 0x"
    r"|\b(?:GolfMove|GoFishMove|RookMove|RookOptions|GolfOptions|GoFishOptions)\(|\bRank\.|\bSuit\."
)


def shown(root: Any) -> list[str]:
    """Every text the widget shows: its ``.text``, each HTML and label, each control's
    label and tooltip (tags and the style sheet dropped)."""
    texts = [getattr(root, "text", "")]
    for widget in tree(root):
        if isinstance(widget, w.HTML | w.Label | w.HTMLMath):
            value = re.sub(r"<style>.*?</style>", "", widget.value, flags=re.S)
            texts.append(html.unescape(re.sub(r"<[^>]+>", " ", value)))
        if isinstance(widget, w.Button | w.ToggleButton):
            texts += [widget.description, widget.tooltip or ""]
    return texts


def act(widget: Any, rng: random.Random) -> str:
    if isinstance(widget, w.Button):
        widget.click()
        return "click"
    if isinstance(widget, w.ToggleButton | w.Checkbox):
        widget.value = not widget.value
        return "toggle"
    if isinstance(widget, w.Text):
        widget.value = rng.choice(FOLDERS)
        return "type a folder"
    if isinstance(widget, w.BoundedIntText | w.IntText):
        widget.value = rng.choice(DEALS)
        return "type a deal"
    if rng.random() < 0.15:
        try:
            widget.value = rng.choice(NOT_OFFERED)
        except traitlets.TraitError:
            return "a value refused by the dropdown"
        return "choose nothing"
    widget.index = rng.randrange(len(widget.options))
    return "choose"


def test_fatal_callbacks_are_fatal(fatal_callbacks):
    button = w.Button()

    def boom(_b):
        raise RuntimeError("a handler failed")

    button.on_click(boom)
    with pytest.raises(RuntimeError):
        button.click()


def session_id(x: Any) -> str:
    return x if isinstance(x, str) else "-".join(f"{k}={v}" for k, v in x.items()).replace(" ", "")


def the_game(session: Any) -> tuple[Any, ...]:
    """What a click could change of a table's game: the deal, the moves made, the position."""
    game = session.game
    return (session.seed, [(s.player, s.move) for s in session.steps], list(game.history))


class Clicks(RuleBasedStateMachine):
    """A learner at one widget (``name`` with ``kwargs``, set on a subclass): any control
    used in any way (:func:`act`), or, at a table, a click like a learner's (mostly on a
    card marked legal: tests/support/seats.py's ``click_something``), so that
    games are played to their end."""

    name: str = ""
    kwargs: dict[str, Any] = {}  # noqa: RUF012 (set once a subclass, never changed)
    counts: Counter[str]

    def __init__(self) -> None:
        super().__init__()
        self.widget = getattr(cardlib.widgets, self.name)(**self.kwargs)
        self.session = getattr(self.widget, "session", None)
        if self.session is not None:
            self.widget.show_legal.value = True
            self.known = Known(self.session.game_id)
        self.did = "nothing yet"

    def _do(self, what: str, do: Callable[[], str], control: Any = None) -> None:
        """``do()`` a learner's action; a refused move (a refusal the action made) leaves
        the game as it was."""
        session = getattr(self.widget, "session", None)
        before = the_game(session) if session is not None else None
        refusal = getattr(session, "refusal", None)
        try:
            did = do()
        except Exception as exc:
            raise AssertionError(f"{self.name}({self.kwargs}) {what} raised {exc!r}") from exc
        self.did = f"{did}: {what}"
        self.counts[did] += 1
        now = getattr(self.widget, "session", None)
        refused = getattr(now, "refusal", None)
        if now is session and refused is not None and refused is not refusal:
            self.counts["refused"] += 1
            assert the_game(session) == before, f"{self.did}: a refused click changed the game"
        if did == "click" and control is getattr(self.widget, "new_button", None):
            assert self.widget.seed_box.value == now.seed, "the Deal box shows another deal"

    @rule(data=st.data())
    def use_any_control(self, data: st.DataObject) -> None:
        found = controls(self.widget)
        if not found:
            return
        control = found[data.draw(st.integers(0, len(found) - 1), label="control")]
        rng = data.draw(st.randoms(use_true_random=False), label="how")
        label = getattr(control, "description", "") or type(control).__name__
        self._do(f"{type(control).__name__} {label!r}", lambda: act(control, rng), control)

    @precondition(lambda self: self.session is not None)
    @rule(rng=st.randoms(use_true_random=False))
    def click_like_a_learner(self, rng: random.Random) -> None:
        self.widget.show_legal.value = True

        def click() -> str:
            self.clicked = click_something(self.widget, rng)
            return "click"

        self._do("a learner's click", click)
        self.did += f" on {self.clicked}"

    @invariant()
    def words_are_a_learner_s(self) -> None:
        """The widget always has words, and they are a learner's."""
        assert isinstance(self.widget.text, str)
        for text in shown(self.widget):
            bad = NOT_WORDS.search(text)
            assert bad is None, (
                f"{self.name}({self.kwargs}) after {self.did} shows {bad.group(0)!r}: "
                f"...{text[max(0, bad.start() - 150) : bad.end() + 80]}..."
            )

    @invariant()
    def faces_are_true(self) -> None:
        """What the browser draws is true: no face on a back."""
        for b in tree(self.widget):
            if isinstance(b, CardButton):
                assert b.description, f"{self.did}: an empty label keeps the old face"
                down = "cardlib-face-down" in b._dom_classes
                assert down == (not b.face_up), f"{self.did}: {b.tooltip!r}"
                assert not down or not b.description.strip(), f"{b.tooltip!r} shows a face"

    @invariant()
    def the_learner_sees_only_their_seats(self) -> None:
        """No text of the table names a card the learner's seats may not know
        (tests/support/seats.py's oracle: the game's record, replayed)."""
        session = getattr(self.widget, "session", None)
        if session is None:
            return
        pack, knows = self.known.of(session)
        leaked = named(texts(self.widget), pack - knows)
        assert not leaked, f"{self.name} after {self.did}: {leaked} named\n{self.widget.text}"


@pytest.mark.parametrize(("name", "kwargs"), SESSIONS, ids=session_id)
def test_clicks_never_raise_nor_leak(fatal_callbacks, name, kwargs):
    """Hypothesis plays :class:`Clicks` on each widget: no handler lets an exception
    escape, the words are a learner's, faces are true, the learner sees only their seats,
    a refused click changes nothing.  A failure is shrunk to the fewest clicks."""
    counts: Counter[str] = Counter()
    machine = type(f"Clicks_{name}", (Clicks,), {"name": name, "kwargs": kwargs, "counts": counts})
    # a widget is slow to build and to read: a quarter of the profile's examples
    run_state_machine_as_test(machine, settings=settings(max_examples=WIDGET_EXAMPLES))
    print(f"\n{name}{kwargs}: {dict(counts)}")
    assert sum(counts.values()) > 0
    assert counts["click"] > 0


def live_widgets() -> int:
    """How many ipywidgets exist now (what ``ipywidgets.Widget.widgets`` counts)."""
    return len(w.widgets.widget._instances)


def click_everything(widget: Any) -> None:
    """One round: the same start (Restart), then every button of the tree in the order it
    is drawn (not New deal, Next deal or Save), then the show-legal switch; the scorer's chips and
    cards, then one of its dropdowns and back."""
    if isinstance(widget, cardlib.widgets.LayoutScorer):
        for b in [*widget.card_buttons, *widget.rank_chips, *widget.suit_chips]:
            b.click()
        old = widget.pickers[0].value
        widget.pickers[0].value = "2S" if old != "2S" else "3S"
        widget.pickers[0].value = None
        widget.pickers[0].value = old
        return
    widget.restart_button.click()
    skip = {id(widget.new_button), id(widget.save_button)}
    skip.add(id(getattr(widget, "next_button", None)))
    for b in [x for x in tree(widget) if isinstance(x, w.Button) and id(x) not in skip]:
        b.click()
    widget.show_legal.value = not widget.show_legal.value


@pytest.mark.parametrize(("name", "kwargs"), SESSIONS, ids=session_id)
def test_clicks_create_no_widgets(fatal_callbacks, name, kwargs):
    """A click redraws the faces of the widgets it has (issue: every Golf click made 21
    buttons that were never closed): after the first rounds, which may meet a card for
    the first time, the same rounds again create no widget."""
    widget = getattr(cardlib.widgets, name)(**kwargs)
    for _ in range(2):
        click_everything(widget)
    before = live_widgets()
    for _ in range(3):
        click_everything(widget)
    assert live_widgets() == before, f"{name}: {live_widgets() - before} widgets made by clicks"
