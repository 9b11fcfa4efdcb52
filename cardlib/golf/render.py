"""HTML pictures of Golf layouts and tables: the whole game (Jupyter's ``_repr_html_``), and
what one seat sees of it (:func:`seen_layout_html`, :func:`column_scores_html`, drawn from a
:class:`~cardlib.golf.view.GolfView`), which the table widget shows."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardlib.golf.moves import COLUMNS
from cardlib.golf.scoring import columns, seen_worth, worth_so_far
from cardlib.render import card_html, empty_pile_html

if TYPE_CHECKING:
    from cardlib.cards import Card
    from cardlib.golf.engine import GolfGame, Layout
    from cardlib.golf.view import GolfView


def golf_layout_html(
    layout: Layout,
    *,
    reveal: bool = False,
    scores: bool = True,
    size: int = 44,
    highlight: int | None = None,
) -> str:
    """A Golf layout as its 2x3 grid; with ``scores``, each fully visible column's points below."""
    seen = [c if reveal or up else None for c, up in zip(layout.cards, layout.up, strict=True)]
    return seen_layout_html(seen, scores=scores, size=size, highlight=highlight)


def seen_layout_html(
    seen: Sequence[Card | None],
    *,
    scores: bool = True,
    size: int = 44,
    highlight: int | None = None,
) -> str:
    """A layout as a player sees it (a seat's view: the card where it is face up, None
    where it is face down) as its 2x3 grid; with ``scores``, each column's points below
    once both its cards are up."""
    from cardlib.golf.engine import column_score

    cells = []
    for row in (0, 1):
        tds = "".join(
            f"<td>{card_html(seen[row * 3 + c], size=size, highlight=highlight == row * 3 + c)}</td>"
            for c in range(3)
        )
        cells.append(f"<tr>{tds}</tr>")
    if scores:
        totals: list[str] = []
        for top, bottom in columns(seen):
            text = (
                str(column_score(top, bottom).points)
                if top is not None and bottom is not None
                else "?"
            )
            totals.append(
                f'<td style="text-align:center;font-family:sans-serif;color:#555;">{text}</td>'
            )
        cells.append(f"<tr>{''.join(totals)}</tr>")
    return f'<table class="cardlib-golf-layout" style="border-collapse:collapse;display:inline-table;">{"".join(cells)}</table>'


def column_scores_html(view: GolfView) -> str:
    """Each player's running column scores as a seat sees them, as small bars: what the
    face-up cards of each column are worth now (a paired column 0), and the total so far;
    once the hole is over (every card up), the hole's scores."""
    rows = []
    for p in view.players:
        seen = view.layouts[p]
        cells = []
        for name, (top, bottom) in zip(COLUMNS, columns(seen), strict=True):
            pts = worth_so_far(top, bottom)
            down = (top is None) + (bottom is None)
            why = f"{down} down" if down else "both up"
            width = min(abs(pts), 20) * 4
            colour = "#27ae60" if pts <= 0 else "#e67e22"
            cells.append(
                f'<td style="padding:2px 6px;white-space:nowrap" title="{name} column: {pts} ({why})">'
                f'{name} <b>{pts}</b> <span style="display:inline-block;width:{width}px;'
                f'height:8px;background:{colour}"></span></td>'
            )
        rows.append(
            f'<tr><th style="text-align:left;white-space:nowrap">{html.escape(p)}</th>{"".join(cells)}'
            f"<td><b>{seen_worth(seen)}</b></td></tr>"
        )
    caption = "The hole's scores" if view.is_over else "Column scores so far"
    return (
        '<table class="cardlib-golf-columns" style="border-collapse:collapse">'
        f'<caption style="text-align:left">{caption}</caption>' + "".join(rows) + "</table>"
    )


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
