"""Go Fish: the rule sets ``pagat`` (the default), ``bicycle`` and ``gamerules``.

Every rule is enforced and every refusal is a :class:`RuleViolation` carrying its ID::

    >>> game = GoFishGame(["Ann", "Ben", "Cy"], seed=1)
    >>> game.stock_size                 # GF-DEAL: 52 - 3*5
    37
    >>> game.to_move                    # GF-FIRST: Cy deals, Ann sits on the dealer's left
    'Ann'
    >>> print(game.play("ask Cy A"))    # Ann holds AD and AS
    Ann asks Cy for As; Cy hands over AC (GF-GIVE-ALL); Ann asks again (GF-CATCH-AGAIN) [GF-GIVE-ALL, GF-CATCH-AGAIN]
    >>> print(game.play("ask Ben A").text)
    Ann asks Ben for As; Ben hands over AH (GF-GIVE-ALL); Ann shows all four As and lays the book aside (GF-BOOK); Ann asks again (GF-CATCH-AGAIN)
    >>> game.play("ask Ben K")
    Traceback (most recent call last):
    cardlib.errors.RuleViolation: GF-ASK-HOLD: Ann holds no Ks: you may only ask for a rank you hold (Ann holds 2, 9, 10)

A move is a request, written ``ask Ben 8`` (Ben, give me your 8s) or, in the specific-card
variation (GF-VAR-CARD), ``ask Ben 8H``.  Everything that follows without a choice -- the
cards handed over, the go-fish draw, books laid aside, an empty hand drawing or refilling,
the turn passing, the end -- happens inside :meth:`GoFishGame.play` and is told in the
returned :class:`cardlib.game.Event`, whose facts (:class:`cardlib.game.Fact`) say what
moved, in order, each with its rule (:mod:`cardlib.gofish.narration` lists the kinds).

The rules themselves are in :mod:`cardlib.gofish.rules`, one function a rule, with the
decisions we made where the sources leave a gap; this module keeps the game: the log,
and :meth:`GoFishGame.play`, which asks the request rules in order (the game's end, the
turn, the request: every refusal is its rule's) and then lets the rules of play do what
they say; the table (:class:`~cardlib.gofish.table.Table`) holds the cards and whose turn
it is.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from typing import ClassVar

from cardlib import arguments
from cardlib.arguments import flag
from cardlib.cards import Card, Rank, hand_order, seeded, standard_deck
from cardlib.catalogue import rule_of
from cardlib.errors import NotationError, RuleViolation
from cardlib.game import Event, Fact, Game, LegalMoves, Result
from cardlib.gofish import narration as tell
from cardlib.gofish import rules
from cardlib.gofish.moves import GoFishMove
from cardlib.gofish.options import RULE_SETS, GoFishOptions
from cardlib.gofish.position import cards_of, lay_out
from cardlib.gofish.rules import (
    NOBODY,
    REQUEST_RULES,
    Drawn,
    FirstAsker,
    GameOver,
    deal,
    deal_size,
    first_asker,
    gf_catch_again,
    gf_deck,
    gf_empty_draw,
    gf_end_all_books,
    gf_end_empty,
    gf_first,
    gf_give_all,
    gf_go_fish,
    gf_lucky_draw,
    gf_no_stock,
    gf_players,
    gf_var_refill,
    gf_win,
    lay_books,
    passed_to,
    refused_setup,
)
from cardlib.gofish.table import Table
from cardlib.gofish.view import GoFishView, view_of
from cardlib.refusal import Refusal

__all__ = ["RULE_SETS", "GoFishGame", "GoFishMove", "GoFishOptions", "deal_size"]


class GoFishGame:
    """One game of Go Fish.

    ``players`` are named in clockwise seat order; ``dealer`` defaults to the last, so the
    first named player is on the dealer's left.  The deal comes from ``deck`` (52 cards,
    top first) when given, otherwise from the standard pack shuffled with ``seed`` (a
    seeded sort by random keys: the same seed always gives the same deal, though not the
    order :func:`cardlib.cards.shuffled` gives).  Cards go one at a time clockwise from the
    dealer's left (GF-DEAL); the rest is the stock.  Under ``gamerules`` the first player
    is drawn at random from the same seed (GF-FIRST), unless ``first`` says who it was (an
    example can name the player chosen); under the other rule sets ``first`` can only be
    the dealer's left.  With ``record=False`` the game keeps
    no log of its events (for simulations); :attr:`last_event` is kept either way.
    """

    game: ClassVar[str] = "go-fish"

    def __init__(
        self,
        players: Sequence[str],
        *,
        dealer: str | None = None,
        options: GoFishOptions | Mapping[str, object] | None = None,
        seed: int | str | float | None = 0,
        deck: Sequence[Card | str] | None = None,
        first: str | None = None,
        record: bool = True,
    ) -> None:
        self._seat_players(players, dealer, options, seed, record)
        if first is not None:
            self._player(first)
        if deck is None:
            pack = self._shuffled_pack()
        else:
            pack = cards_of(deck, "deck")
            refused_setup(gf_deck(pack, whole=True))
        deal(self._table, pack, self.dealer)
        for name in self.players:  # GF-BOOK: a dealt book is laid aside before the first request
            for rank in lay_books(self._table, name, self._table.hands[name]):
                self.setup_log.append(tell.dealt_book(name, rank))
        self._table.turn = asker = first_asker(self._table, self.dealer, self._rng, first)
        if first is not None:  # an example's first player, who may ask first (GF-FIRST)
            refused_setup(gf_first(self._table, FirstAsker(first)))
        facts: list[Fact] = []
        self._give_turn(asker, "GF-FIRST", facts, narrate=False)
        self.setup_log += [str(f) for f in facts]

    def _shuffled_pack(self) -> list[Card]:
        """The pack in a uniform random order, from the seed: sorted by a random key a card."""
        pack = standard_deck()
        keys = [self._rng.random() for _ in pack]
        return [pack[i] for i in sorted(range(len(pack)), key=keys.__getitem__)]

    # -- construction ---------------------------------------------------------------

    def _seat_players(
        self,
        players: Sequence[str],
        dealer: str | None,
        options: GoFishOptions | Mapping[str, object] | None,
        seed: int | str | float | None,
        record: bool,
    ) -> None:
        names = arguments.player_names(players)
        refused_setup(gf_players(len(names)))
        self.players = names
        self.options = options = GoFishOptions.of(options)
        deal_size(options.rule_set, len(names))  # GF-DEAL: refused where no size is given
        self.dealer = names[-1] if dealer is None else self._player(dealer)
        self.seed = arguments.seed(seed)
        self._rng = seeded(seed)
        self._table = Table(names, options)
        #: True once the game is over
        self.is_over = False
        #: how many requests have been made (the legal-moves view lists once a position)
        self.moves_made = 0
        #: the requests of the position, listed once by :meth:`_legal` (after ``_listed_at``
        #: requests): the legal-moves view, ``make`` and the view all read the one listing
        self._listing: Sequence[GoFishMove] = ()
        self._listed_at = -1
        self.ended_by: str | None = None
        self._end_reason = ""
        self._record = flag(record, "record")
        self.log: list[Event] = []
        self.last_event: Event | None = None
        self.setup_log: list[str] = []

    @classmethod
    def from_position(
        cls,
        players: Sequence[str],
        hands: Mapping[str, Sequence[Card | str]],
        *,
        books: Mapping[str, Sequence[Rank | str | int]] | None = None,
        stock: Sequence[Card | str] = (),
        hand_sizes: Mapping[str, int] | None = None,
        to_move: str | None = None,
        dealer: str | None = None,
        options: GoFishOptions | Mapping[str, object] | None = None,
        seed: int | str | float | None = 0,
        record: bool = True,
    ) -> GoFishGame:
        """A game in mid-play, as an article describes it.

        ``hands[player]`` are the cards that player holds -- exactly those (a player left
        out holds nothing), unless ``hand_sizes[player]`` asks for more, in which case the
        hand is filled up from the unnamed cards (never so as to hold four of a rank).
        ``books[player]`` are the ranks of the books laid aside.  ``stock`` names the top of
        the stock, top first; every card named nowhere lies beneath it, shuffled with
        ``seed``.  So the 52 cards are all present exactly once, and the stock's size is
        whatever the hands and books leave.  Play resumes with ``to_move`` (default: as
        GF-FIRST says); a position that is already over by its rule set's end (an empty
        hand or stock under pagat) is over.
        """
        self = cls.__new__(cls)
        self._seat_players(players, dealer, options, seed, record)
        lay_out(self._table, self._player, hands, books, stock, hand_sizes, to_move, self._rng)
        table = self._table
        if to_move is not None:
            start = self._player(to_move)
        else:
            start = first_asker(table, self.dealer, self._rng)
        facts: list[Fact] = []
        if self.options.refill:
            for name in self.players:
                self._refill(name, facts)
        table.changed = self.players  # every hand is new: any may be empty (GF-END-EMPTY)
        if not self._game_ends(facts):
            rule = "GF-FIRST" if to_move is None else "GF-NEXT"
            self._give_turn(start, rule, facts, narrate=False)
        self.setup_log += [str(f) for f in facts]
        return self

    def copy(self) -> GoFishGame:
        """An independent copy: playing on it never changes this game."""
        new = object.__new__(GoFishGame)
        new.__dict__.update(self.__dict__)
        new._table = self._table.copy()
        new.log = self.log[:]
        new.setup_log = self.setup_log[:]
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        return new

    def __getstate__(self) -> dict[str, object]:
        """The game as pickled: without the listing held for its position (listed again
        when asked), so asking for the legal requests changes nothing that is kept."""
        state = dict(self.__dict__)
        state["_listing"], state["_listed_at"] = (), -1
        return state

    def __copy__(self) -> GoFishGame:
        return self.copy()

    def __deepcopy__(self, memo: object) -> GoFishGame:
        return self.copy()

    # -- the protocol shared by the engines (cardlib.game.Game) ----------------------

    @property
    def history(self) -> list[tuple[str, GoFishMove]]:
        """Every request so far: (player, move), in order (empty with ``record=False``)."""
        return [(e.player, e.move) for e in self.log]

    @property
    def to_move(self) -> str | None:
        """Whose turn it is, or None when the game is over."""
        return self._table.turn

    @property
    def turn_reason(self) -> str:
        """Why it is this player's turn, with the rule ID: ``"the turn passed to Ben (GF-NEXT)"``."""
        turn = self._table.turn
        if turn is None:
            return f"nobody's: {self._end_reason} ({self.ended_by})"
        return tell.turn_reason(turn, self.turn_rule, self.options.rule_set)

    @property
    def turn_rule(self) -> str:
        """The rule that gave the player to move the turn (GF-FIRST, GF-NEXT, GF-CATCH-AGAIN,
        GF-LUCKY-DRAW, GF-EMPTY-DRAW...), or once the game is over the rule that ended it."""
        return self.ended_by or self._table.turn_rule

    @property
    def legal_rule(self) -> str:
        """The rule that decides the legal requests now: the last of the request rules (the
        one a legal request passes last); once the game is over, the rule that ended it."""
        return self.end_rule if self.is_over else rule_of(REQUEST_RULES[-1])

    @property
    def end_rule(self) -> str:
        """The rule that ended the game, or that will end it under this rule set."""
        if self.ended_by:
            return self.ended_by
        return "GF-END-ALL-BOOKS" if self.options.plays_on else "GF-END-EMPTY"

    @property
    def out_rule(self) -> str:
        """The rule that puts a player with no cards and no stock out of the game."""
        return "GF-EMPTY-DRAW" if self.options.rule_set == "bicycle" else "GF-NO-STOCK"

    def legal_moves(self) -> LegalMoves[GoFishMove]:
        """The legal requests now, as a live view (``"ask Ben 8" in game.legal_moves()``)."""
        return LegalMoves(self)

    @staticmethod
    def parse_move(text: str | GoFishMove) -> GoFishMove:
        """``"ask Ben 8"`` as a :class:`GoFishMove`; raises :class:`NotationError`."""
        return GoFishMove.parse(text)

    @staticmethod
    def read_move(text: str | GoFishMove) -> GoFishMove | None:
        """The request ``text`` names, or None (:meth:`parse_move` without the error)."""
        return GoFishMove.read(text)

    def play(self, move: str | GoFishMove, *, player: str | None = None) -> Event:
        """Check and make one request; raise :class:`RuleViolation` naming the rule if illegal.

        A refused request leaves the game unchanged.
        """
        request = GoFishMove.parse(move)
        asker = self._turn_of(player)
        refused = rules.refusal(self._table, asker, request)
        if refused is not None:
            raise refused.error()
        return self._made(asker, request)

    def _turn_of(self, player: str | None) -> str:
        """Who asks: ``player`` if named (one of the players), otherwise the player to ask
        (:data:`~cardlib.gofish.rules.NOBODY` once the game is over)."""
        if player is not None:
            return self._player(player)
        return self._table.turn or NOBODY

    def make(self, move: str | GoFishMove) -> Event:
        """Make a request just taken from :meth:`legal_moves` of this position, for the player
        to move, without judging it again: the trusted path (python-chess's ``push`` beside
        ``push_san``) of the bots, ``simulate`` and the benchmarks.  It is looked up in the
        listing, which is legal by construction; a request that is not listed goes through
        :meth:`play`, whose rules refuse it (the game unchanged)."""
        request = GoFishMove.parse(move)
        asker = self._table.turn
        if asker is None or request not in self._legal():
            return self.play(request)
        return self._made(asker, request)

    def _made(self, asker: str, request: GoFishMove) -> Event:
        """Make a request the rules allow, and keep its event."""
        event = Event(asker, request, tuple(self._request(asker, request)))
        self.moves_made += 1
        self.last_event = event
        if self._record:
            self.log.append(event)
        return event

    def result(self) -> Result:
        """Each player's number of complete books, and the winners (GF-WIN); only once the
        game is over."""
        asked = rules.ResultAsked(self._table)
        refused = gf_end_empty(self._table, asked) or gf_end_all_books(self._table, asked)
        if refused is not None:
            raise refused.error()
        return Result(self.book_counts(), gf_win(self._table))

    def winners(self) -> list[str]:
        """The players with the most books once the game is over; more than one is a tie (GF-WIN)."""
        return list(self.result().winners)

    def describe(self) -> str:
        counts = self.book_counts()
        books = ", ".join(f"{p} {k}" for p, k in counts.items())
        state = (
            f"the game is over ({self._end_reason}, {self.ended_by}); "
            f"{tell.who_wins(list(counts.items()))}"
            if self.is_over
            else f"{self.to_move} to ask: {self.turn_reason}"
        )
        return (
            f"Go Fish ({self.options.describe()}), {len(self.players)} players "
            f"({', '.join(self.players)}; {self.dealer} deals "
            f"{deal_size(self.options.rule_set, len(self.players))} cards each); "
            f"stock {self.stock_size}; books: {books}; {state}"
        )

    def __repr__(self) -> str:
        return f"<GoFishGame {self.describe()}>"

    def _repr_html_(self) -> str:
        from cardlib.gofish.render import gofish_game_html

        return gofish_game_html(self)

    # -- views -----------------------------------------------------------------------

    def view(self, player: str) -> GoFishView:
        """What ``player`` may know now (:class:`~cardlib.gofish.view.GoFishView`): their
        hand, the others' counts, the books, the stock's size, the requests made, and their
        legal requests; a copy, so it never shows another hand."""
        return view_of(self, self._player(player))

    @property
    def hands(self) -> dict[str, list[Card]]:
        """Every hand, each sorted by rank then suit."""
        return {name: self.hand(name) for name in self.players}

    def hand(self, player: str) -> list[Card]:
        return sorted(self._table.hands[self._player(player)], key=hand_order)

    def hand_size(self, player: str) -> int:
        """How many cards ``player`` holds (what the others see of a hand)."""
        return len(self._table.hands[self._player(player)])

    @property
    def books(self) -> dict[str, list[Rank]]:
        """The ranks of each player's books, in the order they were made."""
        return {name: self._table.books[name][:] for name in self.players}

    def book_counts(self) -> dict[str, int]:
        return {name: len(self._table.books[name]) for name in self.players}

    @property
    def stock(self) -> list[Card]:
        """The stock, top card first."""
        return self._table.stock[:]

    @property
    def stock_size(self) -> int:
        return len(self._table.stock)

    def is_out(self, player: str) -> bool:
        """Has this player left the game: no cards, and no stock to draw from?"""
        return self._table.is_out(self._player(player))

    # -- refusals --------------------------------------------------------------------

    def _player(self, name: object) -> str:
        """``name`` if it is one of the players; otherwise a :class:`NotationError`."""
        if not isinstance(name, str) or name not in self.players:
            raise NotationError(
                f"{name!r} is not a player here: the players are {', '.join(self.players)}"
            )
        return name

    def refusal(self, move: str | GoFishMove) -> RuleViolation | None:
        """What :meth:`play` would raise for ``move`` by the player to move, or None if it
        is legal; nothing is played."""
        request = GoFishMove.parse(move)
        refused = rules.refusal(self._table, self._turn_of(None), request)
        return None if refused is None else refused.error()

    def legal_rule_for(self, move: str | GoFishMove) -> str:
        """The rule that decides whether ``move`` is legal now: the rule of its
        :meth:`refusal`, or for a legal request the last request rule, which let it through
        (GF-ASK-HOLD)."""
        request = GoFishMove.parse(move)
        refused = rules.refusal(self._table, self._turn_of(None), request)
        return rule_of(REQUEST_RULES[-1]) if refused is None else refused.rule

    def deciding_rule(self, move: str | GoFishMove) -> str:
        """Deprecated: the old name of :meth:`legal_rule_for`."""
        warnings.warn(
            "GoFishGame.deciding_rule is deprecated: use legal_rule_for",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.legal_rule_for(move)

    def _turn_refusal(self, player: str) -> Refusal | None:
        """The refusal of any request by ``player`` now (:func:`rules.turn_refusal`), its
        words written (for a view: :class:`~cardlib.gofish.view.GoFishView`), or None."""
        refused = rules.turn_refusal(self._table, player)
        return None if refused is None else refused.written()

    def _legal(self) -> Sequence[GoFishMove]:
        """Every request the player to move may make (:func:`rules.legal
        <cardlib.gofish.rules.legal>`, legal by construction): of each other player still
        in the game clockwise from the asker's left, for each rank they hold (each card, in
        the specific-card variation); none once the game is over.  A lazy sequence
        (:class:`~cardlib.gofish.rules.Requests`: a request is built only when read), listed
        once a position: the listing is kept until the next request is made."""
        if self._listed_at != self.moves_made:
            asker = self._table.turn
            self._listing = () if asker is None else rules.legal(self._table, asker)
            self._listed_at = self.moves_made
        return self._listing

    # -- what a request does -----------------------------------------------------------

    def _request(self, asker: str, move: GoFishMove) -> list[Fact]:
        """Make a request that the rules allow; its facts in order."""
        table, asked = self._table, move.target
        facts = [tell.ask(asker, asked, move)]
        again: str | None = None
        given = gf_give_all(table, asker, move)
        if given:
            facts.append(tell.hand_over(asker, asked, given, move))
            self._lay_books(asker, given, facts)
        if gf_catch_again(given):
            again = "GF-CATCH-AGAIN"
        if gf_no_stock(table, given):  # asked before anyone fishes
            facts.append(tell.miss(asker, asked))
        drawn = gf_go_fish(table, asker, given)
        if drawn is not None:
            lucky = gf_lucky_draw(move, drawn)
            fished = tell.fish(asker, asked, drawn)
            # a lucky draw is shown to everyone: the card fished is public
            facts.append(tell.shown(fished) if lucky else fished)
            facts.append(tell.lucky_draw(asker, drawn, move, lucky))
            self._lay_books(asker, (drawn,), facts)
            if lucky:
                again = "GF-LUCKY-DRAW"
        if drawn is not None and gf_no_stock(table, Drawn(drawn)):
            facts.append(tell.EXHAUSTED)  # the last card of the stock was fished
        if self.options.refill:
            self._refill(asker, facts)
            self._refill(asked, facts)
        table.changed = (asker, asked)
        if not self._game_ends(facts):
            if again is not None:
                self._give_turn(asker, again, facts)
            else:
                self._give_turn(passed_to(table, asker, asked), "GF-NEXT", facts)
        return facts

    def _lay_books(self, player: str, came: Sequence[Card], facts: list[Fact]) -> None:
        """GF-BOOK: the books that the cards that just ``came`` into the hand complete."""
        for rank in lay_books(self._table, player, came):
            facts.append(tell.book(player, rank))

    def _refill(self, player: str, facts: list[Fact]) -> None:
        while cards := gf_var_refill(self._table, player):
            facts.append(tell.refill(player, cards))
            self._lay_books(player, cards, facts)

    def _game_ends(self, facts: list[Fact]) -> bool:
        """Does the rule set's end (GF-END-ALL-BOOKS, GF-END-EMPTY) come now: would it refuse
        the next request?  If so the game is over, and who won is told (GF-WIN)."""
        table = self._table
        ended = gf_end_all_books(table) or gf_end_empty(table)
        if ended is None:
            return False
        assert isinstance(ended.words, GameOver)
        rule, reason = ended.rule, ended.words.reason
        table.turn = None
        self.is_over = True
        self.ended_by = rule
        self._end_reason = reason
        facts.append(tell.end(rule, reason))
        facts.append(tell.win(list(self.book_counts().items()), gf_win(self._table)))
        return True

    def _give_turn(
        self, player: str, rule: str, facts: list[Fact], *, narrate: bool = True
    ) -> None:
        """The turn goes to ``player``, for ``rule``.  A player with no cards draws one at once
        (GF-EMPTY-DRAW) or, with no stock, is out and passed over to the left (GF-NEXT)."""
        table = self._table
        for _ in self.players:
            if table.hands[player]:
                break
            drawn = gf_empty_draw(table, player)
            if drawn is not None:
                if rule == "GF-NEXT" and narrate:
                    facts.append(tell.turn(player, rule))
                facts.append(tell.empty_draw(player, drawn))
                if gf_no_stock(table, Drawn(drawn)):
                    facts.append(tell.EXHAUSTED)  # the empty hand drew the last card
                rule = "GF-EMPTY-DRAW"
                break
            if player not in table.told_out:
                table.told_out.add(player)
                facts.append(tell.out(player, self.out_rule))
            player, rule = table.left_of(player), "GF-NEXT"
        else:  # pragma: no cover - everybody out means all 13 books, an end already
            raise AssertionError("no player can take the turn")
        table.turn = player
        table.turn_rule = rule
        if rule == "GF-CATCH-AGAIN" or (rule == "GF-NEXT" and narrate):
            facts.append(tell.turn(player, rule))


def _conforms(game: GoFishGame) -> Game:
    """Checked by mypy: a GoFishGame is a :class:`cardlib.game.Game`."""
    return game
