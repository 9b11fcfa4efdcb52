"""HTML pictures of a Go Fish table: each hand as a row of cards, the books, the stock, whose turn.

:func:`gofish_game_html` draws the whole game; :func:`gofish_view_html` and
:func:`books_and_stock_picture` draw what one seat sees (a :class:`~cardlib.gofish.view.GoFishView`),
which is all a learner's table shows.

The markup is deterministic (no ids, no timestamps) so notebooks can be checked by nbval.
Every function takes keyword-only options and returns a string.
"""

from __future__ import annotations

import html
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from cardlib import arguments
from cardlib.cards import Card, Rank
from cardlib.gofish.view import GoFishView
from cardlib.render import card_html

if TYPE_CHECKING:
    from cardlib.gofish.engine import GoFishGame

_TEXT = "font-family:sans-serif;"
_BOOK = (
    "display:inline-block;min-width:22px;margin:1px;padding:1px 4px;border:1px solid #888;"
    "border-radius:4px;background:#eef3e6;text-align:center;font-weight:bold;font-size:13px;"
)


def hand_html(cards: Sequence[Card | None], *, face_up: bool = True, size: int = 36) -> str:
    """A hand as a row of cards (face down, or None: as many card backs)."""
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

    Players named in ``hidden`` show their hands face down, until the game is over.  The
    hands of players named in ``controls`` are not drawn here: a widget draws them once, as
    the card buttons below the table.  (A seat's table is :func:`gofish_view_html`.)
    """
    hands: dict[str, Sequence[Card] | int] = {
        p: len(game.hand(p)) if p in hidden and not game.is_over else game.hand(p)
        for p in game.players
    }
    out = [p for p in game.players if game.is_out(p)]
    winners = tuple(game.winners()) if game.is_over else ()
    footer = _turn_words(game.to_move, game.turn_reason, winners, game.books, game.ended_by)
    return _table_html(
        game.players, game.to_move, hands, out, game.books, game.stock_size, footer, size, controls
    )


def gofish_view_html(view: GoFishView, *, size: int = 36, controls: Collection[str] = ()) -> str:
    """The table as one seat sees it (``game.view(player)``): their own hand face up, every
    other hand as as many card backs, the books, the stock and whose turn it is.  The
    sources show no hand when the game ends (only the books count), so neither does this.
    The hands of players named in ``controls`` are the widget's card buttons instead."""
    hands: dict[str, Sequence[Card] | int] = {
        p: view.hand if p == view.player else view.hand_sizes[p] for p in view.players
    }
    footer = _turn_words(view.to_move, view.turn_reason, view.winners, view.books, view.legal_rule)
    return _table_html(
        view.players,
        view.to_move,
        hands,
        view.out,
        view.books,
        view.stock_size,
        footer,
        size,
        controls,
    )


def _turn_words(
    to_move: str | None,
    reason: str,
    winners: Sequence[str],
    books: Mapping[str, Sequence[Rank]],
    ended_by: str | None,
) -> str:
    if to_move is not None:
        return f"{to_move} to ask: {reason}."
    best = len(books[winners[0]])
    noun = "book" if best == 1 else "books"
    who = f"{winners[0]} wins" if len(winners) == 1 else f"{' and '.join(winners)} tie"
    return f"The game is over ({ended_by}): {who} with {best} {noun} (GF-WIN)."


def _table_html(
    players: Sequence[str],
    to_move: str | None,
    hands: Mapping[str, Sequence[Card] | int],
    out: Collection[str],
    books: Mapping[str, Sequence[Rank]],
    stock_size: int,
    footer: str,
    size: int,
    controls: Collection[str],
) -> str:
    """A row a player: the cards of ``hands`` (a hand seen, or how many cards are held, drawn
    as as many backs), out or not, the books; then the stock and ``footer``."""
    rows = []
    for name in players:
        mark = " ▶" if name == to_move else ""
        hand = hands[name]
        held = hand if isinstance(hand, int) else len(hand)
        gone = ' <span style="color:#a33;">(out)</span>' if name in out else ""
        noun = "card" if held == 1 else "cards"
        if name in controls and held:
            cards = f'<span style="{_TEXT}color:#555;">{held} {noun}: the buttons below</span>'
        elif isinstance(hand, int):
            cards = hand_html([None] * hand, face_up=False, size=size)
        else:
            cards = hand_html(hand, size=size)
        ranks = books[name]
        rows.append(
            "<tr>"
            f'<td style="{_TEXT}font-weight:bold;padding-right:8px;white-space:nowrap;">'
            f"{html.escape(name)}{mark}{gone}</td>"
            f'<td style="padding-right:12px;">{cards}</td>'
            f'<td style="{_TEXT}white-space:nowrap;">books ({len(ranks)}): {books_html(ranks)}</td>'
            "</tr>"
        )
    stock = card_html(None, size=size) if stock_size else ""
    footer_html = (
        f'<div style="{_TEXT}margin-top:4px;">Stock ({stock_size}) {stock} &nbsp; '
        f"{html.escape(footer)}</div>"
    )
    table = f'<table style="border-collapse:collapse;">{"".join(rows)}</table>'
    return f'<div class="cardlib-gofish-game">{table}{footer_html}</div>'


def books_and_stock_picture(view: GoFishView) -> str:
    """Books and cards per player as bars (out of 13 books, of the cards held), and the
    stock as a bar of the cards left: what a learner would rather look at than read.  All
    of it is public: any seat's view (``game.view(player)``) draws the same picture."""
    arguments.instance(view, GoFishView, "view")
    rows = []
    for p in view.players:
        held, books = view.hand_sizes[p], view.books[p]
        out = " (out)" if p in view.out else ""
        rows.append(
            f'<tr title="{html.escape(p)}: {held} cards held, {len(books)} books{out}">'
            f'<th style="text-align:left;white-space:nowrap;padding-right:6px">'
            f"{html.escape(p)}{out}</th>"
            f'<td style="white-space:nowrap"><span style="display:inline-block;width:{held * 5}px;'
            f'height:10px;background:#2c5aa0"></span> {held} held</td>'
            f'<td style="white-space:nowrap;padding-left:8px">'
            f"<b>{len(books)}</b> {books_html(books)}</td></tr>"
        )
    stock = view.stock_size
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
