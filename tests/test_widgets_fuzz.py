"""Random clicks on every widget (issue 11, section 7): for each widget class of
``cardlib.widgets``, press enabled buttons and choose values of dropdowns and toggles in a
seeded random order, with ipywidgets' callback errors made fatal (its dispatcher would
only log them, and Jupyter would print a traceback under the widget): no handler may let
an exception escape.  ``pytest -s`` prints the counts."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

w = pytest.importorskip("ipywidgets")

import cardlib.widgets  # noqa: E402

SEED = 11
ACTIONS_PER_SESSION = 250
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


def controls(root: Any) -> list[Any]:
    """Every enabled control a learner could use, anywhere in the widget's tree."""
    found, seen, todo = [], set(), [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        if isinstance(widget, w.Box):
            todo.extend(widget.children)
        if getattr(widget, "disabled", False) or not getattr(widget, "layout", None):
            continue
        if getattr(widget.layout, "display", None) == "none":
            continue
        selection = isinstance(widget, w.widgets.widget_selection._Selection)
        if isinstance(widget, w.Button | w.ToggleButton | w.Checkbox) or (
            selection and widget.options
        ):
            found.append(widget)
    return found


def act(widget: Any, rng: random.Random) -> str:
    if isinstance(widget, w.Button):
        widget.click()
        return "click"
    if isinstance(widget, w.ToggleButton | w.Checkbox):
        widget.value = not widget.value
        return "toggle"
    widget.index = rng.randrange(len(widget.options))
    return "choose"


def test_fatal_callbacks_are_fatal(fatal_callbacks):
    button = w.Button()

    def boom(_b):
        raise RuntimeError("a handler failed")

    button.on_click(boom)
    with pytest.raises(RuntimeError):
        button.click()


@pytest.mark.parametrize(
    ("name", "kwargs"),
    SESSIONS,
    ids=lambda x: (
        x if isinstance(x, str) else "-".join(f"{k}={v}" for k, v in x.items()).replace(" ", "")
    ),
)
def test_random_clicks_never_raise(fatal_callbacks, name, kwargs):
    rng = random.Random(f"{SEED}-{name}-{sorted(kwargs.items())}")
    widget = getattr(cardlib.widgets, name)(**kwargs)
    counts: Counter[str] = Counter()
    for step in range(ACTIONS_PER_SESSION):
        found = controls(widget)
        if not found:
            break
        control = rng.choice(found)
        label = getattr(control, "description", "") or type(control).__name__
        try:
            counts[act(control, rng)] += 1
        except Exception as exc:
            raise AssertionError(
                f"{name}({kwargs}) step {step}: {type(control).__name__} {label!r} raised "
                f"{type(exc).__name__}: {exc}"
            ) from exc
    print(f"\n{name}{kwargs}: {dict(counts)}")
    assert sum(counts.values()) > 0
    # a handler never leaves the widget without words: its status says what happened
    text = getattr(widget, "text", None)
    assert text is None or isinstance(text, str)
