"""One hand of Rook: the deal with the nest, the auction, the exchange with the nest, naming
trump, nine tricks and the hand's score (rule set ``tournament-1988``)::

    >>> hand = RookHand(seed=1)        # West deals, so North bids first (ROOK-BID-ORDER)
    >>> print(hand.play("bid 70"))
    North bids 70; East is next [ROOK-BID-MIN]
    >>> "bid 70" in hand.legal_moves(), len(hand.legal_moves())
    (False, 11)
    >>> [fact.kind for fact in hand.play("pass").facts]
    ['pass', 'turn']

:meth:`RookHand.play` is the checked door: it asks the rules of the move in order
(:data:`RULES`, each ``rule(hand, attempt) -> Refusal | None``, through
:func:`~cardlib.refusal.first_refusal`: the rule of the phase's turn first, :data:`TURN`,
then those of the kind of move); the first that refuses raises its
:class:`RuleViolation` and the hand is unchanged.  The legal moves are built by the phase,
legal by construction (what is the same for every move of the position, the hand over, the
turn and the phase, settled once); :meth:`RookHand.make` makes one of them without judging
it again, and the random-play tests hold the two paths against each other on every move
the notation can write.  The bidder picks up the nest by itself when the auction is won.

An event's facts (:class:`cardlib.game.Fact`), by ``kind``:

* ``bid`` (player, value = the amount), ``pass`` (player), ``turn`` (player = who is next,
  or who leads the first trick);
* ``all-pass`` (the dealer takes 70 by house rule), ``auction-won`` (player = the bidder,
  value = the contract), ``nest`` (the bidder picks up these cards);
* ``lay-aside`` (cards = the new nest, value = its counters), ``trump`` (the colour named);
* ``play`` (player, cards = the card), ``trick`` (player = the winner, cards = the four in
  play order, value = the counters);
* ``nest-last`` (player = who took the nest with the last trick, cards, value = counters),
  ``score`` (value = the hand's points by team), ``hand-end`` (thrown in: nobody scores).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, Unpack

from cardlib.arguments import shown
from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.game import Event, Fact, LegalMoves, Result
from cardlib.refusal import Refusal, Rule, first_refusal, refuse
from cardlib.rook.auction import Auction, all_pass, bid_min, bid_order, bid_pass, bid_raise, bid_win
from cardlib.rook.cards import (
    TOTAL_COUNTERS,
    Colour,
    RookCard,
    check_pack,
    counters,
    parse_rook_cards,
    shuffled_rook_deck,
)
from cardlib.rook.deal import deal
from cardlib.rook.moves import (
    BIDS,
    HAND_SIZE,
    NEST_SIZE,
    PASS,
    TRICKS,
    TRUMPS,
    RookMove,
    bid,
    play,
)
from cardlib.rook.nest import Exchange, LayAsides, nest_take, trump
from cardlib.rook.scoring import contract, result, scored
from cardlib.rook.seats import DEFAULT_PLAYERS, RULE_SET, RookOptions, Seat, Team
from cardlib.rook.seats import partner_of as partner_seated
from cardlib.rook.seats import team_of_seat as team
from cardlib.rook.state import Attempt, Cards, HandState, Phase, Position
from cardlib.rook.tricks import (
    PLAY_RULES,
    Dealt,
    Play,
    Trick,
    allowed_by,
    lead,
    own_card,
    playable,
    trick_winner,
)
from cardlib.rook.view import RookView, view_of

_TURN_RULE = {
    "bid": "ROOK-BID-ORDER",
    "nest": "ROOK-NEST-TAKE",
    "trump": "ROOK-TRUMP",
    "play": "ROOK-LEAD",
    "over": "ROOK-LEAD",
}
_DOING = {
    "bid": "bid or pass",
    "nest": "lay five cards aside",
    "trump": "name trump",
    "play": "play",
}


class RookHand(Auction, Exchange):
    """One hand of Rook: deal, auction, nest, trump, nine tricks and the hand's score.

    ``players`` are named in seat order North, East, South, West.  ``dealer`` defaults to
    West (the last seat), so North bids and leads first.  The deal comes from ``deck``
    (41 cards, top first) when given, otherwise from the pack shuffled with ``seed``.
    """

    game: ClassVar[str] = "rook"
    #: how many moves have been made (the legal-moves view lists once a position)
    moves_made: int = 0
    #: the legal moves of the position, listed once by :meth:`_legal`, with the
    #: ``moves_made`` they were listed after (a copy lists its own)
    _listing: tuple[int, Sequence[RookMove]] = (-1, ())

    def __init__(
        self,
        players: Sequence[str] = DEFAULT_PLAYERS,
        *,
        dealer: str | None = None,
        options: RookOptions | None = None,
        seed: int | str | float | None = 0,
        deck: Sequence[RookCard | str] | None = None,
        record: bool = True,
    ) -> None:
        self._setup(players, dealer, options, seed, record)
        if deck is None:
            order = shuffled_rook_deck(seed)
        else:
            order = parse_rook_cards(deck)
            refuse(check_pack(order, complete=True))
        self._held, self.nest = deal(order, self._dealer)

    @classmethod
    def from_position(
        cls,
        players: Sequence[str],
        hands: Mapping[str, Iterable[RookCard | str] | str],
        nest: Iterable[RookCard | str] | str = (),
        **position: Unpack[Position],
    ) -> RookHand:
        """A hand as an article sets it out: the players (North, East, South, West), their
        named hands and the nest; the keywords are those of :class:`Position`.

        Without ``bid`` the hand starts at the auction: ``hands`` are the nine cards each
        player was dealt and ``nest`` the five in the centre.  With ``bid=(player, amount)``
        the auction is over: without ``trump`` the bidder picks up ``nest`` next and must
        lay five aside; with ``trump`` the exchange is done too, ``nest`` is what was laid
        aside and the dealer's left leads the first trick.  Cards not named are filled in
        from the rest of the pack shuffled with ``seed``, so all 41 are present once.
        """
        self = cls.__new__(cls)
        seed = position.get("seed", 0)
        the_bid, colour = position.get("bid"), position.get("trump")
        if the_bid is not None and (
            isinstance(the_bid, str | Mapping)
            or not isinstance(the_bid, Sequence)
            or len(the_bid) != 2
        ):
            raise NotationError(
                f"bid is (player, amount), like ('North', 95), not {shown(the_bid)}"
            )
        if colour is not None:
            colour = Colour.parse(colour)
        self._setup(
            players,
            position.get("dealer"),
            position.get("options"),
            seed,
            position.get("record", True),
        )
        if not isinstance(hands, Mapping):
            raise NotationError(f"hands must map players to their cards, not {shown(hands)}")
        given = {self._player(p): parse_rook_cards(cs) for p, cs in hands.items()}
        laid = parse_rook_cards(nest)
        named = [c for cs in given.values() for c in cs] + laid
        refuse(check_pack(named, complete=False))
        for dealt in (*(Dealt(p, cs) for p, cs in given.items()), Dealt(None, laid)):
            refuse(own_card(dealt))  # ROOK-DEAL: nine cards a hand, five in the nest
        seen = set(named)
        rest = [c for c in shuffled_rook_deck(seed) if c not in seen]
        for seat, p in enumerate(self.players):
            cs = list(given.get(p, []))
            while len(cs) < HAND_SIZE:
                cs.append(rest.pop())
            self._held[seat] = sorted(cs, key=lambda c: c.order)
        self.nest = laid + [rest.pop() for _ in range(NEST_SIZE - len(laid))]
        if the_bid is None:
            if colour is not None:  # refused by ROOK-TRUMP: the auction is not over
                refused = trump(self, Attempt("", RookMove("trump", colour=colour)))
                assert refused is not None
                raise refused.error()
            return self
        who, amount = self._player(the_bid[0]), contract(the_bid[1])
        seat = self.players.index(who)
        self.high_bid, self._high = amount, seat
        self.bidder, self.bid = who, amount
        self._passed = [s != seat for s in range(4)]
        if colour is None:
            self._pick_up_nest(seat)
            self.phase, self._turn = "nest", seat
        else:
            self.trump = colour
            self.phase = "play"
            self._turn = self._leader = (self._dealer + 1) % 4
        return self

    def copy(self) -> RookHand:
        """An independent copy (the cards, moves and events are immutable and shared)."""
        other = object.__new__(RookHand)
        vars(other).update(vars(self))  # the values (cards, moves, events) are immutable
        other._held = [list(cards) for cards in self._held]
        other.nest = list(self.nest)
        other._passed = list(self._passed)
        other.tricks = list(self.tricks)
        other._trick = list(self._trick)
        other.log = list(self.log)
        other._listing = (-1, ())  # listed again, for its own position
        return other

    def __copy__(self) -> RookHand:
        return self.copy()

    def __deepcopy__(self, memo: object) -> RookHand:
        return self.copy()

    # -- the protocol every engine speaks (cardlib.game.Game) -------------------------

    @property
    def is_over(self) -> bool:
        """True once the hand is over (nine tricks played, or thrown in)."""
        return self.phase == "over"

    @property
    def to_move(self) -> str | None:
        """Whose turn it is, or None when the hand is over."""
        return None if self.is_over else self.players[self._turn]

    def legal_moves(self) -> LegalMoves[RookMove]:
        """The legal moves now, a live view (none once the hand is over).

        At the nest it is every way to lay five of the fourteen cards aside, built only
        when read (``len`` is 2002).  ``"bid 70" in hand.legal_moves()`` takes text.
        """
        return LegalMoves(self)

    def _legal(self) -> Sequence[RookMove]:
        """The legal moves now (:meth:`_listed`), listed once a position: the listing is
        kept until the next move is made.  (The hand keeps the listing, not a view of its
        own: a view held by the hand would be a cycle, and every hand played would be left
        to the garbage collector.)"""
        at, moves = self._listing
        if at != self.moves_made:
            moves = self._listed()
            self._listing = (self.moves_made, moves)
        return moves

    def _listed(self) -> Sequence[RookMove]:
        """The legal moves now, built by the phase (legal by construction, in a fixed
        order): only the player to move has any (the rules of the turn), none once the
        hand is over (the rules of the turn, :data:`TURN`)."""
        seat = self._turn
        if self.phase == "play":  # the most of a hand's moves: nine tricks
            assert self.trump is not None
            return [play(c) for c in playable(self._held[seat], self._trick, self.trump)]
        if self.is_over:
            return ()
        if self.phase == "bid":
            # a pass unless ROOK-ALL-PASS bars the fourth (asked once); the bids the notation
            # lists (70 to 120 in fives: ROOK-BID-MIN) above the high bid (ROOK-BID-RAISE)
            high = self.high_bid or 0
            bids = [move for amount, move in BIDS.items() if amount > high]
            if all_pass(self, Attempt(self.players[seat], PASS)) is not None:
                return bids
            return [PASS, *bids]
        if self.phase == "nest":
            return LayAsides(self._held[seat])  # ROOK-NEST-TAKE: any five of the fourteen
        assert self.phase == "trump"
        return TRUMPS

    def refusal(self, move: RookMove | str, player: str | None = None) -> Refusal | None:
        """The first refusal of ``move`` by ``player`` (the player to move when None) among
        the rules of the move in this phase (:data:`RULES`), or None: the move is legal."""
        mv = RookMove.parse(move)
        who = self.to_move if player is None else self._player(player)
        return first_refusal(RULES[self.phase][mv.kind], self, Attempt(who or "", mv))

    @staticmethod
    def parse_move(text: str | RookMove) -> RookMove:
        """Read a move in Rook notation (:meth:`RookMove.parse`); NotationError if it is none."""
        return RookMove.parse(text)

    @staticmethod
    def read_move(text: str | RookMove) -> RookMove | None:
        """The move ``text`` names, or None (:meth:`parse_move` without the error)."""
        return RookMove.read(text)

    def play(self, move: str | RookMove, *, player: str | None = None) -> Event:
        """Check and make one move; raise :class:`RuleViolation` naming the rule if illegal.

        A refused move leaves the hand as it was.  ``player``, when given, must be the
        player to move.
        """
        mv = RookMove.parse(move)
        refused = self.refusal(mv, player)
        if refused is not None:
            raise refused.error()
        return self._made(mv)

    def make(self, move: str | RookMove) -> Event:
        """Make a move just taken from :meth:`legal_moves` of this position, for the player
        to move, without judging it again: the trusted path (python-chess's ``push`` beside
        ``push_san``) of the bots, ``simulate`` and the benchmarks.  It is looked up in the
        listing the hand holds for this position (listed now if it was not), which is legal
        by construction; a move that is not listed goes through :meth:`play`, whose rules
        refuse it (the hand unchanged)."""
        mv = RookMove.parse(move)
        if mv not in self._legal():
            return self.play(mv)
        return self._made(mv)

    def _made(self, mv: RookMove) -> Event:
        seat, who = self._turn, self.players[self._turn]
        # the cards laid aside as the new nest are the bidder's secret (ROOK-NEST-TAKE)
        seen_by = (who,) if mv.kind == "lay aside" else None
        event = Event(who, mv, self._make(seat, mv), seen_by)
        self.moves_made += 1
        if self._record:
            self.log.append(event)
        return event

    @property
    def history(self) -> list[tuple[str, RookMove]]:
        """Every move so far with who made it, in order (read from :attr:`log`)."""
        return [(e.player, e.move) for e in self.log]

    def result(self) -> Result:
        """The hand's score, once it is over: each player's team's points (``.teams`` by
        team, ``{"NS": ..., "EW": ...}``; ``.winners`` the players of the team that scored
        more, all four on a tie).  A thrown-in hand (ROOK-ALL-PASS, redeal) scores 0."""
        refused = lead(self, None)  # ROOK-LEAD: nine tricks, then the hand is scored
        if refused is not None:
            raise refused.error()
        if self.score is None:
            return result(self.players, {"NS": 0, "EW": 0})
        return result(self.players, {t.value: v for t, v in self.score.points.items()})

    # -- the rules that decide what the hand is doing now (for claims and widgets) ----

    @property
    def turn_rule(self) -> str:
        """The rule that says whose turn it is now, or that the hand is over."""
        return "ROOK-ALL-PASS" if self.thrown_in else _TURN_RULE[self.phase]

    @property
    def end_rule(self) -> str:
        """The rule that decides when the hand ends: ROOK-ALL-PASS once a house rule has
        settled an auction all four passed, otherwise ROOK-LEAD (nine tricks)."""
        return "ROOK-ALL-PASS" if self.all_passed else "ROOK-LEAD"

    @property
    def legal_rule(self) -> str:
        """The rule that decides the legal moves now: in the auction the one that judges a
        pass if it refuses it (ROOK-ALL-PASS), otherwise the one that judges the top bid;
        in the tricks the one that judges the first card in hand (the Rook, which has rules
        of its own, is last in the hand); otherwise the rule of the turn."""
        if self.phase == "bid":
            refused = self.refusal(PASS) or self.refusal(bid(TOTAL_COUNTERS))
            if refused is not None:
                return refused.rule
            return "ROOK-BID-MIN" if self.high_bid is None else "ROOK-BID-RAISE"
        if self.phase == "play":
            offered = self._offered(self._held[self._turn][0])
            refused = first_refusal(PLAY_RULES, offered)
            return allowed_by(offered)[0] if refused is None else refused.rule
        return self.turn_rule

    @property
    def high_bidder(self) -> str | None:
        """Who holds the highest bid (the bidder once the auction is won), or None."""
        if self.bidder is not None:
            return self.bidder
        return self.players[self._high] if self._high >= 0 else None

    def counters_rule(self, team: Team | str) -> str:
        """The rule behind a team's counters: ROOK-NEST-LAST when the nest's counters went
        to it with the last trick, otherwise ROOK-COUNT."""
        if self.nest_to is not None and self.team_of(self.nest_to) == team and counters(self.nest):
            return "ROOK-NEST-LAST"
        return "ROOK-COUNT"

    @property
    def score_rule(self) -> str:
        """The rule that scored the hand (ROOK-SCORE-MADE or -SET; ROOK-ALL-PASS if thrown in)."""
        return "ROOK-ALL-PASS" if self.score is None else self.score.rule

    def describe(self) -> str:
        seats = ", ".join(
            p if p == s.word else f"{p} ({s.word})" for s, p in zip(Seat, self.players, strict=True)
        )
        if self.is_over:
            state = "the hand was thrown in" if self.thrown_in else "the hand is over"
            if self.score is not None:
                state += f": {self.score.explain()}"
        else:
            state = f"{self.to_move} to {_DOING[self.phase]}"
            if self.bid is not None:
                state += f"; contract {self.bidder} {self.bid}"
            elif self.high_bid is not None:
                state += f"; high bid {self.players[self._high]} {self.high_bid}"
            if self.trump is not None:
                state += f"; {self.trump.word} is trump; trick {len(self.tricks) + 1}"
        return (
            f"Rook ({RULE_SET}), {seats}; {self.dealer} deals; {self.options.describe()}; {state}"
        )

    def __repr__(self) -> str:
        return f"<RookHand {self.describe()}>"

    def _repr_html_(self) -> str:
        from cardlib.rook import render as render_rook

        return render_rook.rook_hand_html(self)

    # -- views ------------------------------------------------------------------------

    def view(self, player: str) -> RookView:
        """What ``player`` may know now (:class:`~cardlib.rook.view.RookView`): their cards,
        the others' counts, the auction, trump, the tricks, the nest if they laid it aside,
        and their legal moves; a copy, so it never shows what they could not see."""
        return view_of(self, self._player(player))

    def _turn_refusal(self, player: str) -> Refusal | None:
        """The refusal of any move by ``player`` now (:func:`turn_refusal`), its words
        written (for a view: :class:`~cardlib.rook.view.RookView`), or None."""
        refused = turn_refusal(self, player)
        return None if refused is None else refused.written()

    def hand_of(self, player: str) -> list[RookCard]:
        """The cards a player holds now (a copy, in pack order)."""
        return list(self._held[self.players.index(self._player(player))])

    @property
    def hands(self) -> dict[str, list[RookCard]]:
        """Every player's cards now, in pack order (by colour, low to high, the Rook last)."""
        return {p: list(cards) for p, cards in zip(self.players, self._held, strict=True)}

    def team_of(self, player: str) -> Team:
        return team(self.players.index(self._player(player)))

    def partner_of(self, player: str) -> str:
        """The player's partner, who sits opposite (:func:`cardlib.rook.seats.partner_of`)."""
        return partner_seated(self.players, self._player(player))

    @property
    def current_trick(self) -> list[tuple[str, RookCard]]:
        """The cards played to the trick in progress, with who played them."""
        return [(self.players[(self._leader + i) % 4], c) for i, c in enumerate(self._trick)]

    @property
    def bidders(self) -> Team | None:
        return None if self._high < 0 or self.bid is None else team(self._high)

    def counters_taken(self) -> dict[str, int]:
        """Counters each team has taken so far (the nest once the last trick is won)."""
        taken = {"NS": 0, "EW": 0}
        for trick in self.tricks:
            taken[self.team_of(trick.winner)] += trick.counters
        if self.nest_to is not None:
            taken[self.team_of(self.nest_to)] += counters(self.nest)
        return taken

    def passed(self, player: str) -> bool:
        return self._passed[self.players.index(self._player(player))]

    def _offered(self, card: RookCard) -> Play:
        """``card`` offered to the trick by the player to move, as the rules of the tricks
        read it."""
        assert self.trump is not None
        seat = self._turn
        return Play(self.players[seat], card, self._held[seat], self._trick, self.trump)

    # -- making moves -----------------------------------------------------------------

    def _make(self, seat: int, move: RookMove) -> tuple[Fact, ...]:
        """Make an allowed move and tell what it did."""
        if move.kind == "play":  # the most of a hand's moves: nine tricks
            return self._play(seat, move.card)
        if move.kind == "bid":
            return self._bid(seat, move)
        if move.kind == "pass":
            return self._pass(seat)
        if move.kind == "lay aside":
            return self._lay_aside(seat, move)
        assert move.kind == "trump"
        return self._name_trump(seat, move)

    def _play(self, seat: int, card: RookCard) -> tuple[Fact, ...]:
        who = self.players[seat]
        # the rules that let the card be played, which its fact names
        rules = allowed_by(self._offered(card))
        self._held[seat].remove(card)
        self._trick.append(card)
        verb = "{} leads {}" if rules[0] == "ROOK-LEAD" else "{} plays {}"
        played = Fact("play", rules, verb, (who, card.text), who, (card,))
        if len(self._trick) < 4:
            self._turn = (seat + 1) % 4
            return (played,)
        return (played, *self._finish_trick())

    def _finish_trick(self) -> tuple[Fact, ...]:
        assert self.trump is not None
        four = tuple(self._trick)
        win = trick_winner(four, self.trump)  # ROOK-TRICK-WIN
        win_seat = (self._leader + win) % 4
        winner, points, number = self.players[win_seat], counters(four), len(self.tricks) + 1
        in_order = tuple(self.players[(self._leader + i) % 4] for i in range(4))
        trick = Trick(number, in_order, four, winner, points)  # type: ignore[arg-type]
        self.tricks.append(trick)
        self._trick = []
        self._turn = self._leader = win_seat  # ROOK-LEAD: the winner leads the next
        top, trump = four[win], self.trump
        # say so when a plain trump beat the colour led
        how = " (trump)" if top.colour is trump and four[0].colour not in (trump, None) else ""
        text = "trick {} to {} with {}{}, counters {}"
        words = (number, winner, top.text, how, points)
        won = Fact("trick", trick.rules, text, words, winner, four, value=points)
        if number < TRICKS:
            return (won,)
        return (won, self._nest_last(), self._score())

    @enforces("ROOK-NEST-LAST")
    def _nest_last(self) -> Fact:
        """The nest belongs to whoever wins the last trick, and its counters go to that team, not automatically to the bidder."""
        winner = self.tricks[-1].winner
        self.nest_to = winner  # counters_taken adds the nest's counters to that team
        points = counters(self.nest)
        text = "{} takes the nest with the last trick ({}, counters {})"
        words = (winner, Cards(self.nest), points)
        return Fact(
            "nest-last", ("ROOK-NEST-LAST",), text, words, winner, tuple(self.nest), value=points
        )

    def _score(self) -> Fact:
        assert self.bid is not None
        taken = self.counters_taken()
        score = self.score = scored(
            team(self._high), self.bid, {Team.NS: taken["NS"], Team.EW: taken["EW"]}
        )
        self.phase = "over"
        points = {t.value: v for t, v in score.points.items()}
        # every card has been played, and the nest is turned up with the last trick
        # (ROOK-NEST-LAST): nothing of the hand is hidden any more
        text = "the hand is over: {}"
        return Fact("score", (score.rule,), text, (score,), value=points, shows_all=True)


# -- the rules of a move, each ``rule(hand, attempt) -> Refusal | None`` -----------------


def card(hand: HandState, attempt: Attempt) -> Refusal | None:
    """The rules of the tricks (:data:`cardlib.rook.tricks.PLAY_RULES`), asked in order of
    the card offered: the refusal of the first that refuses it (each marked with its ID)."""
    assert hand.trump is not None
    seat = hand._turn
    offered = Play(attempt.who, attempt.move.card, hand._held[seat], hand._trick, hand.trump)
    return first_refusal(PLAY_RULES, offered)


#: the rules of the turn in each phase, asked of every move first: who may move (in the
#: auction the player to bid, not one who has passed; at the nest and trump the bidder; in
#: the tricks the player to play), and once the hand is over the rule that ended it
TURN: dict[Phase, tuple[Rule, ...]] = {
    "bid": (bid_pass, bid_order),
    "nest": (nest_take,),
    "trump": (trump,),
    "play": (lead,),
    "over": (all_pass, lead),
}


def turn_refusal(hand: HandState, who: str) -> Refusal | None:
    """The refusal of any move ``who`` could make now, or None when it is their turn: the
    rules of the turn in this phase (:data:`TURN`), which refuse a player not to move (and
    every move once the hand is over) whatever the move.  They are asked of a pass, which
    they judge as they judge every other move of such a player, and let through from the
    player to move."""
    return first_refusal(TURN[hand.phase], hand, Attempt(who, PASS))


#: the rules of each kind of move, asked after the rules of the turn
OF_KIND: dict[str, tuple[Rule, ...]] = {
    "bid": (bid_win, bid_min, bid_raise),
    "pass": (bid_win, all_pass),
    "lay aside": (nest_take,),
    "trump": (trump,),
    "play": (card,),
}
#: the rules that judge each kind of move in each phase, in the order they are asked (the
#: rule of the turn first, each rule once)
RULES: dict[Phase, dict[str, tuple[Rule, ...]]] = {
    phase: {kind: tuple(dict.fromkeys(turn + rules)) for kind, rules in OF_KIND.items()}
    for phase, turn in TURN.items()
}
