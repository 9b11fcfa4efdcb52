"""Rook widgets: an auction panel, a trick trainer on the article's hand, and a full hand
against computer players.

All three are thin: the engine (:mod:`cardlib.rook`) holds the state and decides every
rule; the widgets turn clicks into moves in Rook notation and show the engine's picture,
narration and refusals.  Each has a ``.text`` property: what it shows, as plain text.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence

import ipywidgets as w

from cardlib.errors import RuleViolation
from cardlib.rook.cards import Colour, RookCard, counters
from cardlib.rook.engine import Event, RookHand, RookMove, simple_bot, trick_winner
from cardlib.rook.render import rook_hand_html
from cardlib.widgets.common import bots_play, refusal_text

#: The article's deal (section 4): each hand as dealt, and the nest.  West deals.
ARTICLE_DEAL: Mapping[str, Sequence[str]] = {
    "North": ["R14", "G6", "G11", "G13", "B10", "R5", "R6", "R7", "R11"],
    "East": ["G12", "B6", "R13", "B13", "Y7", "B8", "Y5", "R9", "G10"],
    "South": ["G8", "B12", "B14", "Y14", "R10", "Y12", "G14", "G7", "Y13"],
    "West": ["R8", "Y8", "G5", "R12", "Y11", "B9", "Y9", "Y6", "B7"],
}
ARTICLE_NEST: Sequence[str] = ["Y10", "B5", "Rook", "B11", "G9"]
#: North's exchange: the five cards laid aside as the new nest; North then names green.
ARTICLE_LAID_ASIDE: Sequence[str] = ["R6", "R7", "R11", "B11", "R5"]
#: The nine tricks as the article plays them, each in play order from its leader.
ARTICLE_TRICKS: Sequence[Sequence[tuple[str, str]]] = [
    [("North", "Y10"), ("East", "Y5"), ("South", "Y12"), ("West", "Y6")],
    [("South", "Y13"), ("West", "Y8"), ("North", "G6"), ("East", "Y7")],
    [("North", "G13"), ("East", "G12"), ("South", "G7"), ("West", "G5")],
    [("North", "B10"), ("East", "B6"), ("South", "B12"), ("West", "B9")],
    [("South", "B14"), ("West", "B7"), ("North", "B5"), ("East", "B13")],
    [("South", "Y14"), ("West", "Y9"), ("North", "G11"), ("East", "G10")],
    [("North", "G9"), ("East", "R13"), ("South", "G8"), ("West", "R12")],
    [("North", "R14"), ("East", "R9"), ("South", "R10"), ("West", "R8")],
    [("North", "Rook"), ("East", "B8"), ("South", "G14"), ("West", "Y11")],
]


def article_deal() -> RookHand:
    """The article's hand at the start of the auction (West deals, North bids first)."""
    return RookHand.from_position(ARTICLE_DEAL, ARTICLE_NEST)


def article_play() -> RookHand:
    """The article's hand after the auction (North 95) and the exchange, green trump."""
    held = {p: list(cs) for p, cs in ARTICLE_DEAL.items()}
    held["North"] = [c for c in [*held["North"], *ARTICLE_NEST] if c not in set(ARTICLE_LAID_ASIDE)]
    return RookHand.from_position(held, ARTICLE_LAID_ASIDE, bid=("North", 95), trump="green")


def _paragraphs(head: str, lines: Sequence[str], note: str = "") -> str:
    items = "".join(f"<li>{html.escape(x)}</li>" for x in lines)
    extra = f"<p>{html.escape(note)}</p>" if note else ""
    return f"<p><b>{html.escape(head)}</b></p>{extra}<ul>{items}</ul>"


def _plain(head: str, lines: Sequence[str], note: str = "") -> str:
    return "\n".join([head, *([note] if note else []), *(f"- {x}" for x in lines)])


def _auction_words(hand: RookHand) -> str:
    """Whose turn in the auction, or how it ended."""
    if hand.thrown_in:
        return "All four passed: the cards are thrown in and the same dealer deals again (ROOK-ALL-PASS)."
    if hand.phase == "bid":
        bids = [m.amount for m in hand.legal_moves() if m.kind == "bid"]
        low = f"bid {bids[0]} to {bids[-1]}" if bids else "no bid is left"
        may_pass = any(m.kind == "pass" for m in hand.legal_moves())
        options = (
            f"{low}, or pass" if may_pass else f"{low} (passing is not allowed: ROOK-ALL-PASS)"
        )
        stand = f"; the bid stands at {hand.high_bid}" if hand.high_bid is not None else ""
        return f"{hand.to_move} to bid{stand}: {options}."
    team = hand.bidders
    assert team is not None
    return (
        f"{hand.bidder} won the auction at {hand.bid}: {team.label} must take at least "
        f"{hand.bid} in counters (ROOK-BID-WIN)."
    )


def _trick_words(hand: RookHand) -> str:
    """The trick in progress: its cards so far, who is winning it and its counters."""
    plays = hand.current_trick
    number = len(hand.tricks) + 1
    if not plays:
        return f"Trick {number}: {hand.to_move} to lead."
    assert hand.trump is not None
    cards = [c for _p, c in plays]
    leader_now = plays[trick_winner(cards, hand.trump)]
    so_far = ", ".join(f"{p} {c}" for p, c in plays)
    return (
        f"Trick {number} so far: {so_far}; {leader_now[0]} is winning with {leader_now[1]}, "
        f"counters {counters(cards)}; {hand.to_move} to play."
    )


class BiddingPanel(w.VBox):
    """The auction of one hand: the player whose turn it is bids or passes.

    The dropdown offers only the legal bids; **Bid** and **Pass** make the move, and a
    move the rules refuse (a fourth pass nobody agreed on, a bid after the auction) is
    shown with its rule and the engine's reason.  **Reset** starts the auction again.
    Starts on the article's deal (West deals, so North bids first).
    """

    def __init__(self, hand: RookHand | None = None) -> None:
        self._start = (hand or article_deal()).copy()
        self.amount = w.Dropdown(options=[], description="Bid", layout=w.Layout(width="160px"))
        self.bid_button = w.Button(description="Bid", button_style="primary")
        self.pass_button = w.Button(description="Pass")
        self.reset_button = w.Button(description="Reset")
        self.bidder = w.HTML()
        self.table = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        self.bid_button.on_click(lambda _b: self.bid())
        self.pass_button.on_click(lambda _b: self.pass_())
        self.reset_button.on_click(lambda _b: self.reset())
        controls = w.HBox(
            [self.bidder, self.amount, self.bid_button, self.pass_button, self.reset_button]
        )
        super().__init__([self.table, controls, self.status])
        self.add_class("cardlib-rook-bidding")
        self.reset()

    def reset(self) -> None:
        self.hand = self._start.copy()
        self.refusal = ""
        self._refresh()

    def bid(self, amount: int | None = None) -> bool:
        """Bid ``amount`` (default: the amount chosen in the dropdown); True if allowed."""
        chosen = self.amount.value if amount is None else amount
        if chosen is None:  # the auction is over: let the engine say so
            chosen = (self.hand.bid or 70) + 5
        return self.play(f"bid {chosen}")

    def pass_(self) -> bool:
        """Pass; True if the rules allow it."""
        return self.play("pass")

    def play(self, move: str | RookMove) -> bool:
        """Make a move of the auction for the player whose turn it is; True if allowed."""
        who = self.hand.to_move or self.hand.players[0]
        try:
            self.hand.play(move, player=who)
        except RuleViolation as v:
            self.refusal = refusal_text(v)
            self._refresh()
            return False
        self.refusal = ""
        self._refresh()
        return True

    @property
    def auction(self) -> list[str]:
        """The auction so far, a move a line: ``North: bid 70``."""
        return [f"{e.player}: {e.move}" for e in self.hand.log if e.move.kind in ("bid", "pass")]

    @property
    def text(self) -> str:
        """What the panel shows, as plain text."""
        return _plain(_auction_words(self.hand), self._lines(), self.refusal)

    def _lines(self) -> list[str]:
        return self.auction or ["no bids yet"]

    def _refresh(self) -> None:
        hand = self.hand
        bids = [m.amount for m in hand.legal_moves() if m.kind == "bid"]
        self.amount.options = [(str(b), b) for b in bids]
        self.amount.value = bids[0] if bids else None
        bidding = hand.phase == "bid"
        self.bid_button.disabled = not bids
        self.pass_button.disabled = not bidding
        who = hand.to_move if bidding else "nobody"
        self.bidder.value = f"<b>{html.escape(str(who))}</b>:"
        self.table.value = rook_hand_html(hand)
        self.status.value = _paragraphs(_auction_words(hand), self._lines(), self.refusal)


class TrickTrainer(w.VBox):
    """Play one seat's cards in the article's hand; the other seats play as the article does.

    After North's exchange (green trump) the learner plays ``seat``'s cards by clicking
    them, one button per card held.  A card the rules refuse is shown with its rule and
    the engine's reason; every other card is played, and the trick so far, its winner and
    its counters are shown.  If the learner leaves the article's play, a seat whose
    article card is no longer legal plays as :func:`simple_bot` would.  **Restart** deals
    the position again.
    """

    def __init__(self, seat: str = "East", *, seed: int = 1) -> None:
        self.seat = seat
        self.seed = seed
        self.restart_button = w.Button(description="Restart")
        self.restart_button.on_click(lambda _b: self.restart())
        self.cards = w.HBox()
        self.table = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        title = w.HTML(f"<b>You play {html.escape(seat)}'s cards.</b> Click a card to play it.")
        super().__init__([title, self.table, self.cards, self.restart_button, self.status])
        self.add_class("cardlib-rook-trainer")
        self.restart()

    def restart(self) -> None:
        self.hand = article_play()
        if self.seat not in self.hand.players:
            raise ValueError(f"{self.seat!r} is not a seat: choose North, East, South or West")
        self._rng = random.Random(self.seed)
        self.refusal = ""
        self.messages: list[str] = []
        self._others_play()
        self._refresh()

    @property
    def buttons(self) -> list[w.Button]:
        """One button per card the learner holds, described by its notation (``G14``, ``Rook``)."""
        return list(self.cards.children)  # type: ignore[arg-type]

    def button(self, card: str) -> w.Button:
        """The button of one card (``"Y7"``)."""
        text = str(RookCard.parse(card))
        return next(b for b in self.buttons if b.description == text)

    def play(self, card: str | RookCard) -> bool:
        """Play a card of the learner's seat; True if the rules allow it."""
        try:
            event = self.hand.play(RookMove.parse(f"play {card}"), player=self.seat)
        except RuleViolation as v:
            self.refusal = refusal_text(v)
            self._refresh()
            return False
        self.refusal = ""
        self.messages = [_said(event)]
        self._others_play()
        self._refresh()
        return True

    def _article_card(self, player: str) -> RookMove | None:
        number = len(self.hand.tricks)
        if number >= len(ARTICLE_TRICKS):
            return None
        card = dict(ARTICLE_TRICKS[number]).get(player)
        move = RookMove.parse(f"play {card}")
        return move if move in self.hand.legal_moves() else None

    def _others_play(self) -> None:
        hand = self.hand
        while not hand.is_over and hand.to_move != self.seat:
            who = hand.to_move
            assert who is not None
            move = self._article_card(who) or simple_bot(hand, self._rng)
            self.messages.append(_said(hand.play(move, player=who)))

    @property
    def text(self) -> str:
        """What the trainer shows, as plain text."""
        return _plain(self._headline(), self.messages, self.refusal)

    def _headline(self) -> str:
        hand = self.hand
        if hand.is_over:
            assert hand.score is not None
            return f"The hand is over: {hand.score.explain()}."
        held = " ".join(str(c) for c in hand.hand_of(self.seat))
        hint = self._article_card(self.seat)
        tip = f" (The article plays {hint.card} here.)" if hint else ""
        return f"{_trick_words(hand)} You ({self.seat}) hold {held}.{tip}"

    def _refresh(self) -> None:
        hand = self.hand
        buttons = []
        for card in hand.hand_of(self.seat):
            b = w.Button(description=str(card), layout=w.Layout(width="64px"))
            b.on_click(lambda _b, c=card: self.play(c))
            b.disabled = hand.is_over
            buttons.append(b)
        self.cards.children = buttons
        self.table.value = rook_hand_html(hand)
        self.status.value = _paragraphs(self._headline(), self.messages, self.refusal)


def _said(event: Event) -> str:
    return f"{event.text} [{', '.join(event.rules)}]"


class RookTable(w.VBox):
    """A whole hand of Rook, from the auction to the score: the learner (South) with a
    computer partner (North) against two computer players (:func:`simple_bot`).

    Bid or pass; if you win the auction, choose five cards to lay aside and name trump;
    then play a card by clicking it.  The computer players move at once; their moves are
    narrated.  **New hand** deals again (the next seed).
    """

    def __init__(self, *, seed: int = 1, you: str = "South") -> None:
        self.you = you
        self.seed = seed
        self.new_button = w.Button(description="New hand")
        self.new_button.on_click(lambda _b: self.new_hand(self.seed + 1))
        self.amount = w.Dropdown(options=[], description="Bid", layout=w.Layout(width="160px"))
        self.bid_button = w.Button(description="Bid", button_style="primary")
        self.pass_button = w.Button(description="Pass")
        self.lay_aside_button = w.Button(description="Lay aside", button_style="primary")
        self.trump_buttons = {c: w.Button(description=c.word.capitalize()) for c in Colour}
        self.bid_button.on_click(lambda _b: self.play(f"bid {self.amount.value}"))
        self.pass_button.on_click(lambda _b: self.play("pass"))
        self.lay_aside_button.on_click(lambda _b: self.lay_aside())
        for colour, b in self.trump_buttons.items():
            b.on_click(lambda _b, c=colour: self.play(f"trump {c.word}"))
        self.controls = w.HBox()
        self.cards = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.table = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        super().__init__([self.table, self.controls, self.cards, self.new_button, self.status])
        self.add_class("cardlib-rook-table")
        self.new_hand(seed)

    def new_hand(self, seed: int) -> None:
        self.seed = seed
        self.hand = RookHand(seed=seed)
        self._rng = random.Random(seed)
        self.refusal = ""
        self.messages = [f"A new hand (seed {seed}); {self.hand.dealer} deals."]
        self._bots_play()
        self._refresh()

    def play(self, move: str | RookMove) -> bool:
        """Make the learner's move (Rook notation); True if the rules allow it."""
        try:
            event = self.hand.play(move, player=self.you)
        except RuleViolation as v:
            self.refusal = refusal_text(v)
            self._refresh()
            return False
        self.refusal = ""
        self.messages = [_said(event)]
        self._bots_play()
        self._refresh()
        return True

    def lay_aside(self) -> bool:
        """Lay aside the cards toggled on (five are needed)."""
        chosen = [b.description for b in self.cards.children if getattr(b, "value", False)]
        if not chosen:
            self.refusal = "Choose five cards to lay aside (click them), then click Lay aside."
            self._refresh()
            return False
        return self.play("lay aside " + " ".join(chosen))

    def _bots_play(self) -> None:
        self.messages += bots_play(self.hand, self.you, simple_bot, self._rng, _said)

    @property
    def text(self) -> str:
        """What the table's status shows, as plain text: the situation, then the latest moves."""
        return _plain(self._headline(), self.messages[-12:], self.refusal)

    def _headline(self) -> str:
        hand = self.hand
        if hand.thrown_in:
            return _auction_words(hand)
        if hand.is_over:
            assert hand.score is not None
            return f"The hand is over: {hand.score.explain()}. Click New hand to play again."
        if hand.phase == "bid":
            return f"Your turn: {_auction_words(hand)}"
        if hand.phase == "nest":
            return (
                f"You won the auction at {hand.bid}. Choose five of your fourteen cards to lay "
                "aside as the new nest, then click Lay aside."
            )
        if hand.phase == "trump":
            return "Name trump: click a colour."
        return f"Your turn. {_trick_words(hand)}"

    def _refresh(self) -> None:
        hand = self.hand
        phase = hand.phase
        self.amount.options = (
            [(str(m.amount), m.amount) for m in hand.legal_moves() if m.kind == "bid"]
            if phase == "bid"
            else []
        )
        if self.amount.options:  # ipywidgets 8 selects nothing by itself: bid None otherwise
            self.amount.index = 0
        if phase == "bid":
            self.controls.children = [self.amount, self.bid_button, self.pass_button]
            self.bid_button.disabled = not self.amount.options
        elif phase == "nest":
            self.controls.children = [self.lay_aside_button]
        elif phase == "trump":
            self.controls.children = list(self.trump_buttons.values())
        else:
            self.controls.children = []
        buttons: list[w.Widget] = []
        for card in hand.hand_of(self.you):
            if phase == "nest":
                buttons.append(w.ToggleButton(description=str(card), layout=w.Layout(width="64px")))
                continue
            b = w.Button(description=str(card), layout=w.Layout(width="64px"))
            b.disabled = phase != "play"
            b.on_click(lambda _b, c=card: self.play(f"play {c}"))
            buttons.append(b)
        self.cards.children = buttons
        hidden = [p for p in hand.players if p != self.you]
        self.table.value = rook_hand_html(hand, hidden=hidden)
        self.status.value = _paragraphs(self._headline(), self.messages[-12:], self.refusal)
