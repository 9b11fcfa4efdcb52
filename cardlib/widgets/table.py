"""The controls every game table shares, around a :class:`~cardlib.widgets.session.TableSession`:
"show legal moves", undo, restart, a new deal by seed, and saving the game as a worked
example; and one way to show the status (the situation, a refusal, the latest events).

**New deal** deals the number in the Deal box (the box unchanged: the same deal again, as
its words say); **Next deal** deals the number after it and shows it in the box.  The Deal
box always shows the deal in play once either is clicked: it holds the numbers 0 to
:data:`~cardlib.widgets.session.MAX_SEED`, as the session does, and the deal after the
last is deal 0.  "Saved as ..." is shown while the game it names is the game shown (not
after another move, Undo, Restart or another deal).

A game's widget builds its own card area and calls :meth:`SessionControls.build_controls`;
its clicks go through :meth:`SessionControls.click`, so no exception ever reaches Jupyter.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardlib.widgets import ipywidgets as w
from cardlib.widgets.controls import STYLE, handler
from cardlib.widgets.session import MAX_SEED, Refusal, TableProblem, TableSession


def status_html(
    headline: str, refusal: Refusal | None, lines: Sequence[str], problem: str = ""
) -> str:
    """The status of every table, in one style: the headline in bold, then a refusal (or an
    unexpected problem) in the refusal box, then the latest events as a list."""
    parts = [STYLE, f"<p><b>{html.escape(headline)}</b></p>"]
    if problem:
        parts.append(f'<div class="cardlib-refusal" role="alert">{html.escape(problem)}</div>')
    elif refusal is not None:
        parts.append(refusal.html())
    if lines:
        parts.append("<ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ul>")
    return "".join(parts)


def status_text(
    headline: str, refusal: Refusal | None, lines: Sequence[str], problem: str = ""
) -> str:
    """The same status as plain text (a widget's ``.text``)."""
    out = [headline]
    if problem:
        out.append(problem)
    elif refusal is not None:
        out.append(str(refusal))
    out.extend(f"- {x}" for x in lines)
    return "\n".join(out)


class SessionControls:
    """Shared controls of a table; the widget provides ``session`` and ``_refresh()``."""

    session: TableSession

    def _refresh(self) -> None:
        raise NotImplementedError

    def on_change(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` after every click on the table, once it is redrawn (the
        course saves a widget exercise's answer this way); a failing callback is shown in
        words like any other failure of a click."""
        self.__dict__.setdefault("_change_callbacks", []).append(callback)

    def _changed(self) -> None:
        for callback in self.__dict__.get("_change_callbacks", ()):
            callback()

    def click(self, fn: Callable[[], Any]) -> Callable[[Any], None]:
        """A click handler: runs ``fn`` then redraws; an exception is shown, never raised."""

        def run() -> None:
            fn()
            self._refresh()
            self._changed()

        def failed(exc: Exception) -> None:
            self.session.fail(exc)
            with contextlib.suppress(Exception):  # drawing failed too: the words are kept
                self._refresh()

        return handler(failed, run)

    def build_controls(self, *, folder: str = "my-examples", deal: bool = True) -> w.Box:
        """The shared row: show legal moves, undo, restart, the Deal box with New deal and
        Next deal, save to a folder."""
        auto = {"width": "auto"}
        self.show_legal = w.ToggleButton(
            value=False,
            description="Show legal moves",
            tooltip="Mark the cards and choices the rules allow now",
            layout=w.Layout(**auto),
        )
        self.show_legal.observe(lambda _c: self.click(lambda: None)(None), names="value")
        self.undo_button = w.Button(
            description="Undo", tooltip="Take back your last move", layout=w.Layout(**auto)
        )
        self.restart_button = w.Button(
            description="Restart", tooltip="Play the same deal again", layout=w.Layout(**auto)
        )
        self.seed_box = w.BoundedIntText(
            value=self.session.seed,
            min=0,
            max=MAX_SEED,
            description="Deal",
            tooltip="The deal's number: the same number deals the same cards",
            layout=w.Layout(width="150px"),
            style={"description_width": "40px"},
        )
        self.new_button = w.Button(
            description="New deal",
            tooltip="Deal the cards of the number shown",
            layout=w.Layout(**auto),
        )
        self.next_button = w.Button(
            description="Next deal",
            tooltip="Deal the cards of the next number (the number shown plus one)",
            layout=w.Layout(**auto),
        )
        self.folder = w.Text(
            value=folder,
            description="Folder",
            tooltip="Where Save example writes the game",
            layout=w.Layout(width="220px"),
            style={"description_width": "50px"},
        )
        self.save_button = w.Button(
            description="Save example",
            tooltip="Save this game as a worked example that cardlib check proves",
            layout=w.Layout(**auto),
        )
        self.saved: Path | None = None
        self._saved_game: tuple[Any, int] | None = None
        self.undo_button.on_click(self.click(self.session.undo))
        self.restart_button.on_click(self.click(self.session.restart))
        self.new_button.on_click(self.click(self._new_deal_from_box))
        self.next_button.on_click(self.click(self._next_deal_from_box))
        self.save_button.on_click(self.click(lambda: self.save()))
        row: list[w.Widget] = [self.show_legal, self.undo_button, self.restart_button]
        if deal and self.session.deal is not None:
            row += [self.seed_box, self.new_button, self.next_button]
        row += [self.folder, self.save_button]
        box = w.HBox(row, layout=w.Layout(flex_flow="row wrap"))
        box.add_class("cardlib-session-controls")
        return box

    def _tell(self, words: str) -> bool:
        """Show ``words`` (something the learner can put right, such as a choice not made)
        where a refusal would be; no move is tried.  False, as for a refused move."""
        self.session.refusal = None
        self.session.fail(TableProblem(words))
        return False

    def _new_deal_from_box(self) -> None:
        """New deal: the deal whose number the box shows (unchanged: the same deal again)."""
        self.session.new_deal(self.seed_box.value)
        self.seed_box.value = self.session.seed

    def _next_deal_from_box(self) -> None:
        """Next deal: the number shown plus one (after the last number, deal 0)."""
        shown = self.seed_box.value
        seed = (shown + 1) % (MAX_SEED + 1) if isinstance(shown, int) else None
        self.session.new_deal(seed)
        self.seed_box.value = self.session.seed

    def new_deal(self, seed: int | None = None) -> None:
        """Deal anew (``seed``, default: the next one) and redraw."""
        self.session.new_deal(seed)
        self.seed_box.value = self.session.seed
        self._refresh()

    def undo(self) -> bool:
        """Take back the learner's last move (and the replies); redraw."""
        done = self.session.undo()
        self._refresh()
        return done

    def restart(self) -> None:
        """The same deal again; redraw."""
        self.session.restart()
        self._refresh()

    def to_example(self, **kwargs: Any) -> str:
        """The game so far as a YAML worked example (``cardlib check`` passes on it)."""
        return self.session.to_example(**kwargs)

    def save(self, folder: str | Path | None = None) -> Path:
        """Save :meth:`to_example` under ``folder`` (default: the folder box); the path.
        A refusal shown before is answered by now: saving clears it."""
        self.session.refusal = None
        self.session.problem = ""
        self.saved = self.session.save(folder if folder is not None else self.folder.value)
        self._saved_game = (self.session.game, len(self.session.steps))
        return self.saved

    @property
    def showing_legal(self) -> bool:
        return bool(getattr(self, "show_legal", None) is not None and self.show_legal.value)

    def saved_line(self) -> list[str]:
        """``Saved as PATH`` while the game shown is the game saved there; else nothing."""
        saved_game = getattr(self, "_saved_game", None)
        if not getattr(self, "saved", None) or saved_game is None:
            return []
        game, steps = saved_game
        if game is not self.session.game or steps != len(self.session.steps):
            return []
        return [f"Saved as {self.saved}"]


__all__ = ["SessionControls", "status_html", "status_text"]
