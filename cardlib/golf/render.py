"""HTML pictures of Golf layouts and tables, for Jupyter's ``_repr_html_``."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from cardlib.render import card_html, empty_pile_html

if TYPE_CHECKING:
    from cardlib.golf.engine import GolfGame, Layout


def golf_layout_html(
    layout: Layout,
    *,
    reveal: bool = False,
    scores: bool = True,
    size: int = 44,
    highlight: int | None = None,
) -> str:
    """A Golf layout as its 2x3 grid; with ``scores``, each fully visible column's points below."""
    from cardlib.golf.engine import column_score

    cells = []
    for row in (0, 1):
        tds = "".join(
            f"<td>{card_html(layout.cards[row * 3 + c], face_up=reveal or layout.up[row * 3 + c], size=size, highlight=highlight == row * 3 + c)}</td>"
            for c in range(3)
        )
        cells.append(f"<tr>{tds}</tr>")
    if scores:
        totals: list[str] = []
        for c in range(3):
            visible = reveal or (layout.up[c] and layout.up[c + 3])
            text = (
                str(column_score(layout.cards[c], layout.cards[c + 3]).points) if visible else "?"
            )
            totals.append(
                f'<td style="text-align:center;font-family:sans-serif;color:#555;">{text}</td>'
            )
        cells.append(f"<tr>{''.join(totals)}</tr>")
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
    stock = card_html(None, size=size) if game.stock else empty_pile_html(size)
    discard = card_html(game.discard_top, size=size) if game.discard_top else empty_pile_html(size)
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
