"""Rook widgets: an auction panel, a trick trainer on the article's hand, and a full hand
against computer players.

The cards are the controls (:mod:`cardlib.widgets.controls`): the learner clicks a card of
their hand to play it (or, at the nest, to choose it for laying aside), a bid chip to bid
that amount, a colour to name trump.  Every choice stays clickable whether or not the rules
allow it now: the engine makes the move or refuses it, and the refusal names the rule, the
reason and what would be legal instead.  Each widget stands on a
:class:`~cardlib.widgets.session.TableSession` (undo, restart, a new deal by number, save as
a worked example) and has a ``.text`` property: what it shows, as plain text.  No click
lets an exception escape.  A card is offered in words with its notation beside it ("play
the yellow 5 (play Y5)").

The table and the trick trainer show what the learner's seat may know and nothing else:
they are drawn from ``hand.view(you)`` (the others' cards and the nest as backs) and tell
each move as the learner's seat is told it (the nest a computer player picks up and the
cards it lays aside stay its own).  With the last trick the nest is turned up
(ROOK-NEST-LAST) and every card has been played: the table then shows the nest and tells
the whole hand.  The bidding panel's learner plays every seat and is told everything.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable, Sequence

from cardlib import arguments
from cardlib.catalogue import rules
from cardlib.errors import NotationError
from cardlib.game import Event
from cardlib.rook.article import article_bot, article_card, article_deal, article_play
from cardlib.rook.bot import simple_bot
from cardlib.rook.cards import ROOK, Colour, RookCard, counters
from cardlib.rook.hand import RookHand
from cardlib.rook.moves import BID_STEP, KINDS, MAX_BID, MIN_BID, NEST_SIZE, RookMove
from cardlib.rook.render import COLOURS, rook_hand_html, rook_view_html, summary_picture
from cardlib.rook.seats import RookOptions, team_of_seat
from cardlib.rook.tricks import trick_winner
from cardlib.rook.view import RookView
from cardlib.widgets import ipywidgets as w
from cardlib.widgets.controls import CardButton, chip
from cardlib.widgets.session import Refusal, TableSession, check_seed, move_words
from cardlib.widgets.table import SessionControls, status_html, status_text


def _auction_words(view: RookView) -> str:
    """Whose turn in the auction, or how it ended (the view of the player to move, whose
    bids and pass it lists)."""
    if view.thrown_in:
        return "All four passed: the cards are thrown in and the same dealer deals again (ROOK-ALL-PASS)."
    if view.phase == "bid":
        bids = [m.amount for m in view.legal_moves() if m.kind == "bid"]
        low = (
            (f"bid {bids[0]} to {bids[-1]}" if len(bids) > 1 else f"bid {bids[0]}")
            if bids
            else "no bid is left"
        )
        may_pass = any(m.kind == "pass" for m in view.legal_moves())
        options = (
            f"{low}, or pass" if may_pass else f"{low} (passing is not allowed: ROOK-ALL-PASS)"
        )
        stand = f"; the bid stands at {view.high_bid}" if view.high_bid is not None else ""
        return f"{view.to_move} to bid{stand}: {options}."
    assert view.bidder is not None
    team = team_of_seat(view.players.index(view.bidder))
    return (
        f"{view.bidder} won the auction at {view.bid}: {team.label} must take at least "
        f"{view.bid} in counters (ROOK-BID-WIN)."
    )


def _trick_words(view: RookView) -> str:
    """The trick in progress: its cards so far, who is winning it and its counters."""
    plays = view.current_trick
    number = len(view.tricks) + 1
    if not plays:
        return f"Trick {number}: {view.to_move} to lead."
    assert view.trump is not None
    cards = [c for _p, c in plays]
    leader_now = plays[trick_winner(cards, view.trump)]
    so_far = ", ".join(f"{p} {c}" for p, c in plays)
    return (
        f"Trick {number} so far: {so_far}; {leader_now[0]} is winning with {leader_now[1]}, "
        f"counters {counters(cards)}; {view.to_move} to play."
    )


#: every amount a bid chip offers: the legal range, so a too-low bid can be tried and refused
AMOUNTS: tuple[int, ...] = tuple(range(MIN_BID, MAX_BID + 1, BID_STEP))


# -- words --------------------------------------------------------------------------

_OPTIONS_REPR = re.compile(r"RookOptions\([^)]*\)")


def learner_words(text: str) -> str:
    """An engine message in a learner's words: no Python shown (``RookOptions(...)``
    becomes the house rule it stands for)."""
    return _OPTIONS_REPR.sub(
        "a house rule for four passes (the same dealer deals again, or the dealer's team "
        "takes the contract at 70)",
        text,
    )


_KIND_WORDS = {
    "bid": "a bid",
    "pass": "a pass",
    "lay aside": "laying five cards aside",
    "trump": "naming trump",
    "play": "playing a card",
}


def _instead(
    view: RookView,
    legal: Sequence[RookMove],
    learner_to_move: bool,
    kinds: frozenset[str] = frozenset(KINDS),
) -> tuple[str, ...]:
    """What would be legal instead, said shortly (a range of bids, "any five cards", the
    cards in words with their notation), of the kinds of move the widget has controls for:
    a widget never suggests a move it cannot make.  ``view`` is the mover's."""
    next_kinds = ["lay aside"] if view.phase == "nest" and learner_to_move else []
    next_kinds += [k for k in dict.fromkeys(m.kind for m in legal) if k not in next_kinds]
    if next_kinds and not set(next_kinds) & kinds:
        coming = " or ".join(_KIND_WORDS[k] for k in next_kinds)
        return (f"none with these controls: what comes next is {coming}",)
    legal = [m for m in legal if m.kind in kinds]
    if view.phase == "nest" and learner_to_move and "lay aside" in kinds:
        return (f"lay aside any {NEST_SIZE} of the {len(view.hand)} cards held",)
    if not legal:
        return ()
    if view.phase == "bid":
        bids = [m.amount for m in legal if m.kind == "bid"]
        out = (
            [f"bid {bids[0]} to {bids[-1]}" if len(bids) > 1 else f"bid {bids[0]}"] if bids else []
        )
        return tuple(out + ["pass"] * any(m.kind == "pass" for m in legal))
    return tuple(move_words(m) for m in legal)


def _said(event: Event) -> str:
    return f"{event.text} [{', '.join(event.rules)}]"


def rook_face(card: RookCard) -> tuple[str, str, str, str]:
    """A Rook card's button face, as :func:`~cardlib.rook.render.rook_card_html` draws the
    card: (label ``"12\\ngreen"``, the number over the colour and a counter's points;
    accessible name ``"G12: green 12"``; ink; paper)."""
    pts = f", {card.points} points" if card.points else ""
    shown = f"\n{card.points} pts" if card.points else ""
    if card is ROOK:
        return f"Rook\nbird{shown}", f"Rook: the bird{pts}", "#ffffff", "#1b1b1b"
    assert card.colour is not None
    ink, paper = COLOURS[card.colour]
    name = f"{card}: {card.colour.word} {card.number}{pts}"
    return f"{card.number}\n{card.colour.word}{shown}", name, ink, paper


def rook_card_button(card: RookCard) -> CardButton:
    """The button of one Rook card, drawn as the card pictures are: the number over the
    colour's name (and a counter's points) in its ink, on a tint of it, edged in the ink."""
    label, name, ink, paper = rook_face(card)
    edge = "#1b1b1b" if card is ROOK else ink
    b = CardButton(label, name=name, value=card, colour=ink, border=f"2px solid {edge}")
    b.style.button_color = paper
    b.style.font_size, b.style.font_weight = "10px", "normal"  # the number larger: see STYLE
    b.add_class("cardlib-rook-card")
    return b


def colour_chip(colour: Colour) -> CardButton:
    b = chip(colour.word.capitalize(), value=colour, name=f"trump {colour.word}")
    ink, paper = COLOURS[colour]
    b.style.text_color, b.style.button_color = ink, paper
    return b


# -- what the three widgets share -----------------------------------------------------


class _RookControls(SessionControls):
    """A Rook widget over a table session: moves are tried through :meth:`_try`."""

    session: TableSession
    #: the kinds of move this widget has controls for (what it may suggest instead)
    kinds: frozenset[str] = frozenset(KINDS)

    @property
    def hand(self) -> RookHand:
        """The hand being played (the session's game)."""
        hand: RookHand = self.session.game
        return hand

    def _seen(self) -> RookView:
        """What the learner may know now: the view of their (first) seat, or of the player to
        move when they play every seat."""
        return self.hand.view(self.session.mover)

    def _try(self, move: str | RookMove) -> bool:
        """The learner tries ``move``; a refusal is put in the learner's words. True if played."""
        s = self.session
        s.attempt(move)
        if s.refusal is not None:
            s.refusal = dataclasses.replace(
                s.refusal,
                reason=learner_words(s.refusal.reason),
                instead=_instead(self._seen(), self._legal(), s.learner_to_move, self.kinds),
            )
        return s.refusal is None and not s.problem

    def _refuse(self, rule: str, reason: str, tried: str) -> bool:
        """A refusal the widget itself gives (nothing chosen yet), in the one style."""
        s = self.session
        s.problem = ""
        instead = _instead(self._seen(), self._legal(), s.learner_to_move, self.kinds)
        s.refusal = Refusal(rule, rules[rule].title, reason, tried, instead)
        return False

    def _legal(self) -> Sequence[RookMove]:
        """The learner's legal moves now; at the nest none are listed (there are 2002)."""
        return () if self.hand.phase == "nest" else self.session.legal()

    def _since_learner(self, first: str = "") -> list[str]:
        """The narration since the learner's last move, as their seat is told it (with
        ``first`` before any move)."""
        steps, story = self.session.steps, self.session.story
        last = max((i for i, s in enumerate(steps) if s.by_learner), default=None)
        lines = [_said(e) for e in story[last or 0 :]]
        return lines if last is not None or not first else [first, *lines]

    def play(self, move: str | RookMove) -> bool:
        """Try a move in Rook notation for the learner; True if the rules allow it."""
        done = self._try(move)
        self._refresh()
        return done


class BiddingPanel(_RookControls, w.VBox):
    """The auction of one hand: the player whose turn it is bids or passes.

    Click a bid chip (70 to 120) to bid that amount, or **Pass**; the dropdown and **Bid**
    do the same.  Every amount stays clickable: a bid the rules refuse (not a raise, a
    fourth pass nobody agreed on, a bid after the auction) is shown with its rule, the
    engine's reason and what would be legal.  **Reset** starts the auction again.
    Starts on the article's deal (West deals, so North bids first).
    """

    kinds = frozenset({"bid", "pass"})

    def __init__(self, hand: RookHand | None = None) -> None:
        if hand is not None and not isinstance(hand, RookHand):
            raise NotationError(f"hand must be a RookHand or None, not {arguments.shown(hand)}")
        self.session = TableSession("rook", start=(hand or article_deal()).copy())
        self.bid_chips = {n: chip(str(n), value=n, name=f"bid {n}") for n in AMOUNTS}
        self.pass_button = chip("Pass", value="pass", name="pass")
        self.amount = w.Dropdown(
            options=[(str(n), n) for n in AMOUNTS],
            description="Bid",
            layout=w.Layout(width="160px"),
            style={"description_width": "40px"},
        )
        self.bid_button = w.Button(
            description="Bid", tooltip="bid the amount chosen", layout=w.Layout(width="auto")
        )
        for n, c in self.bid_chips.items():
            c.on_click(self.click(self._bidder(n)))
        self.pass_button.on_click(self.click(lambda: self._try("pass")))
        self.bid_button.on_click(self.click(lambda: self._bid_chosen()))
        self.bidder = w.HTML()
        self.table = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        controls = self.build_controls()
        self.restart_button.description = "Reset"
        self.restart_button.tooltip = "Start the auction again"
        self.reset_button = self.restart_button
        chips = w.HBox(
            [self.bidder, *self.bid_chips.values(), self.pass_button],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        chips.add_class("cardlib-rook-bids")
        form = w.HBox([self.amount, self.bid_button])
        super().__init__([self.table, chips, form, controls, self.status])
        self.add_class("cardlib-rook-bidding")
        self._refresh()

    def _bidder(self, amount: int) -> Callable[[], bool]:
        return lambda: self._try(f"bid {amount}")

    def reset(self) -> None:
        """The auction from the start again."""
        self.restart()

    def _bid_chosen(self) -> bool:
        """Bid the amount chosen in the dropdown (nothing chosen is said, not tried)."""
        if self.amount.value is None:
            return self._tell("Choose an amount to bid first: click a bid or use the Bid box.")
        return self._try(f"bid {self.amount.value}")

    def bid(self, amount: int | None = None) -> bool:
        """Bid ``amount`` (default: the amount chosen in the dropdown); True if allowed."""
        if amount is None:
            done = self._bid_chosen()
            self._refresh()
            return done
        return self.play(f"bid {amount}")

    def pass_(self) -> bool:
        """Pass; True if the rules allow it."""
        return self.play("pass")

    @property
    def auction(self) -> list[str]:
        """The auction so far, a move a line: ``North: bid 70``."""
        return [f"{e.player}: {e.move}" for e in self.hand.log if e.move.kind in ("bid", "pass")]

    @property
    def text(self) -> str:
        """What the panel shows, as plain text."""
        s = self.session
        return status_text(_auction_words(self._seen()), s.refusal, self._lines(), s.problem)

    def _lines(self) -> list[str]:
        return self.auction or ["no bids yet"]

    def _refresh(self) -> None:
        hand, s = self.hand, self.session
        legal = {m.amount for m in self._legal() if m.kind == "bid" and m.amount is not None}
        for n, c in self.bid_chips.items():
            c.mark(self.showing_legal and n in legal)
        self.pass_button.mark(self.showing_legal and "pass" in hand.legal_moves())
        if legal:
            self.amount.value = min(legal)
        who = hand.to_move if hand.phase == "bid" else "nobody"
        self.bidder.value = f"<b>{html.escape(str(who))}</b>:"
        self.undo_button.disabled = not s.can_undo
        self.table.value = rook_hand_html(hand)  # the learner plays every seat: all is theirs
        lines = [*self._lines(), *self.saved_line()]
        self.status.value = status_html(_auction_words(self._seen()), s.refusal, lines, s.problem)


class TrickTrainer(_RookControls, w.VBox):
    """Play one seat's cards in the article's hand; the other seats play as the article does.

    After North's exchange (green trump) the learner plays ``seat``'s cards by clicking
    them; the other seats' cards are backs, as that seat sees them.  A card the rules
    refuse is shown with its rule, the engine's reason and the cards that would be legal
    (in words, with their notation); every other card is played, and the trick so far, its
    winner and its counters are shown, with the counters per team and the tricks so far
    drawn beside.  If the learner leaves the article's play, a seat whose article card is
    no longer legal plays as :func:`simple_bot` would.  **Restart** deals the position
    again, **Undo** takes back the learner's last card.
    """

    kinds = frozenset({"play"})

    def __init__(self, seat: str = "East", *, seed: int = 1) -> None:
        start = article_play()
        if not isinstance(seat, str) or seat not in start.players:
            raise NotationError(
                f"{arguments.shown(seat)} is not a seat: choose {', '.join(start.players[:-1])} "
                f"or {start.players[-1]}"
            )
        check_seed(seed)
        self.seat = seat
        self.seed = seed
        self.session = TableSession(
            "rook", start=start, seed=seed, learners=[seat], bot=article_bot
        )
        self._buttons: dict[RookCard, CardButton] = {}
        self.cards = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.cards.add_class("cardlib-rook-cards")
        self.table = w.HTML()
        self.summary = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        title = w.HTML(f"<b>You play {html.escape(seat)}'s cards.</b> Click a card to play it.")
        controls = self.build_controls(deal=False)
        super().__init__([title, self.table, self.cards, controls, self.status, self.summary])
        self.add_class("cardlib-rook-trainer")
        self._refresh()

    def _card_button(self, card: RookCard) -> CardButton:
        b = self._buttons.get(card)
        if b is None:
            b = self._buttons[card] = rook_card_button(card)
            b.on_click(self.click(lambda: self._try(f"play {card}")))
        return b

    @property
    def buttons(self) -> list[CardButton]:
        """One button per card the learner holds (its ``value`` the card, ``G14``)."""
        return list(self.cards.children)

    def button(self, card: str) -> CardButton:
        """The button of one card (``"Y7"``)."""
        wanted = RookCard.parse(card)
        return next(b for b in self.buttons if b.value == wanted)

    def play(self, move: str | RookMove | RookCard) -> bool:
        """Play a card of the learner's seat (``"Y5"`` or ``"play Y5"``); True if allowed."""
        text = str(move)
        return super().play(text if text.startswith("play ") else f"play {text}")

    @property
    def messages(self) -> list[str]:
        return self._since_learner()

    @property
    def text(self) -> str:
        """What the trainer shows, as plain text."""
        s = self.session
        return status_text(self._headline(self._seen()), s.refusal, self.messages, s.problem)

    def _headline(self, view: RookView) -> str:
        if view.is_over:
            assert view.score is not None
            return f"The hand is over: {view.score.explain()}."
        held = " ".join(str(c) for c in view.hand)
        # the article's card for the learner's own seat, from the article's record of play
        hint = article_card(self.hand) if view.to_move == self.seat else None
        tip = f" (The article plays {hint.card} here.)" if hint else ""
        return f"{_trick_words(view)} You ({self.seat}) hold {held}.{tip}"

    def _refresh(self) -> None:
        s = self.session
        view = self._seen()  # all the trainer shows: what the learner's seat sees
        legal = {m.card for m in self._legal()} if view.phase == "play" else set()
        buttons = [self._card_button(c) for c in view.hand]
        for b in buttons:
            b.mark(self.showing_legal and b.value in legal)
        self.cards.children = buttons
        self.undo_button.disabled = not s.can_undo
        self.table.value = rook_view_html(view, controls=[self.seat])
        self.summary.value = summary_picture(view)
        lines = [*self.messages, *self.saved_line()]
        self.status.value = status_html(self._headline(view), s.refusal, lines, s.problem)


class RookTable(_RookControls, w.VBox):
    """A whole hand of Rook, from the auction to the score: the learner (South) with a
    computer partner (North) against two computer players (:func:`simple_bot`).

    Click a bid chip or **Pass**; if you win the auction, click five cards and **Lay
    aside**, then click a colour to name trump; then play a card by clicking it.  The
    computer players move at once; their moves are narrated as your seat is told them (a
    computer player's nest and the cards it lays aside stay its own until the hand is
    over), and the counters per team and the tricks so far are drawn beside the table.  **Undo**, **Restart**, **New deal** (the
    number in the Deal box: the same number deals the same cards), **Next deal** (the
    number after it) and **Save example** are below.
    ``options`` are the house rules (:class:`RookOptions`).
    """

    def __init__(
        self, *, seed: int = 1, you: str = "South", options: RookOptions | None = None
    ) -> None:
        check_seed(seed)
        if options is not None and not isinstance(options, RookOptions):
            raise NotationError(
                f"options must be RookOptions or None, not {arguments.shown(options)}"
            )
        self.you = you
        self.options = options or RookOptions()
        self.session = TableSession(
            "rook",
            deal=lambda s: RookHand(options=self.options, seed=s),
            seed=seed,
            learners=[you],
            bot=simple_bot,
        )
        self.chosen: list[RookCard] = []
        self.bid_chips = {n: chip(str(n), value=n, name=f"bid {n}") for n in AMOUNTS}
        self.pass_button = chip("Pass", value="pass", name="pass")
        for n, c in self.bid_chips.items():
            c.on_click(self.click(self._bidder(n)))
        self.pass_button.on_click(self.click(lambda: self._try("pass")))
        self.lay_aside_button = w.Button(
            description="Lay aside",
            tooltip="lay the chosen cards aside as the new nest",
            layout=w.Layout(width="auto"),
        )
        self.lay_aside_button.on_click(self.click(self._lay_aside))
        self.trump_buttons = {c: colour_chip(c) for c in Colour}
        for colour, b in self.trump_buttons.items():
            b.on_click(self.click(self._namer(colour)))
        self._buttons: dict[RookCard, CardButton] = {}
        self.controls = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.cards = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.cards.add_class("cardlib-rook-cards")
        self.table = w.HTML()
        self.summary = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        session_row = self.build_controls()
        super().__init__(
            [self.table, self.controls, self.cards, session_row, self.status, self.summary]
        )
        self.add_class("cardlib-rook-table")
        self._refresh()

    def _bidder(self, amount: int) -> Callable[[], bool]:
        return lambda: self._try(f"bid {amount}")

    def _namer(self, colour: Colour) -> Callable[[], bool]:
        return lambda: self._try(f"trump {colour.word}")

    def _card_button(self, card: RookCard) -> CardButton:
        b = self._buttons.get(card)
        if b is None:
            b = self._buttons[card] = rook_card_button(card)
            b.on_click(self.click(lambda: self._card_clicked(card)))
        return b

    def _card_clicked(self, card: RookCard) -> bool:
        """At the nest a click chooses the card (or unchooses it); otherwise it plays it."""
        hand = self.hand
        if hand.phase == "nest" and hand.to_move == self.you:
            if card in self.chosen:
                self.chosen.remove(card)
            else:
                self.chosen.append(card)
            self.session.refusal = None
            return True
        return self._try(f"play {card}")

    @property
    def seed(self) -> int:
        return self.session.seed

    def new_hand(self, seed: int) -> None:
        """Deal hand ``seed`` (the same number deals the same cards)."""
        self.new_deal(seed)

    def bid(self, amount: int | None = None) -> bool:
        """Bid ``amount`` (default: the lowest bid the rules allow now); True if allowed."""
        if amount is None:
            bids = [m.amount for m in self._legal() if m.kind == "bid"]
            amount = bids[0] if bids else (self.hand.high_bid or MIN_BID) + BID_STEP
        return self.play(f"bid {amount}")

    def choose(self, *cards: str | RookCard) -> None:
        """Choose cards for laying aside, as clicking them at the nest does."""
        for c in cards:
            self._card_clicked(RookCard.parse(str(c)))
        self._refresh()

    def _lay_aside(self) -> bool:
        if not self.chosen:
            return self._refuse(
                "ROOK-NEST-TAKE",
                f"no card is chosen: click {NEST_SIZE} of your cards, then Lay aside",
                "lay aside",
            )
        done = self._try("lay aside " + " ".join(map(str, self.chosen)))
        if done:
            self.chosen = []
        return done

    def lay_aside(self) -> bool:
        """Lay aside the cards chosen (five are needed); True if the rules allow it.  A
        refused lay-aside keeps the cards chosen."""
        done = self._lay_aside()
        self._refresh()
        return done

    @property
    def messages(self) -> list[str]:
        hand = self.session.first
        return self._since_learner(f"A new hand (seed {self.seed}); {hand.dealer} deals.")

    @property
    def text(self) -> str:
        """What the table's status shows, as plain text: the situation, then the latest moves."""
        s = self.session
        return status_text(self._headline(self._seen()), s.refusal, self.messages[-12:], s.problem)

    def _headline(self, view: RookView) -> str:
        if view.thrown_in:
            return _auction_words(view)
        if view.is_over:
            assert view.score is not None
            return (
                f"The hand is over: {view.score.explain()}. Click Next deal for another hand, "
                "or Restart to play this one again."
            )
        if view.phase == "bid":
            return f"Your turn: {_auction_words(view)}"
        if view.phase == "nest":
            n = len(self.chosen)
            return (
                f"You won the auction at {view.bid}. Choose five of your fourteen cards to lay "
                f"aside as the new nest ({n} chosen), then click Lay aside."
            )
        if view.phase == "trump":
            return "Name trump: click a colour."
        return f"Your turn. {_trick_words(view)}"

    def _refresh(self) -> None:
        s = self.session
        view = self._seen()  # all the table shows: what the learner's seat sees
        phase = view.phase
        held = view.hand
        nest = phase == "nest" and view.to_move == self.you
        self.chosen = [c for c in self.chosen if nest and c in held]
        show = self.showing_legal
        legal = self._legal()
        if phase == "bid":
            amounts = {m.amount for m in legal if m.kind == "bid"}
            for n, c in self.bid_chips.items():
                c.mark(show and n in amounts)
            self.pass_button.mark(show and any(m.kind == "pass" for m in legal))
            self.controls.children = [*self.bid_chips.values(), self.pass_button]
        elif phase == "nest":
            self.controls.children = [self.lay_aside_button]
        elif phase == "trump":
            for c in self.trump_buttons.values():
                c.mark(show and s.learner_to_move)
            self.controls.children = list(self.trump_buttons.values())
        else:
            self.controls.children = []
        playable = {m.card for m in legal} if phase == "play" else set()
        buttons = [self._card_button(c) for c in held]
        for b in buttons:
            b.select(b.value in self.chosen)
            b.mark(show and (nest or b.value in playable))
        self.cards.children = buttons
        self.undo_button.disabled = not s.can_undo
        self.table.value = rook_view_html(view, controls=[self.you])
        self.summary.value = summary_picture(view)
        lines = [*self.messages[-12:], *self.saved_line()]
        self.status.value = status_html(self._headline(view), s.refusal, lines, s.problem)
