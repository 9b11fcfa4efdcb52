"""HTML pictures of Rook: cards in their colours and the bird, hands, the nest, a trick, a table.

:func:`rook_hand_html` draws the whole hand; :func:`rook_view_html` and the pictures beside
it (:func:`summary_picture`) draw what one seat sees (a :class:`~cardlib.rook.view.RookView`),
which is all a learner's table shows.

The markup is deterministic (no ids, no timestamps) so notebooks can be checked by nbval.
Every function takes keyword-only options and returns a string.
"""

from __future__ import annotations

import html
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from cardlib.rook.cards import Colour, RookCard
from cardlib.rook.seats import team_of_seat

if TYPE_CHECKING:
    from cardlib.rook.hand import RookHand
    from cardlib.rook.tricks import Trick
    from cardlib.rook.view import RookView

#: (ink, paper) for each colour: the number is printed in the ink on a tint of it
COLOURS: dict[Colour, tuple[str, str]] = {
    Colour.RED: ("#c0392b", "#fdecea"),
    Colour.YELLOW: ("#9a7d0a", "#fff5c2"),
    Colour.BLACK: ("#1b1b1b", "#ececec"),
    Colour.GREEN: ("#1e8449", "#e6f5eb"),
}
_TEXT = "font-family:sans-serif;"
_CARD = (
    "display:inline-block;box-sizing:border-box;width:{w}px;height:{h}px;margin:2px;"
    "border:2px solid {ink};border-radius:6px;vertical-align:top;text-align:center;"
    "font-family:sans-serif;font-weight:bold;background:{paper};color:{ink};"
)
_BACK = (
    "display:inline-block;box-sizing:border-box;width:{w}px;height:{h}px;margin:2px;"
    "border:2px solid #5b2c06;border-radius:6px;vertical-align:top;"
    "background:repeating-linear-gradient(45deg,#8e4411 0 4px,#a85a1f 4px 8px);"
)


def rook_card_html(
    card: RookCard | None, *, face_up: bool = True, size: int = 44, highlight: bool = False
) -> str:
    """One card: its number in its colour (and the colour's name), the bird in black and
    white; a counter card shows its points (ROOK-COUNT).  ``None`` or ``face_up=False``
    draws a card back."""
    w, h = size, round(size * 1.4)
    ring = "box-shadow:0 0 0 3px #f1c40f;" if highlight else ""
    if card is None or not face_up:
        style = _BACK.format(w=w, h=h) + ring
        return f'<span class="cardlib-card cardlib-back" title="face-down card" style="{style}"></span>'
    big, small = round(size * 0.4), max(8, round(size * 0.22))
    line = f"display:block;font-size:{small}px;font-weight:normal;line-height:1.2;"
    points = f'<span style="{line}">{card.points} pts</span>' if card.points else ""
    if card.is_rook:
        style = _CARD.format(w=w, h=h, ink="#1b1b1b", paper="#1b1b1b") + "color:#ffffff;" + ring
        return (
            f'<span class="cardlib-card cardlib-rook-bird" title="Rook" style="{style}'
            f'font-size:{small + 2}px;line-height:{round(h / 2.2)}px;">Rook'
            f'<span style="{line}">bird</span>{points}</span>'
        )
    assert card.colour is not None
    ink, paper = COLOURS[card.colour]
    style = _CARD.format(w=w, h=h, ink=ink, paper=paper) + ring
    return (
        f'<span class="cardlib-card cardlib-rook-{card.colour.word}" title="{card}" '
        f'style="{style}font-size:{big}px;line-height:{round(h / 2.2)}px;">{card.number}'
        f'<span style="{line}">{card.colour.word}</span>{points}</span>'
    )


def rook_cards_html(
    cards: Sequence[RookCard], *, face_up: bool = True, size: int = 36, empty: str = "no cards"
) -> str:
    """A row of cards (a hand, the nest): face up, or as many card backs."""
    if not cards:
        return f'<span style="{_TEXT}color:#777;">{html.escape(empty)}</span>'
    return "".join(rook_card_html(c, face_up=face_up, size=size) for c in cards)


def nest_html(cards: Sequence[RookCard], *, face_up: bool = False, size: int = 36) -> str:
    """The nest: five cards in the middle, face down unless ``face_up``."""
    return (
        f'<span class="cardlib-rook-nest">'
        f"{rook_cards_html(cards, face_up=face_up, size=size, empty='empty')}</span>"
    )


def trick_html(
    plays: Sequence[tuple[str, RookCard]],
    *,
    winner: str | None = None,
    size: int = 44,
    caption: str = "",
) -> str:
    """A trick: each card with who played it, in play order; the winner's card ringed."""
    cells = "".join(
        f'<td style="{_TEXT}text-align:center;padding:0 4px;">'
        f"{rook_card_html(c, size=size, highlight=p == winner)}"
        f'<br><span style="font-size:12px;">{html.escape(p)}</span></td>'
        for p, c in plays
    )
    if not plays:
        cells = f'<td style="{_TEXT}color:#777;">no card played yet</td>'
    head = (
        f'<caption style="{_TEXT}text-align:left;">{html.escape(caption)}</caption>'
        if caption
        else ""
    )
    return (
        f'<table class="cardlib-rook-trick" style="border-collapse:collapse;display:inline-table;">'
        f"{head}<tr>{cells}</tr></table>"
    )


def finished_trick_html(trick: Trick, *, size: int = 36) -> str:
    """A finished trick with its number, winner and counters."""
    caption = f"Trick {trick.number}: {trick.winner} wins, counters {trick.counters}"
    plays = list(zip(trick.players, trick.cards, strict=True))
    return trick_html(plays, winner=trick.winner, size=size, caption=caption)


def rook_hand_html(
    hand: RookHand,
    *,
    hidden: Collection[str] = (),
    size: int = 36,
    controls: Collection[str] = (),
) -> str:
    """The whole table of one hand: each player's cards with seat and team, the nest, the
    contract and trump, the trick in progress (or the last one), counters and the score.

    Players named in ``hidden`` show their cards face down until the hand is over.  The
    cards of players named in ``controls`` are not drawn here: a widget draws them once,
    as the card buttons below the table.  (A seat's table is :func:`rook_view_html`.)
    """
    held: dict[str, Sequence[RookCard] | int] = {
        p: len(hand.hand_of(p)) if p in hidden and not hand.is_over else hand.hand_of(p)
        for p in hand.players
    }
    nest: Sequence[RookCard] | int = hand.nest if hand.is_over else len(hand.nest)
    return _table_html(hand.view(hand.players[0]), held, nest, size, controls)


def rook_view_html(view: RookView, *, size: int = 36, controls: Collection[str] = ()) -> str:
    """The table of one hand as one seat sees it (``hand.view(player)``): their own cards,
    every other hand as as many card backs, the nest face down unless this seat may know it
    (the bidder who laid it aside; everyone once it is turned up with the last trick), the
    contract, trump, the trick in progress (or the last one), counters and the score."""
    held: dict[str, Sequence[RookCard] | int] = {
        p: view.hand if p == view.player else view.hand_sizes[p] for p in view.players
    }
    nest: Sequence[RookCard] | int = view.nest if view.nest is not None else view.nest_size
    return _table_html(view, held, nest, size, controls)


def _table_html(
    view: RookView,
    held: Mapping[str, Sequence[RookCard] | int],
    nest: Sequence[RookCard] | int,
    size: int,
    controls: Collection[str],
) -> str:
    """The table from what is public in ``view`` (any seat's) and the cards given: each
    hand and the nest as the cards seen, or as how many backs."""
    from cardlib.rook.seats import Seat

    rows = []
    for seat, name in zip(Seat, view.players, strict=True):
        mark = " ▶" if name == view.to_move else ""
        cards = held[name]
        count = cards if isinstance(cards, int) else len(cards)
        noun = "card" if count == 1 else "cards"
        if name in controls and count:
            drawn = f'<span style="{_TEXT}color:#555;">{count} {noun}: the buttons below</span>'
        elif isinstance(cards, int):
            drawn = _backs(cards, size=size)
        else:
            drawn = rook_cards_html(cards, size=size)
        rows.append(
            "<tr>"
            f'<td style="{_TEXT}font-weight:bold;padding-right:8px;white-space:nowrap;">'
            f"{html.escape(name)}{mark}<br>"
            f'<span style="font-weight:normal;color:#555;font-size:12px;">{seat.word}, '
            f"{seat.team.value}</span></td>"
            f"<td>{drawn}</td></tr>"
        )
    facts = [f"{view.dealer} deals"]
    if view.bid is not None and view.bidder is not None:
        label = team_of_seat(view.players.index(view.bidder)).label
        facts.append(f"contract: {view.bidder} {view.bid} ({label})")
    elif view.high_bid is not None:
        facts.append(f"high bid {view.high_bid}")
    if view.trump is not None:
        ink, _paper = COLOURS[view.trump]
        facts.append(f'trump: <b style="color:{ink};">{view.trump.word}</b>')
    taken = view.counters
    facts.append(f"counters NS {taken['NS']}, EW {taken['EW']}")
    laid = (
        _backs(nest, size=size, empty="empty")
        if isinstance(nest, int)
        else rook_cards_html(nest, size=size, empty="empty")
    )
    count = nest if isinstance(nest, int) else len(nest)
    nest_row = (
        f'<div style="{_TEXT}margin-top:4px;">Nest ({count}): '
        f'<span class="cardlib-rook-nest">{laid}</span></div>'
    )
    if view.current_trick:
        trick = trick_html(view.current_trick, size=size, caption=f"Trick {len(view.tricks) + 1}")
    elif view.tricks:
        trick = finished_trick_html(view.tricks[-1], size=size)
    else:
        trick = ""
    state = html.escape(_state(view))
    return (
        '<div class="cardlib-rook-hand">'
        f'<table style="border-collapse:collapse;">{"".join(rows)}</table>{nest_row}'
        f'<div style="{_TEXT}margin-top:4px;">{"; ".join(facts)}.</div>'
        f'<div style="margin-top:4px;">{trick}</div>'
        f'<div style="{_TEXT}margin-top:4px;font-weight:bold;">{state}</div></div>'
    )


def _backs(count: int, *, size: int, empty: str = "no cards") -> str:
    """``count`` cards face down (nothing: ``empty``)."""
    if not count:
        return f'<span style="{_TEXT}color:#777;">{html.escape(empty)}</span>'
    return rook_card_html(None, size=size) * count


def _state(view: RookView) -> str:
    if view.thrown_in:
        return "All four passed: the cards are thrown in (house rule)."
    if view.is_over:
        assert view.score is not None
        return f"The hand is over: {view.score.explain()}."
    doing = {
        "bid": "to bid or pass",
        "nest": "to lay five cards aside",
        "trump": "to name trump",
        "play": "to lead" if not view.current_trick else "to play",
    }[view.phase]
    return f"{view.to_move} {doing}."


# -- pictures -----------------------------------------------------------------------


def counters_picture(view: RookView) -> str:
    """Counters per team as bars out of 120, with the contract marked on the bidders' bar
    (any seat's view: the counters taken are public)."""
    taken = view.counters
    team = (
        team_of_seat(view.players.index(view.bidder))
        if view.bidder is not None and view.bid is not None
        else None
    )
    rows = []
    for key, label in (("NS", "North-South"), ("EW", "East-West")):
        n = taken[key]
        mark = ""
        if team is not None and team.value == key:
            mark = (
                f'<span title="the contract: {view.bid}" style="position:absolute;left:'
                f'{view.bid}px;top:-2px;height:16px;border-left:2px dashed #c0392b"></span>'
            )
        rows.append(
            f'<tr title="{label}: {n} counters"><th style="text-align:left;white-space:nowrap;'
            f'padding-right:6px">{label}</th><td><span style="position:relative;display:inline-block;'
            f'width:120px;height:12px;background:#eee">'
            f'<span style="display:inline-block;width:{n}px;height:12px;background:#27ae60"></span>'
            f"{mark}</span></td><td><b>{n}</b></td></tr>"
        )
    return (
        '<table class="cardlib-rook-counters" style="border-collapse:collapse">'
        '<caption style="text-align:left">Counters taken (of 120)</caption>'
        + "".join(rows)
        + "</table>"
    )


def trick_history_picture(view: RookView, *, size: int = 36) -> str:
    """Every finished trick as a row of small cards, the winner's ringed, with its counters."""
    if not view.tricks:
        return '<p class="cardlib-rook-history" style="color:#777">No trick finished yet.</p>'
    rows = "".join(
        f'<tr><td style="white-space:nowrap;padding-right:6px">{t.number}</td><td>'
        + "".join(
            rook_card_html(c, size=size, highlight=p == t.winner)
            for p, c in zip(t.players, t.cards, strict=True)
        )
        + f'</td><td style="white-space:nowrap;padding-left:6px">{html.escape(t.winner)}, '
        f"{t.counters}</td></tr>"
        for t in view.tricks
    )
    return (
        '<table class="cardlib-rook-history" style="border-collapse:collapse">'
        '<caption style="text-align:left">Tricks so far (winner, counters)</caption>'
        f"{rows}</table>"
    )


def summary_picture(view: RookView) -> str:
    """The counters per team and the tricks so far, beside the table (any seat's view)."""
    return (
        '<div class="cardlib-rook-summary" style="display:flex;gap:24px;flex-wrap:wrap">'
        f"<div>{counters_picture(view)}</div><div>{trick_history_picture(view)}</div></div>"
    )
