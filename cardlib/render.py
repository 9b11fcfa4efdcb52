"""HTML pictures of cards shared by every game, for Jupyter's ``_repr_html_``.

The markup is deterministic (no ids, no timestamps) so notebooks can be checked by nbval.
Every function takes keyword-only options and returns a string.
"""

from __future__ import annotations

import html

from cardlib.cards import Card

_RED, _BLACK = "#c0392b", "#1b1b1b"
_CARD = (
    "display:inline-block;box-sizing:border-box;width:{w}px;height:{h}px;margin:2px;"
    "border:1px solid #888;border-radius:6px;vertical-align:top;text-align:center;"
    "font-family:sans-serif;font-weight:bold;"
)


def card_html(
    card: Card | None, *, face_up: bool = True, size: int = 44, highlight: bool = False
) -> str:
    """One card as a small picture: rank and suit in the suit's colour, or a card back."""
    w, h = size, round(size * 1.4)
    style = _CARD.format(w=w, h=h)
    if highlight:
        style += "box-shadow:0 0 0 3px #f1c40f;"
    if card is None or not face_up:
        back = (
            "background:repeating-linear-gradient(45deg,#2c5aa0 0 4px,#3d6fc0 4px 8px);"
            "border-color:#1f3f73;"
        )
        label = "face-down card" if card is None or not face_up else str(card)
        return (
            f'<span class="cardlib-card cardlib-back" title="{label}" style="{style}{back}"></span>'
        )
    colour = _RED if card.colour == "red" else _BLACK
    font = round(size * 0.36)
    return (
        f'<span class="cardlib-card" title="{card}" style="{style}background:#fff;color:{colour};'
        f'font-size:{font}px;line-height:{h / 2 - 2:.0f}px;">{html.escape(card.rank.symbol)}'
        f"<br>{card.suit.symbol}</span>"
    )


def empty_pile_html(size: int) -> str:
    """An empty pile's dashed outline."""
    style = _CARD.format(w=size, h=round(size * 1.4)) + "border-style:dashed;background:#f4f4f4;"
    return f'<span class="cardlib-card cardlib-empty" title="empty" style="{style}"></span>'
