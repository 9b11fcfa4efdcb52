"""Go Fish widgets: a sandbox for single requests, and a game against computer players.

Both are thin: the engine holds the state and decides every rule; the widgets only turn
choices and clicks into requests and show the engine's picture, narration and refusals.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import ipywidgets as w

from cardlib.cards import Card, Rank, standard_deck
from cardlib.catalogue import rules
from cardlib.errors import CardlibError, RuleViolation
from cardlib.game import Event
from cardlib.gofish.bot import simple_bot
from cardlib.gofish.engine import RULE_SETS, GoFishGame, GoFishMove, GoFishOptions
from cardlib.gofish.render import gofish_game_html
from cardlib.widgets.common import LearnerAgainstBots

_RANK_OPTIONS = [(str(r), str(r)) for r in Rank]
_CARD_OPTIONS = [
    (c.unicode, str(c)) for c in sorted(standard_deck(), key=lambda c: (c.rank, c.suit.letter))
]


@dataclass(frozen=True)
class Scenario:
    """A position to start the sandbox from: hands, books, the top of the stock, who asks."""

    hands: Mapping[str, Sequence[str]]
    stock: Sequence[str] = ()
    books: Mapping[str, Sequence[str]] = field(default_factory=dict)
    to_move: str | None = None

    def game(self, options: GoFishOptions) -> GoFishGame:
        return GoFishGame.from_position(
            list(self.hands),
            self.hands,
            books=self.books,
            stock=self.stock,
            to_move=self.to_move,
            options=options,
        )


#: The article's section 3 in one position: Lin's 8 (An holds two 8s, Mei the fourth), his
#: queen (the ♥Q lies on top of the stock) and his 9 and 5 (the ♥5 lies under the ♥Q).
ARTICLE_SCENARIO = Scenario(
    hands={
        "Lin": ["8S", "QS", "9S", "5S"],
        "An": ["8H", "8D", "3D"],
        "Mei": ["8C", "6H", "JD"],
    },
    stock=["QH", "5H"],
    to_move="Lin",
)


def _refusal(v: RuleViolation) -> str:
    return (
        f"<p><b>Refused: {html.escape(v.rule)}</b> ({html.escape(rules[v.rule].title)}): "
        f"{html.escape(v.message)}</p>"
    )


def _cards_text(cards: Sequence[Card]) -> str:
    return ", ".join(str(c) for c in cards) if cards else "nothing"


def _handed_and_drawn(event: Event) -> tuple[list[Card], Card | None]:
    """What a request moved, read from its facts: the cards handed over, the card fished."""
    handed = sorted(c for f in event.of("hand-over") for c in f.cards)
    drawn = next((f.cards[0] for f in event.of("fish")), None)
    return handed, drawn


def _plain(widget_html: str) -> str:
    """The text a learner reads in a piece of the widget's HTML."""
    text = re.sub(r"<(br|/p|/li|/h\d|/tr)>", "\n", widget_html)
    lines = (" ".join(html.unescape(re.sub(r"<[^>]+>", " ", x)).split()) for x in text.split("\n"))
    return "\n".join(x for x in lines if x)


def _failure(exc: Exception) -> str:
    """How a widget shows what went wrong when it is not a refusal by the rules."""
    return f"<p><b>That did not work:</b> {html.escape(str(exc) or type(exc).__name__)}</p>"


def _never_raises(status: w.HTML, action: Callable[[], object]) -> Callable[[object], None]:
    """A click (or change) handler that runs ``action`` and never lets an exception escape:
    whatever goes wrong is shown in ``status``, in words."""

    def handler(_event: object) -> None:
        try:
            action()
        except Exception as exc:  # a handler's exception would only reach Jupyter's log
            status.value = _failure(exc)

    return handler


def _next_words(game: GoFishGame) -> str:
    if game.is_over:
        winners = game.winners()
        books = ", ".join(f"{p} {k}" for p, k in game.book_counts().items())
        who = winners[0] + " wins" if len(winners) == 1 else " and ".join(winners) + " tie"
        return f"the game is over ({game.ended_by}); {who} (GF-WIN); books: {books}"
    return f"{game.to_move} to ask: {game.turn_reason}"


class AskSandbox(w.VBox):
    """Make single requests on a scenario position and see what each rule does with them.

    Whoever's turn it is asks; choose whom to ask and for what, then click Ask.  Reset
    goes back to the scenario; changing the rule set resets too.
    """

    def __init__(
        self,
        scenario: Scenario = ARTICLE_SCENARIO,
        *,
        rule_set: str = "pagat",
        specific_card: bool = False,
    ) -> None:
        self.scenario = scenario
        self.specific_card = specific_card
        players = list(scenario.hands)
        self.rule_set = w.Dropdown(options=list(RULE_SETS), value=rule_set, description="Rule set")
        self.target = w.Dropdown(options=players, description="Ask")
        self.what = w.Dropdown(
            options=_CARD_OPTIONS if specific_card else _RANK_OPTIONS,
            description="for the card" if specific_card else "for",
            layout=w.Layout(width="190px"),
        )
        self.ask_button = w.Button(description="Ask", button_style="primary")
        self.reset_button = w.Button(description="Reset")
        self.asker = w.HTML()
        self.table = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        self.ask_button.on_click(_never_raises(self.status, self.ask))
        self.reset_button.on_click(_never_raises(self.status, self.reset))
        self.rule_set.observe(_never_raises(self.status, self.reset), names="value")
        controls = w.HBox([self.asker, self.target, self.what, self.ask_button, self.reset_button])
        super().__init__([self.rule_set, self.table, controls, self.status])
        self.add_class("cardlib-gofish-sandbox")
        self.reset()

    @property
    def options(self) -> GoFishOptions:
        return GoFishOptions(rule_set=self.rule_set.value, specific_card=self.specific_card)

    def reset(self) -> None:
        self.game = self.scenario.game(self.options)
        self.status.value = (
            f"<p><b>{html.escape(_next_words(self.game))}.</b> Choose whom to ask and for what, "
            "then click Ask.</p>"
        )
        self._refresh()

    @property
    def text(self) -> str:
        """What the sandbox shows under the table, as plain text."""
        return _plain(self.status.value)

    def ask(self) -> bool:
        """Make the request chosen in the dropdowns; True if the rules allowed it.

        A refusal is shown with its rule, and the position is unchanged.
        """
        game = self.game
        try:
            move = GoFishMove.ask(self.target.value, self.what.value)
            event = game.play(move, player=game.to_move)
        except RuleViolation as v:
            self.status.value = _refusal(v)
            return False
        except CardlibError as e:
            self.status.value = _failure(e)
            return False
        handed, drawn = _handed_and_drawn(event)
        given = event.of("hand-over") or event.of("ask")
        give_rule = given[0].rules[0] if given and given[0].rules else "GF-GIVE-ALL"
        lines = [
            f"Handed over: {_cards_text(handed)} ({give_rule})",
            f"Drawn from the stock: {drawn if drawn else 'nothing'}"
            + (" (GF-GO-FISH)" if drawn else ""),
            f"Next: {_next_words(game)}",
        ]
        items = "".join(f"<li>{html.escape(x)}</li>" for x in lines)
        self.status.value = (
            f"<p><b>{html.escape(event.player)} asks {html.escape(str(move.target))} for "
            f"{html.escape(self._what_words(move))}.</b></p><ul>{items}</ul>"
            f"<p><small>{html.escape(str(event))}</small></p>"
        )
        self._refresh()
        return True

    @staticmethod
    def _what_words(move: GoFishMove) -> str:
        return str(move.card) if move.card is not None else f"{move.rank}s"

    def _refresh(self) -> None:
        self.table.value = gofish_game_html(self.game)
        who = self.game.to_move
        self.asker.value = f"<b>{html.escape(who)}</b>:" if who else "<b>nobody</b>:"
        self.ask_button.disabled = self.game.is_over


class GoFishTable(LearnerAgainstBots, w.VBox):
    """A game of Go Fish: the learner against computer players (:func:`simple_bot`).

    Choose the rule set, click New game; on your turn choose a player and a rank you hold
    and click Ask.  The computer players answer at once; their requests are narrated.
    """

    bot = staticmethod(simple_bot)

    def __init__(
        self,
        opponents: Sequence[str] = ("Bot 1", "Bot 2"),
        *,
        seed: int = 1,
        rule_set: str = "pagat",
        you: str = "Learner",
    ) -> None:
        self.you = you
        self.players = (you, *opponents)
        self.seed = seed
        self.rule_set = w.Dropdown(options=list(RULE_SETS), value=rule_set, description="Rule set")
        self.new_button = w.Button(description="New game")
        self.target = w.Dropdown(options=list(opponents), description="Ask")
        self.rank = w.Dropdown(options=[], description="for", layout=w.Layout(width="160px"))
        self.ask_button = w.Button(description="Ask", button_style="primary")
        self.table = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        self.new_button.on_click(_never_raises(self.status, lambda: self.new_game(self.seed + 1)))
        self.ask_button.on_click(_never_raises(self.status, self.ask))
        super().__init__(
            [
                w.HBox([self.rule_set, self.new_button]),
                self.table,
                w.HBox([self.target, self.rank, self.ask_button]),
                self.status,
            ]
        )
        self.add_class("cardlib-gofish-table")
        self.new_game(seed)

    def new_game(self, seed: int) -> None:
        self.seed = seed
        self.game = GoFishGame(
            self.players, options=GoFishOptions(rule_set=self.rule_set.value), seed=seed
        )
        self._rng = random.Random(seed)
        self.messages = [f"A new game ({self.rule_set.value}, seed {seed})."]
        self.messages += self.game.setup_log
        self._bots_play()
        self._refresh()

    @property
    def text(self) -> str:
        """What the table shows under the cards, as plain text: the situation, then the news."""
        return _plain(self.status.value)

    def ask(self) -> bool:
        """Make the learner's request; a refusal is shown with its rule. True if it was made."""
        if self.rank.value is None:
            self.messages = ["You hold no cards to ask with."]
            self._refresh()
            return False
        try:
            move = GoFishMove.ask(self.target.value, self.rank.value)
        except CardlibError as e:
            self.messages = [f"That is not a request: {e}"]
            self._refresh()
            return False
        return self._learner_plays(move)

    def _refresh(self) -> None:
        game = self.game
        self.table.value = gofish_game_html(game, hidden=self.players[1:])
        held = sorted({c.rank for c in game.hand(self.you)})
        keep = self.rank.value
        self.rank.options = [(str(r), str(r)) for r in held]
        if keep in [str(r) for r in held]:
            self.rank.value = keep
        asked = [p for p in self.players[1:] if p != self.you and not game.is_out(p)]
        self.target.options = asked or list(self.players[1:])
        self.ask_button.disabled = game.is_over or game.to_move != self.you
        books = ", ".join(f"{p} {k}" for p, k in game.book_counts().items())
        if game.is_over:
            words = _next_words(game)  # not .capitalize(): it would lowercase the names
            head = words[:1].upper() + words[1:] + "."
        else:
            head = f"Your turn ({game.turn_reason}): ask a player for a rank you hold."
        log = "".join(f"<li>{html.escape(m)}</li>" for m in self.messages[-12:])
        self.status.value = (
            f"<p><b>{html.escape(head)}</b></p><p>Books: {html.escape(books)}. "
            f"Stock: {game.stock_size}.</p><ul>{log}</ul>"
        )
