"""Go Fish widgets: a sandbox for single requests, and a game against computer players.

The cards are the controls (:mod:`cardlib.widgets.controls`): the learner clicks a player
chip (whom to ask), then a card of the hand (to ask for its rank, or, in the specific-card
variation, for that very card) or a rank chip (any rank, held or not).  Every player and
every rank stays clickable, also yourself, a player who is out and a rank already booked:
the engine makes the request or refuses it, and the refusal names the rule, the reason and
what would be legal instead.  The dropdowns ``target`` and ``what`` (``rank`` at the
table) with the **Ask** button make the same requests, and after every move they offer a
request the rules allow (never one to the asker).  Each widget stands on a
:class:`~cardlib.widgets.session.TableSession` (undo, restart, a new deal by number, save
as a worked example) and draws the books and the stock per player beside the table.

The table against the computer shows what the learner's seat may know and nothing else:
it is drawn from ``game.view(you)`` (the others' hands as card backs) and tells each
request as the learner's seat is told it: a card a computer player fishes is "a card"
unless it is of the rank asked for and shown (GF-LUCKY-DRAW), and of cards handed over
between two others the table hears the rank and how many.  The sources show no hand when
the game ends (only the books count), so neither does the table.  The sandbox's learner
plays every seat and is told everything.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Sequence

from cardlib import arguments
from cardlib.cards import Card, Rank, standard_deck
from cardlib.catalogue import rules
from cardlib.errors import NotationError, RuleViolation
from cardlib.game import Event
from cardlib.gofish import narration as tell
from cardlib.gofish.article import ARTICLE_SCENARIO, Scenario
from cardlib.gofish.bot import simple_bot
from cardlib.gofish.engine import RULE_SETS, GoFishGame, GoFishMove, GoFishOptions
from cardlib.gofish.render import books_and_stock_picture, gofish_game_html, gofish_view_html
from cardlib.gofish.view import GoFishView
from cardlib.widgets import ipywidgets as w
from cardlib.widgets.controls import BLANK, STYLE, CardButton, card_button, chip, standard_face
from cardlib.widgets.session import Refusal, TableSession, check_seed
from cardlib.widgets.table import SessionControls, status_html, status_text

_RANK_OPTIONS = [(str(r), str(r)) for r in Rank]
_DECK = sorted(standard_deck(), key=lambda c: (c.rank, c.suit.letter))
_CARD_OPTIONS = [(c.unicode, str(c)) for c in _DECK]


# -- words --------------------------------------------------------------------------


def _cards_text(cards: Sequence[Card]) -> str:
    return ", ".join(str(c) for c in cards) if cards else "nothing"


def _next_words(view: GoFishView) -> str:
    """Who asks next and why, or who won: what the table says aloud (any seat's view)."""
    if view.is_over:
        winners = view.winners
        books = ", ".join(f"{p} {len(ranks)}" for p, ranks in view.books.items())
        who = winners[0] + " wins" if len(winners) == 1 else " and ".join(winners) + " tie"
        return f"the game is over ({view.legal_rule}); {who} (GF-WIN); books: {books}"
    return f"{view.to_move} to ask: {view.turn_reason}"


def _sentence(words: str) -> str:
    """A sentence from words: the first letter raised, nothing else (not ``.capitalize()``,
    which would lowercase the names and the rule IDs)."""
    return words[:1].upper() + words[1:] + "."


def _what_words(move: GoFishMove) -> str:
    return str(move.card) if move.card is not None else f"{move.rank}s"


def _or(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _instead(game: GoFishGame, legal: Sequence[GoFishMove]) -> tuple[str, ...]:
    """What would be legal instead, said shortly: whom to ask and for which ranks."""
    if not legal:
        return ()
    targets = list(dict.fromkeys(m.target for m in legal))
    ranks = sorted({m.rank for m in legal})
    rank_words = _or([str(r) for r in ranks])
    if game.options.specific_card:
        like = next(iter(legal))
        return (
            f"ask {_or(targets)} for one card of rank {rank_words} "
            f"(one you do not hold, like '{like}')",
        )
    return (f"ask {_or(targets)} for {rank_words}",)


def _event_lines(event: Event, view: GoFishView) -> list[str]:
    """What a request did, a line each: handed over, drawn, who asks next."""
    handed, give_rule = tell.handed_over(event)
    drawn = tell.fished(event)
    return [
        f"Handed over: {_cards_text(handed)} ({give_rule})",
        f"Drawn from the stock: {drawn if drawn else 'nothing'}"
        + (" (GF-GO-FISH)" if drawn else ""),
        f"Next: {_next_words(view)}",
    ]


def _said(event: Event) -> str:
    return f"{event.text} [{', '.join(event.rules)}]" if event.rules else str(event.text)


# -- what both widgets share ----------------------------------------------------------


class _GoFishControls(SessionControls):
    """A Go Fish widget over a table session: player chips choose whom to ask; a click on a
    card of the hand or on a rank (card) chip makes the request."""

    session: TableSession
    target: w.Dropdown
    players: tuple[str, ...]
    hand_box: w.HBox
    hand_buttons: list[CardButton]
    player_chips: dict[str, CardButton]
    rank_chips: list[CardButton]
    status: w.HTML
    summary: w.HTML
    #: the game and the number of moves the dropdowns last offered a request for
    _offered_for: tuple[GoFishGame, int] | None = None

    @property
    def game(self) -> GoFishGame:
        """The game being played (the session's game)."""
        game: GoFishGame = self.session.game
        return game

    @property
    def specific(self) -> bool:
        return self.game.options.specific_card

    def _what_dropdown(self) -> w.Dropdown:
        raise NotImplementedError

    def _request_dropdowns(self, specific: bool) -> tuple[w.Dropdown, w.Dropdown, w.Button]:
        """The request as dropdowns and a button, beside the clickable players and cards:
        whom to ask, for what (a rank, or a card at a specific-card table), and **Ask**."""
        target = w.Dropdown(options=list(self.players), description="Ask")
        what = w.Dropdown(
            options=_CARD_OPTIONS if specific else _RANK_OPTIONS,
            description="for the card" if specific else "for",
            layout=w.Layout(width="190px"),
        )
        ask = w.Button(
            description="Ask", button_style="primary", tooltip="ask as chosen in the dropdowns"
        )
        return target, what, ask

    def _build_choices(self, specific: bool) -> list[w.Widget]:
        """The player chips, the hand (filled in by ``_refresh``) and the rank (or card) chips."""
        self.player_chips = {p: chip(p, value=p, name=f"ask {p}") for p in self.players}
        for c in self.player_chips.values():
            c.on_click(self._chooser(c.value))
        self.hand_buttons = []
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("cardlib-gofish-hand")
        if specific:
            self.rank_chips = [
                chip(c.unicode, value=c, name=f"ask for {c}") for c in sorted(_DECK, key=_by_suit)
            ]
            for c in self.rank_chips:
                c.style.text_color = "#c0392b" if c.value.colour == "red" else "#1b1b1b"
        else:
            self.rank_chips = [chip(str(r), value=r, name=f"ask for {r}s") for r in Rank]
        for c in self.rank_chips:
            c.on_click(self.click(self._asker(c)))
        asking = w.HTML("<b>Ask</b>", layout=w.Layout(width="auto"))
        players = w.HBox(
            [asking, *self.player_chips.values()],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        players.add_class("cardlib-gofish-players")
        what = w.HTML(
            "<b>for</b>" if not specific else "<b>for the card</b>", layout=w.Layout(width="auto")
        )
        ranks = w.HBox(
            [what, *self.rank_chips], layout=w.Layout(flex_flow="row wrap", align_items="center")
        )
        ranks.add_class("cardlib-gofish-ranks")
        return [players, self.hand_box, ranks]

    def _chooser(self, player: str) -> Callable[[object], None]:
        """A player chip's click: choose whom to ask (the ``target`` dropdown redraws)."""

        def choose(_button: object = None) -> None:
            self.target.value = player

        return choose

    def _asker(self, button: CardButton) -> Callable[[], bool]:
        return lambda: self.ask_for(button.value)

    def ask_for(self, what: Card | Rank | str) -> bool:
        """Ask the chosen player (``target``) for ``what``: a card of the hand asks for its
        rank (or, in the specific-card variation, for that card); a rank chip for its rank.
        True if the rules allowed it."""
        if isinstance(what, Card) and not self.specific:
            what = what.rank
        if self.target.value is None:
            return self._tell("Choose whom to ask first: click a player.")
        if what is None:
            return self._tell(self._nothing_asked_for())
        dropdown = self._what_dropdown()
        if str(what) in [v for _label, v in dropdown.options]:
            dropdown.value = str(what)
        return self._try(f"ask {self.target.value} {what}")

    def _nothing_asked_for(self) -> str:
        what = "a card" if self.specific else "a rank"
        return f"Choose {what} to ask for first: click a card of the hand or a chip."

    def _ask_dropdowns(self) -> bool:
        """The request chosen in the dropdowns (nothing chosen is said, not tried)."""
        if self.target.value is None:
            return self._tell("Choose whom to ask first: click a player or use the Ask box.")
        what = self._what_dropdown().value
        if what is None:
            return self._tell(self._nothing_asked_for())
        return self._try(f"ask {self.target.value} {what}")

    def _offer_a_legal_request(self) -> None:
        """After a move, an undo or a new start (not after a refusal: the learner's choice
        stays), the dropdowns offer a request the rules allow, if theirs is not one: never
        a request to the asker, nor for a rank the asker does not hold."""
        s = self.session
        offered = self._offered_for
        if offered is not None and offered[0] is s.game and offered[1] == len(s.steps):
            return
        self._offered_for = (s.game, len(s.steps))
        legal = s.legal()
        chosen = f"ask {self.target.value} {self._what_dropdown().value}"
        if not legal or chosen in s.game.legal_moves():
            return
        first = legal[0]
        self.target.value = first.target
        self._what_dropdown().value = str(first.card if first.card is not None else first.rank)

    def _try(self, move: str) -> bool:
        """The learner tries ``move``; a refusal says shortly what is legal instead."""
        s = self.session
        s.attempt(move)
        if s.refusal is not None:
            s.refusal = dataclasses.replace(s.refusal, instead=_instead(self.game, s.legal()))
        return s.refusal is None and not s.problem

    def _refuse(self, v: RuleViolation, tried: str) -> None:
        """A refusal the widget itself passes on (a deal the rule set refuses)."""
        s = self.session
        s.problem = ""
        title = rules[v.rule].title if v.rule in rules else "not a move"
        s.refusal = Refusal(v.rule, title, v.message, tried, ())

    def _mover_hand(self) -> list[Card]:
        raise NotImplementedError

    def _hand_face_up(self) -> bool:
        return True

    def _sync_hand(self) -> None:
        """One button a card of the hand; buttons are reused, the spare ones hidden."""
        cards = self._mover_hand()
        while len(self.hand_buttons) < len(cards):
            b = card_button(cards[len(self.hand_buttons)])
            b.on_click(self.click(self._asker(b)))
            self.hand_buttons.append(b)
            self.hand_box.children = tuple(self.hand_buttons)
        for i, b in enumerate(self.hand_buttons):
            if i < len(cards):
                label, name, colour = standard_face(cards[i])
                b.value = cards[i]
                what = f"ask for {cards[i]}" if self.specific else f"ask for {cards[i].rank}s"
                b.show(label, name=f"{name}: {what}", colour=colour)
                b.layout.display = None
            else:  # hidden, and blank: the page keeps no face of a card held before
                b.show(BLANK, name="no card", face_up=False)
                b.layout.display = "none"

    def _mark(self) -> None:
        show = self.showing_legal
        legal = list(self.session.legal()) if show else []
        targets = {m.target for m in legal}
        chosen = [m for m in legal if m.target == self.target.value]
        ranks = {m.rank for m in chosen}
        cards = {m.card for m in chosen}
        for p, c in self.player_chips.items():
            c.select(p == self.target.value)
            c.mark(p in targets)
        for b in self.hand_buttons:
            b.mark(b.value in cards if self.specific else b.value.rank in ranks)
        for c in self.rank_chips:
            c.mark(c.value in cards if self.specific else c.value in ranks)


def _rule_set(rule_set: object) -> str:
    """``rule_set`` if it is one of Go Fish's rule sets."""
    if not isinstance(rule_set, str) or rule_set not in RULE_SETS:
        raise NotationError(
            f"{arguments.shown(rule_set)} is not a rule set: use {', '.join(map(repr, RULE_SETS))}"
        )
    return rule_set


def _by_suit(card: Card) -> tuple[str, Rank]:
    return (card.suit.letter, card.rank)


# -- the sandbox ------------------------------------------------------------------------


class AskSandbox(_GoFishControls, w.VBox):
    """Make single requests on a scenario position and see what each rule does with them.

    Whoever's turn it is asks: click whom to ask, then a card of the asker's hand or a rank
    (the dropdowns and **Ask** do the same).  **Reset** goes back to the scenario; changing
    the rule set resets too.  **Undo** takes back the last request.
    """

    def __init__(
        self,
        scenario: Scenario = ARTICLE_SCENARIO,
        *,
        rule_set: str = "pagat",
        specific_card: bool = False,
    ) -> None:
        if not isinstance(scenario, Scenario):
            raise NotationError(f"scenario must be a Scenario, not {arguments.shown(scenario)}")
        _rule_set(rule_set)
        arguments.flag(specific_card, "specific_card")
        self.scenario = scenario
        self.specific_card = specific_card
        self.players = tuple(scenario.hands)
        self.rule_set = w.Dropdown(options=list(RULE_SETS), value=rule_set, description="Rule set")
        self.session = TableSession("go-fish", start=scenario.game(self.options))
        self.target, self.what, self.ask_button = self._request_dropdowns(specific_card)
        self.asker = w.HTML()
        self.table = w.HTML()
        self.summary = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        choices = self._build_choices(specific_card)
        controls = self.build_controls(deal=False)
        self.restart_button.description = "Reset"
        self.restart_button.tooltip = "Back to the scenario's position"
        self.reset_button = self.restart_button
        self.ask_button.on_click(self.click(self.ask))
        self.rule_set.observe(self.click(self._rule_set_changed), names="value")
        self.target.observe(self.click(lambda: None), names="value")
        form = w.HBox([self.asker, self.target, self.what, self.ask_button])
        super().__init__(
            [
                self.rule_set,
                w.HBox([self.table, self.summary], layout=w.Layout(flex_flow="row wrap")),
                *choices,
                form,
                controls,
                self.status,
            ]
        )
        self.add_class("cardlib-gofish-sandbox")
        self._refresh()

    @property
    def options(self) -> GoFishOptions:
        return GoFishOptions(rule_set=self.rule_set.value, specific_card=self.specific_card)

    def _what_dropdown(self) -> w.Dropdown:
        return self.what

    def _rule_set_changed(self) -> None:
        """A rule set chosen: back to the scenario under it.  Nothing chosen (``None``)
        puts the dropdown back to the rule set in play, as the table does."""
        if self.rule_set.value not in RULE_SETS:
            self.rule_set.value = self.game.options.rule_set
            return
        if self.rule_set.value != self.game.options.rule_set:
            self.reset()

    def reset(self) -> None:
        """Back to the scenario (under the rule set chosen now)."""
        self.session.start = self.scenario.game(self.options)
        self.session.restart()
        self._refresh()

    def restart(self) -> None:
        self.reset()

    def ask(self) -> bool:
        """Make the request chosen in the dropdowns; True if the rules allowed it.

        A refusal is shown with its rule, and the position is unchanged.
        """
        done = self._ask_dropdowns()
        self._refresh()
        return done

    def _mover_hand(self) -> list[Card]:
        return self.game.hand(self.session.mover)

    def _seen(self) -> GoFishView:
        """The sandbox's learner plays every seat: the view of the one to ask shows all
        that the pictures and words need (the hands are drawn whole)."""
        return self.game.view(self.session.mover)

    def _headline_and_lines(self) -> tuple[str, list[str]]:
        view, steps = self._seen(), self.session.steps
        if self.session.refusal is not None:
            return _sentence(_next_words(view)), []
        if not steps:
            return _sentence(_next_words(view)), [
                "Click whom to ask, then a card of the hand or a rank to ask for it."
            ]
        last = steps[-1]
        move = GoFishMove.parse(last.move)
        head = f"{last.player} asks {move.target} for {_what_words(move)}."
        event = self.session.story[-1]  # every seat is the learner's: the whole event
        return head, [*_event_lines(event, view), str(event)]

    @property
    def text(self) -> str:
        """What the sandbox shows under the table, as plain text."""
        s = self.session
        head, lines = self._headline_and_lines()
        return status_text(head, s.refusal, lines, s.problem)

    def _refresh(self) -> None:
        game, s = self.game, self.session
        self._offer_a_legal_request()
        self.table.value = STYLE + gofish_game_html(game, controls=[self.session.mover])
        self.summary.value = books_and_stock_picture(self._seen())
        who = game.to_move
        self.asker.value = f"<b>{html.escape(who)}</b>:" if who else "<b>nobody</b>:"
        self._sync_hand()
        self._mark()
        self.undo_button.disabled = not s.can_undo
        head, lines = self._headline_and_lines()
        self.status.value = status_html(head, s.refusal, [*lines, *self.saved_line()], s.problem)


# -- the table --------------------------------------------------------------------------


class GoFishTable(_GoFishControls, w.VBox):
    """A game of Go Fish: the learner against computer players (:func:`simple_bot`).

    On your turn click whom to ask, then a card of your hand (or any rank chip).  The
    computer players answer at once; their requests are narrated as your seat hears them
    (what they fish stays theirs), and the table is drawn from your seat's view.  Changing
    the rule set
    deals the same deal number under the new rules; **New deal** deals the number shown,
    **Next deal** the number after it.
    """

    bot = staticmethod(simple_bot)

    def __init__(
        self,
        opponents: Sequence[str] = ("Bot 1", "Bot 2"),
        *,
        seed: int = 1,
        rule_set: str = "pagat",
        you: str = "Learner",
        specific_card: bool = False,
    ) -> None:
        you, *opponents = arguments.player_names((you, *arguments.sequence(opponents, "opponents")))
        check_seed(seed)
        _rule_set(rule_set)
        arguments.flag(specific_card, "specific_card")
        self.you = you
        self.players = (you, *opponents)
        self.specific_card = specific_card
        self._options = GoFishOptions(rule_set=rule_set, specific_card=specific_card)  # type: ignore[arg-type]
        self.rule_set = w.Dropdown(options=list(RULE_SETS), value=rule_set, description="Rule set")
        self.session = TableSession(
            "go-fish",
            deal=lambda s: GoFishGame(self.players, options=self._options, seed=s),
            seed=seed,
            learners=[you],
            bot=simple_bot,
        )
        self.target, self.rank, self.ask_button = self._request_dropdowns(specific_card)
        self.table = w.HTML()
        self.summary = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        choices = self._build_choices(specific_card)
        controls = self.build_controls()
        self.ask_button.on_click(self.click(self.ask))
        self.rule_set.observe(self.click(self._rule_set_changed), names="value")
        self.target.observe(self.click(lambda: None), names="value")
        self.target.value = opponents[0] if opponents else you
        super().__init__(
            [
                self.rule_set,
                w.HBox([self.table, self.summary], layout=w.Layout(flex_flow="row wrap")),
                *choices,
                w.HBox([self.target, self.rank, self.ask_button]),
                controls,
                self.status,
            ]
        )
        self.add_class("cardlib-gofish-table")
        self._refresh()

    @property
    def seed(self) -> int:
        return self.session.seed

    def _what_dropdown(self) -> w.Dropdown:
        return self.rank

    def _rule_set_changed(self) -> None:
        """The same deal number under the rule set chosen; a deal the rules refuse (too many
        players for Bicycle) is shown as a refusal and the game stays as it was."""
        if self.rule_set.value not in RULE_SETS:  # nothing chosen: the rule set in play
            self.rule_set.value = self.game.options.rule_set
            return
        if self.rule_set.value == self.game.options.rule_set:
            return
        options = GoFishOptions(rule_set=self.rule_set.value, specific_card=self.specific_card)
        try:
            GoFishGame(self.players, options=options, seed=self.session.seed)
        except RuleViolation as v:
            self._refuse(v, f"deal {self.session.seed} under {self.rule_set.value}")
            return
        self._options = options
        self.session.restart()

    def new_game(self, seed: int) -> None:
        """Deal game ``seed`` (the same number deals the same cards)."""
        self.new_deal(seed)

    def ask(self) -> bool:
        """Make the request chosen in the dropdowns; a refusal is shown with its rule.
        True if it was made."""
        done = self._ask_dropdowns()
        self._refresh()
        return done

    def _mover_hand(self) -> list[Card]:
        return list(self._seen().hand)

    def _seen(self) -> GoFishView:
        """What the learner's seat may know: all the table draws."""
        return self.game.view(self.you)

    @property
    def messages(self) -> list[str]:
        """The game's story as the learner's seat is told it: the deal, then every request
        (the learner's and the replies)."""
        start = f"A new game ({self.game.options.rule_set}, seed {self.seed})."
        return [start, *self.game.setup_log, *self.session.log]

    def _lines(self, view: GoFishView) -> list[str]:
        """The news: since the learner's last request (the deal before the first)."""
        steps, story = self.session.steps, self.session.story
        last = max((i for i, s in enumerate(steps) if s.by_learner), default=None)
        news = self.messages if last is None else [_said(e) for e in story[last:]]
        books = ", ".join(f"{p} {len(ranks)}" for p, ranks in view.books.items())
        return [f"Books: {books}. Stock: {view.stock_size}.", *news[-12:]]

    def _headline(self, view: GoFishView) -> str:
        if view.is_over:
            return _sentence(_next_words(view))
        what = "that very card" if self.specific else "its rank"
        return (
            f"Your turn ({view.turn_reason}): click a player, then a card of yours to ask "
            f"for {what}."
        )

    @property
    def text(self) -> str:
        """What the table shows under the cards, as plain text: the situation, then the news."""
        s, view = self.session, self._seen()
        return status_text(self._headline(view), s.refusal, self._lines(view), s.problem)

    def _refresh(self) -> None:
        game, s = self.game, self.session
        view = self._seen()
        self._offer_a_legal_request()
        self.table.value = STYLE + gofish_view_html(view, controls=[self.you])
        self.summary.value = books_and_stock_picture(view)
        self._sync_hand()
        self._mark()
        self.undo_button.disabled = not s.can_undo
        if self.rule_set.value != game.options.rule_set:  # a refused change: show the game's
            self.rule_set.value = game.options.rule_set
        lines = [*self._lines(view), *self.saved_line()]
        self.status.value = status_html(self._headline(view), s.refusal, lines, s.problem)


__all__ = ["ARTICLE_SCENARIO", "AskSandbox", "GoFishTable", "Scenario", "books_and_stock_picture"]
