"""The card as a control: a styled ipywidgets button that shows the card's face.

Why plain ipywidgets and not an anywidget component: a ``Button`` is a real ``<button>``,
so it is reachable with Tab, pressed with Enter or Space, and announced by its
``description`` and ``tooltip`` (its accessible name) without any code of ours; its
``layout`` (size, border) and ``style`` (face colour, text colour, weight) are enough to
draw a card face: the rank and the suit symbol in the suit's colour on a white card, a
patterned back for a face-down card.  anywidget would add a dependency and a piece of
JavaScript to keep accessible, for a picture that a styled button already draws.

Every control here stays clickable whether or not its move is legal: a learner may try
anything and be told why it is refused.  ``mark(True)`` outlines a legal choice when the
"show legal moves" switch is on; ``select(True)`` shows a card chosen for a multi-card move
(Rook's lay-aside).  Sizes are ``auto`` with a minimum, so a label is never clipped and
never wraps in the middle of a word.

One card design, the one of :func:`cardlib.render.card_html`: the rank over the suit on a
white card with rounded corners, a patterned back (class ``cardlib-face-down``) for a card
face down, a dashed outline (class ``cardlib-empty``) for an empty pile.

A button's label is never empty: ipywidgets' button view leaves the old text in place
when its description becomes ``""``, so a card turned face down would still show its face
in the browser.  A back, or anything without a face, is labelled :data:`BLANK` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import traitlets

from cardlib.widgets import ipywidgets as w

RED, BLACK, BACK = "#c0392b", "#1b1b1b", "#2c5aa0"
#: the label of a button without a face (a card back): a no-break space, never ``""``
BLANK = "\u00a0"
_LEGAL_BORDER = "3px solid #f1c40f"
_SELECTED_BORDER = "3px solid #27ae60"
_PLAIN_BORDER = "1px solid #888"

#: one style sheet for every cardlib widget: no mid-word wrapping, one refusal style
STYLE = """<style>
.cardlib-status, .cardlib-status li, .cardlib-refusal {
  overflow-wrap: normal; word-break: normal; hyphens: none; white-space: normal;
}
.cardlib-refusal { border-left: 4px solid #c0392b; background: #fdecea; padding: 4px 8px;
  margin: 4px 0; }
.cardlib-control { white-space: nowrap; }
button.cardlib-control.cardlib-card-button { white-space: pre-line; line-height: 26px;
  border-radius: 6px; font-family: sans-serif; overflow: visible; }
button.cardlib-control.cardlib-face-down {
  background-image: repeating-linear-gradient(45deg, #2c5aa0 0 4px, #3d6fc0 4px 8px); }
button.cardlib-control.cardlib-rook-card { line-height: 12px; }
button.cardlib-control.cardlib-rook-card::first-line { font-size: 18px; line-height: 26px;
  font-weight: bold; }
button.cardlib-control.cardlib-empty { border-style: dashed !important; color: #777 !important;
  font-size: 11px !important; font-weight: normal !important; }
</style>"""


def handler(on_error: Callable[[Exception], None], fn: Callable[[], Any]) -> Callable[[Any], None]:
    """A click handler that runs ``fn`` and never lets an exception escape: whatever goes
    wrong is passed to ``on_error`` (which shows it in words) instead of a traceback."""

    def on_click(_button: Any = None) -> None:
        try:
            fn()
        except Exception as exc:  # a click must never raise into Jupyter
            on_error(exc)

    return on_click


class CardButton(w.Button):
    """One card (or one choice: a player, a bid, a colour) as a button.

    ``label`` is what the face shows (``"8\\n♥"``), ``name`` its accessible name and
    tooltip (``"8 of hearts"``, ``"bottom-left: face down"``), ``colour`` the text colour;
    ``face_up=False`` draws a card back, ``empty=True`` an empty pile.  ``value`` is
    whatever the widget needs to turn a click into a move (a card, a position, a player).
    ``kind`` is ``"card"`` (card-sized) or ``"chip"`` (a word-sized choice); ``border``
    the card's edge when it is neither marked legal nor chosen.
    """

    def __init__(
        self,
        label: str,
        *,
        name: str,
        value: Any = None,
        colour: str = BLACK,
        face_up: bool = True,
        kind: str = "card",
        empty: bool = False,
        border: str = _PLAIN_BORDER,
    ) -> None:
        self.value = value
        self.kind = kind
        self._border = border
        self._legal = False
        self._selected = False
        if kind == "card":
            layout = w.Layout(
                width="auto", min_width="44px", height="62px", padding="0 4px", margin="2px"
            )
            size = "16px"
        else:
            layout = w.Layout(width="auto", min_width="40px", padding="0 10px", margin="2px")
            size = "14px"
        super().__init__(layout=layout, style=w.ButtonStyle(font_weight="bold", font_size=size))
        self.show(label, name=name, colour=colour, face_up=face_up, empty=empty)
        self.add_class("cardlib-control")
        self.add_class(f"cardlib-{kind}-button")
        self._restyle()

    @traitlets.validate("description")
    def _never_empty(self, proposal: Any) -> str:
        """An empty label would leave the old face in the browser: :data:`BLANK` instead."""
        return str(proposal["value"]) or BLANK

    @property
    def name(self) -> str:
        """The accessible name (also the tooltip)."""
        return str(self.tooltip)

    @property
    def legal(self) -> bool:
        return self._legal

    @property
    def selected(self) -> bool:
        return self._selected

    def show(
        self,
        label: str,
        *,
        name: str,
        colour: str = BLACK,
        face_up: bool = True,
        paper: str = "#ffffff",
        empty: bool = False,
    ) -> None:
        """Redraw the face in place (no new widget): ``label`` (:data:`BLANK` when face
        down), the accessible name, the text colour and the card's colour (a back when face
        down); ``empty`` draws an empty pile's outline around ``label``."""
        self.face_up = face_up
        self.empty = empty
        self.description = (label if face_up else "") or BLANK
        self.tooltip = name
        self.style.text_color = colour
        self.style.button_color = paper if face_up else BACK
        self._toggle("cardlib-face-down", not face_up)
        self._toggle("cardlib-empty", empty)

    def _toggle(self, css_class: str, on: bool) -> None:
        if on and css_class not in self._dom_classes:
            self.add_class(css_class)
        elif not on and css_class in self._dom_classes:
            self.remove_class(css_class)

    def mark(self, legal: bool) -> None:
        """Outline the control as a legal choice (the "show legal moves" switch)."""
        if legal != self._legal:
            self._legal = legal
            if legal:
                self.add_class("cardlib-legal")
            else:
                self.remove_class("cardlib-legal")
            self._restyle()

    def select(self, selected: bool) -> None:
        """Show the control as chosen (a card picked for a move of several cards)."""
        if selected != self._selected:
            self._selected = selected
            self._restyle()

    def _restyle(self) -> None:
        if self._selected:
            self.layout.border = _SELECTED_BORDER
        elif self._legal:
            self.layout.border = _LEGAL_BORDER
        else:
            self.layout.border = self._border


def standard_face(card: Any) -> tuple[str, str, str]:
    """A standard card's face: (label ``"8\\n♥"``, the rank over the suit as the card
    pictures draw it; accessible name ``"8H (8 of hearts)"``; colour)."""
    rank = getattr(card.rank, "symbol", str(card.rank))
    suit = card.suit
    name = f"{card} ({rank} of {getattr(suit, 'name', str(suit)).lower()})"
    return f"{rank}\n{suit.symbol}", name, RED if card.colour == "red" else BLACK


def card_button(
    card: Any, *, value: Any = None, face_up: bool = True, name: str = ""
) -> CardButton:
    """The button of a standard card (Golf, Go Fish); ``value`` defaults to the card."""
    label, accessible, colour = standard_face(card)
    return CardButton(
        label,
        name=name or (accessible if face_up else "face-down card"),
        value=card if value is None else value,
        colour=colour,
        face_up=face_up,
    )


def chip(label: str, *, value: Any = None, name: str = "", colour: str = BLACK) -> CardButton:
    """A word-sized choice (a player to ask, a bid, a colour to name, a suit in its colour)."""
    return CardButton(
        label,
        name=name or label,
        value=label if value is None else value,
        colour=colour,
        kind="chip",
    )


def mark_legal(buttons: Iterable[CardButton], is_legal: Callable[[Any], bool], show: bool) -> None:
    """Outline the buttons whose value is a legal choice, if ``show``; clear the marks if not."""
    for b in buttons:
        b.mark(show and is_legal(b.value))


__all__ = [
    "BLANK",
    "STYLE",
    "CardButton",
    "card_button",
    "chip",
    "handler",
    "mark_legal",
    "standard_face",
]
