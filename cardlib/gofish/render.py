"""HTML pictures of a Go Fish table: each hand as a row of cards, the books, the stock, whose turn.

The markup is deterministic (no ids, no timestamps) so notebooks can be checked by nbval.
Every function takes keyword-only options and returns a string.
"""

from __future__ import annotations

import html
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from cardlib.cards import Card, Rank
from cardlib.render import card_html

if TYPE_CHECKING:
    from cardlib.gofish.engine import GoFishGame

_TEXT = "font-family:sans-serif;"
_BOOK = (
    "display:inline-block;min-width:22px;margin:1px;padding:1px 4px;border:1px solid #888;"
    "border-radius:4px;background:#eef3e6;text-align:center;font-weight:bold;font-size:13px;"
)


def hand_html(cards: Sequence[Card], *, face_up: bool = True, size: int = 36) -> str:
    """A hand as a row of cards (face down: as many card backs)."""
    if not cards:
        return f'<span style="{_TEXT}color:#777;">no cards</span>'
    return "".join(card_html(c, face_up=face_up, size=size) for c in cards)


def books_html(ranks: Sequence[Rank]) -> str:
    """The books laid aside, one small tag a rank, in the order they were made."""
    if not ranks:
        return f'<span style="{_TEXT}color:#777;">none</span>'
    return "".join(
        f'<span class="cardlib-book" title="book of {r}s" style="{_TEXT}{_BOOK}">{r}</span>'
        for r in ranks
    )


def gofish_game_html(
    game: GoFishGame,
    *,
    hidden: Collection[str] = (),
    size: int = 36,
    controls: Collection[str] = (),
) -> str:
    """The whole table: a row a player (hand, books), then the stock and whose turn it is.

    Players named in ``hidden`` show their hands face down (a learner's opponents), until
    the game is over.  The hands of players named in ``controls`` are not drawn here: a
    widget draws them once, as the card buttons below the table.
    """
    rows = []
    for name in game.players:
        mark = " ▶" if name == game.to_move else ""
        hand = game.hand(name)
        face_up = game.is_over or name not in hidden
        out = ' <span style="color:#a33;">(out)</span>' if game.is_out(name) else ""
        books = game.books[name]
        noun = "card" if len(hand) == 1 else "cards"
        cards = (
            f'<span style="{_TEXT}color:#555;">{len(hand)} {noun}: the buttons below</span>'
            if name in controls and hand
            else hand_html(hand, face_up=face_up, size=size)
        )
        rows.append(
            "<tr>"
            f'<td style="{_TEXT}font-weight:bold;padding-right:8px;white-space:nowrap;">'
            f"{html.escape(name)}{mark}{out}</td>"
            f'<td style="padding-right:12px;">{cards}</td>'
            f'<td style="{_TEXT}white-space:nowrap;">books ({len(books)}): {books_html(books)}</td>'
            "</tr>"
        )
    stock = card_html(None, size=size) if game.stock_size else ""
    if game.is_over:
        winners = game.winners()
        best = game.book_counts()[winners[0]]
        noun = "book" if best == 1 else "books"
        who = f"{winners[0]} wins" if len(winners) == 1 else f"{' and '.join(winners)} tie"
        turn = f"The game is over ({game.ended_by}): {who} with {best} {noun} (GF-WIN)."
    else:
        turn = f"{game.to_move} to ask: {game.turn_reason}."
    footer = (
        f'<div style="{_TEXT}margin-top:4px;">Stock ({game.stock_size}) {stock} &nbsp; '
        f"{html.escape(turn)}</div>"
    )
    table = f'<table style="border-collapse:collapse;">{"".join(rows)}</table>'
    return f'<div class="cardlib-gofish-game">{table}{footer}</div>'


def books_and_stock_picture(game: GoFishGame) -> str:
    """Books and cards per player as bars (out of 13 books, of the cards held), and the
    stock as a bar of the cards left: what a learner would rather look at than read."""
    rows = []
    for p in game.players:
        held, books = len(game.hand(p)), game.books[p]
        out = " (out)" if game.is_out(p) else ""
        rows.append(
            f'<tr title="{html.escape(p)}: {held} cards held, {len(books)} books{out}">'
            f'<th style="text-align:left;white-space:nowrap;padding-right:6px">'
            f"{html.escape(p)}{out}</th>"
            f'<td style="white-space:nowrap"><span style="display:inline-block;width:{held * 5}px;'
            f'height:10px;background:#2c5aa0"></span> {held} held</td>'
            f'<td style="white-space:nowrap;padding-left:8px">'
            f"<b>{len(books)}</b> {books_html(books)}</td></tr>"
        )
    stock = game.stock_size
    rows.append(
        f'<tr title="the stock: {stock} cards"><th style="text-align:left;white-space:nowrap;'
        f'padding-right:6px">Stock</th><td colspan="2" style="white-space:nowrap">'
        f'<span style="display:inline-block;width:{stock * 3}px;height:10px;'
        f'background:#888"></span> {stock} cards</td></tr>'
    )
    return (
        '<table class="cardlib-gofish-books" style="border-collapse:collapse">'
        '<caption style="text-align:left">Cards held, books and the stock</caption>'
        + "".join(rows)
        + "</table>"
    )
