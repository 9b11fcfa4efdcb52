"""HTML pictures of cards, Golf layouts and tables, for Jupyter's ``_repr_html_``.

The markup is deterministic (no ids, no timestamps) so notebooks can be checked by nbval.
Every function takes keyword-only options and returns a string.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from cardlib.cards import Card

if TYPE_CHECKING:
    from cardlib.golf import GolfGame, Layout

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


def cards_html(cards: list[Card], *, size: int = 44) -> str:
    """A row of face-up cards."""
    return (
        '<div class="cardlib-cards">' + "".join(card_html(c, size=size) for c in cards) + "</div>"
    )


def golf_layout_html(
    layout: Layout,
    *,
    reveal: bool = False,
    scores: bool = True,
    size: int = 44,
    highlight: int | None = None,
) -> str:
    """A Golf layout as its 2x3 grid; with ``scores``, each fully visible column's points below."""
    from cardlib.golf import column_score

    cells = []
    for row in (0, 1):
        tds = "".join(
            f"<td>{card_html(layout.cards[row * 3 + c], face_up=reveal or layout.up[row * 3 + c], size=size, highlight=highlight == row * 3 + c)}</td>"
            for c in range(3)
        )
        cells.append(f"<tr>{tds}</tr>")
    if scores:
        tds = []
        for c in range(3):
            visible = reveal or (layout.up[c] and layout.up[c + 3])
            text = (
                str(column_score(layout.cards[c], layout.cards[c + 3]).points) if visible else "?"
            )
            tds.append(
                f'<td style="text-align:center;font-family:sans-serif;color:#555;">{text}</td>'
            )
        cells.append(f"<tr>{''.join(tds)}</tr>")
    return f'<table class="cardlib-golf-layout" style="border-collapse:collapse;display:inline-table;">{"".join(cells)}</table>'


def golf_game_html(game: GolfGame, *, size: int = 40, show_all: bool | None = None) -> str:
    """The whole table: every layout with its player's name, the stock and the discard pile."""
    reveal = game.is_over if show_all is None else show_all
    blocks = []
    for p in game.players:
        mark = " ▶" if p == game.to_move else ""
        score = game.scores()[p] if reveal else game.visible_score(p)
        label = "score" if reveal else "face-up worth"
        blocks.append(
            '<div style="display:inline-block;margin:0 16px 8px 0;vertical-align:top;">'
            f'<div style="font-family:sans-serif;font-weight:bold;">{html.escape(p)}{mark}'
            f' <span style="font-weight:normal;color:#555;">({label} {score})</span></div>'
            f"{golf_layout_html(game.layouts[p], reveal=reveal, size=size)}</div>"
        )
    stock = card_html(None, size=size) if game.stock else _empty(size)
    discard = card_html(game.discard_top, size=size) if game.discard_top else _empty(size)
    held = ""
    if game.holding is not None:
        held = (
            f'<span style="margin-left:16px;">{html.escape(str(game.to_move))} holds '
            f"{card_html(game.holding, size=size)}</span>"
        )
    piles = (
        '<div style="font-family:sans-serif;margin-top:4px;">'
        f"Stock ({game.stock_size}) {stock} &nbsp; Discard ({len(game.discard)}) {discard}{held}</div>"
    )
    return f'<div class="cardlib-golf-game">{"".join(blocks)}{piles}</div>'


def _empty(size: int) -> str:
    style = _CARD.format(w=size, h=round(size * 1.4)) + "border-style:dashed;background:#f4f4f4;"
    return f'<span class="cardlib-card cardlib-empty" title="empty" style="{style}"></span>'
