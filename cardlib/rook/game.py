"""A game of Rook: hands until a team reaches 300 (ROOK-GAME), the deal passing to the left
(ROOK-DEALER) and one partnership exchanging seats every four hands (ROOK-SEAT-SWAP).

An event of a :class:`RookGame` adds to the hand's facts, by ``kind``: ``totals`` (value =
the totals), ``game-end`` (value = the winning team), ``game-tied``, ``deal`` (player = the
next dealer), ``seat-swap`` (player and other = the two who exchange seats, value = the new
seating).
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, NamedTuple, Unpack

from cardlib import arguments
from cardlib.arguments import flag, shown, whole
from cardlib.cards import seeded
from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.game import Event, Fact, Game, LegalMoves, Result
from cardlib.refusal import Refusal, refuse
from cardlib.rook.auction import all_pass
from cardlib.rook.cards import RookCard, check_pack, parse_rook_cards, shuffled_rook_deck
from cardlib.rook.hand import Position, RookHand
from cardlib.rook.moves import RookMove
from cardlib.rook.scoring import (
    GAME_TARGET,
    HandScore,
    check_totals,
    game_end,
    game_winner,
    result,
    score_hand,
    team_points,
)
from cardlib.rook.seats import DEFAULT_PLAYERS, RULE_SET, RookOptions, Team, seated
from cardlib.rook.view import RookView

HANDS_PER_SEAT_SWAP = 4  # ROOK-SEAT-SWAP

#: the cards of one hand as given (RookGame.stack): a deck of 41, top first, or the cards
#: as dealt, {"hands": {player: cards}, "nest": cards}
Deal = Sequence[RookCard | str] | Mapping[str, Any]


class RookGame:
    """A game of Rook: hands until a team reaches 300 (ROOK-GAME).

    Speaks the same protocol as :class:`RookHand` (``to_move``, ``legal_moves()``,
    ``play()``, ...) and deals the next hand itself when one ends.  ``players`` are seated
    North, East, South, West.  Without ``dealer`` the first dealer is cut for
    (ROOK-DEALER): each player draws a card and the highest deals (the Rook above a 14,
    colours do not count, ties draw again); the cards are drawn from the pack shuffled
    with ``seed``, or given as ``cut`` (one mapping player -> card per round, as an
    article tells it).  The deal then passes to the previous dealer's left (after a seat
    exchange that moved the dealer, the left of the dealer's new seat).  After every fourth
    hand one partnership's two players change seats (ROOK-SEAT-SWAP; the sources do not
    say which: ``RookOptions.seat_swap``, East-West by default); partners stay partners.
    A thrown-in hand (``all_pass="redeal"``) is dealt again by the same dealer and counts
    for nothing.  ``totals`` and ``hands_played`` resume a game in progress.
    """

    game: ClassVar[str] = "rook"

    def __init__(
        self,
        players: Sequence[str] = DEFAULT_PLAYERS,
        *,
        dealer: str | None = None,
        options: RookOptions | None = None,
        seed: int | str | float | None = 0,
        deck: Sequence[RookCard | str] | None = None,
        totals: Mapping[Team | str, int] | None = None,
        hands_played: int = 0,
        cut: Sequence[Mapping[str, RookCard | str]] | None = None,
        record: bool = True,
    ) -> None:
        self._setup(players, dealer, options, seed, totals, hands_played, cut, record)
        self.hand = RookHand(
            self.seating,
            dealer=self.dealer,
            options=self.options,
            seed=self._rng.random(),
            deck=deck,
            record=record,
        )

    def _setup(
        self,
        players: Sequence[str],
        dealer: str | None,
        options: RookOptions | None,
        seed: int | str | float | None,
        totals: Mapping[Team | str, int] | None,
        hands_played: int,
        cut: Sequence[Mapping[str, RookCard | str]] | None = None,
        record: bool = True,
    ) -> None:
        self.seating: tuple[str, ...] = seated(players)
        self.options = RookOptions.of(options)
        self.seed = arguments.seed(seed)
        self._rng = seeded(seed)
        self._record = flag(record, "record")
        hands_played = whole(hands_played, "hands_played", minimum=0)
        given = team_points(totals or {}, "totals", both=False)
        check_totals(given)
        if cut is not None and (isinstance(cut, str | Mapping) or not isinstance(cut, Sequence)):
            raise NotationError(f"the cut is a list of rounds (player -> card), not {shown(cut)}")
        #: the rounds of the cut for the first dealer (ROOK-DEALER), player -> card
        self.cut: list[dict[str, RookCard]] = []
        if dealer is None:
            dealer = self._cut_for_deal(cut)
        elif not isinstance(dealer, str) or dealer not in self.seating:
            raise NotationError(
                f"{shown(dealer)} is not a player here: the players are {', '.join(self.seating)}"
            )
        elif cut is not None:
            raise NotationError("give the dealer or the cut for the dealer, not both")
        self._dealer = self.seating.index(dealer)
        self.totals: dict[str, int] = {t.value: given.get(t, 0) for t in Team}
        #: the totals and the seating the game (or its record) started from
        self.start_totals = dict(self.totals)
        self.start_seating = self.seating
        self.hands_played = hands_played
        self.scores: list[HandScore] = []
        self.log: list[Event] = []
        #: decided at the end of each hand (ROOK-GAME), and by the totals a game resumes
        #: from: totals that already decide it (310 to 290) are a game over, not another hand
        self.winner: Team | None = game_winner(self.totals)
        #: the cards of the hands to be dealt next, when given (ROOK-DEAL), in turn
        self._deals: list[Deal] = []
        #: who dealt each hand so far, the current hand's dealer last (ROOK-DEALER)
        self.dealers: list[str] = [dealer]

    @classmethod
    def from_position(
        cls,
        players: Sequence[str],
        hands: Mapping[str, Iterable[RookCard | str] | str],
        nest: Iterable[RookCard | str] | str = (),
        *,
        totals: Mapping[Team | str, int] | None = None,
        hands_played: int = 0,
        **position: Unpack[Position],
    ) -> RookGame:
        """A game whose current hand is :meth:`RookHand.from_position` (the same arguments
        and keywords), with ``totals`` and ``hands_played`` so far."""
        self = cls.__new__(cls)
        dealer = position.get("dealer") or seated(players)[-1]
        self._setup(
            players,
            dealer,
            position.get("options"),
            position.get("seed", 0),
            totals,
            hands_played,
            record=position.get("record", True),
        )
        hand: Position = {
            **position,
            "dealer": self.dealer,
            "options": self.options,
            "seed": self._rng.random(),
        }
        self.hand = RookHand.from_position(self.seating, hands, nest, **hand)
        return self

    def _cut_for_deal(self, rounds: Sequence[Mapping[str, RookCard | str]] | None) -> str:
        """Cut for the first dealer (:func:`cut_for_deal`): the rounds given, or cards cut
        from the pack shuffled, until one player cuts the highest; who deals."""
        contenders = list(self.seating)
        for i in itertools.count():
            given = rounds is not None and i < len(rounds)
            if len(contenders) == 1 and not given:
                return contenders[0]
            drawn: dict[str, RookCard] | None = None
            if len(contenders) > 1 and rounds is None:
                pack = shuffled_rook_deck(self._rng.random())
                drawn = dict(zip(contenders, pack, strict=False))
            elif len(contenders) > 1 and rounds is not None and given:
                drawn = self._cut_round(rounds[i])
            refuse(cut_for_deal(Cut(i + 1, self.seating, contenders, drawn)))
            assert drawn is not None
            self.cut.append(drawn)
            high = max(_cut_rank(c) for c in drawn.values())
            contenders = [p for p, c in drawn.items() if _cut_rank(c) == high]
        raise AssertionError("unreachable")

    def _cut_round(self, given: Mapping[str, RookCard | str]) -> dict[str, RookCard]:
        """One round of the cut as given: the players and the cards they cut."""
        if not isinstance(given, Mapping):
            raise NotationError(f"a round of the cut maps players to cards, not {given!r}")
        return {self._seated(p): RookCard.parse(c) for p, c in given.items()}

    _hand: RookHand | None = None
    #: the next hand as it was dealt (seating, dealer, seed), until it is first looked at
    _next: tuple[tuple[str, ...], str, float] | None = None

    @property
    def hand(self) -> RookHand:
        """The hand being played.  The hand after one that ends is dealt when it ends (its
        seed drawn then), and its cards laid out when first looked at: a game replayed from
        a record of hands (:meth:`record_hand`) does not lay out the hands it never plays."""
        hand = self._hand
        if hand is None:
            assert self._next is not None
            seating, dealer, seed = self._next
            # ROOK-DEAL: a hand whose cards were given (stack) is dealt from them, in turn
            deal = self._deals.pop(0) if self._deals else None
            hand = self._hand = self._dealt(deal, seating, dealer, seed)
            self._next = None
        return hand

    @hand.setter
    def hand(self, hand: RookHand) -> None:
        self._hand, self._next = hand, None

    def _seated(self, name: object) -> str:
        if name not in self.seating:
            raise NotationError(
                f"{name!r} is not a player here: the players are {', '.join(self.seating)}"
            )
        return str(name)

    def copy(self) -> RookGame:
        """An independent copy (the current hand copied, the random generator too)."""
        other = copy.copy(self)
        if self._hand is not None:
            other.hand = self._hand.copy()
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other.cut = list(self.cut)
        other.totals = dict(self.totals)
        other.scores = list(self.scores)
        other.log = list(self.log)
        other.dealers = list(self.dealers)
        other._deals = list(self._deals)
        return other

    def __deepcopy__(self, memo: object) -> RookGame:
        return self.copy()

    # -- the protocol -----------------------------------------------------------------

    @property
    def dealer(self) -> str:
        """Who deals the current hand (or the next, once a hand is recorded)."""
        return self.seating[self._dealer]

    @property
    def players(self) -> tuple[str, ...]:
        return self.seating

    @property
    def to_move(self) -> str | None:
        return None if self.winner is not None else self.hand.to_move

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def legal_rule(self) -> str:
        """The hand's rule deciding the legal moves now; once the game is won, ROOK-GAME."""
        return "ROOK-GAME" if self.is_over else self.hand.legal_rule

    @property
    def turn_rule(self) -> str:
        """The hand's rule of whose turn it is; once the game is won, ROOK-GAME."""
        return "ROOK-GAME" if self.is_over else self.hand.turn_rule

    @property
    def end_rule(self) -> str:
        """ROOK-GAME: the game ends when a team reaches 300 at the end of a hand."""
        return "ROOK-GAME"

    def view(self, player: str) -> RookView:
        """What ``player`` may know of the hand in play (:meth:`RookHand.view`); once the
        game is won, no move is theirs (ROOK-GAME)."""
        seen = self.hand.view(self._seated(player))
        refused = game_end(self.totals, "move")  # once the game is won, every move
        if refused is None:
            return seen
        return replace(seen, legal=(), legal_rule="ROOK-GAME", refusal=refused.written())

    def legal_moves(self) -> LegalMoves[RookMove]:
        """The legal moves of the current hand, a live view (none once the game is over).
        A game keeps no ``moves_made`` (its hand is also replaced by :meth:`record_hand` and
        :meth:`stack`), so the view asks it again on every question."""
        return LegalMoves(self)

    def _legal(self) -> Sequence[RookMove]:
        return () if self.winner is not None else self.hand._legal()

    @staticmethod
    def parse_move(text: str | RookMove) -> RookMove:
        return RookMove.parse(text)

    @staticmethod
    def read_move(text: str | RookMove) -> RookMove | None:
        """The move ``text`` names, or None (:meth:`parse_move` without the error)."""
        return RookMove.read(text)

    def play(self, move: str | RookMove, *, player: str | None = None) -> Event:
        """Check and make one move of the hand in play (:meth:`RookHand.play`); once the
        game is won, every move is refused (ROOK-GAME)."""
        refused = game_end(self.totals, "move")
        if refused is not None:
            raise refused.error()
        return self._after(self.hand.play(move, player=player))

    def make(self, move: str | RookMove) -> Event:
        """Make a move just taken from :meth:`legal_moves` of this position without judging
        it again: the hand's trusted path (:meth:`RookHand.make`).  Once the game is won
        nothing is listed, so the move goes through :meth:`play`, which refuses it."""
        if self.winner is not None:
            return self.play(move)
        return self._after(self.hand.make(move))

    def _after(self, event: Event) -> Event:
        """A move of the hand made: the end of the hand told with it, and the move logged."""
        if self.hand.is_over:
            event = event._replace(facts=(*event.facts, *self._end_hand()))
        if self._record:
            self.log.append(event)
        return event

    def record_hand(
        self, bidders: Team | str, bid: int, taken: Mapping[Team | str, int]
    ) -> tuple[Fact, ...]:
        """Score a hand played elsewhere (an article's record of a game): the contract and
        the counters each team took, scored by :func:`score_hand`; then the game goes on
        as after a hand played here (totals, the end, the deal, the seat exchange).
        Returns the facts of what followed the hand."""
        self._no_hand_after_the_end()
        if self._hand is not None and self._hand.history:
            raise NotationError(
                "a hand played elsewhere is recorded before any move of the hand in play "
                "(its moves would be thrown away): finish that hand, or record it instead"
            )
        score = score_hand(bidders, bid, taken)
        facts = self._after_hand(score)
        return facts

    def stack(self, deals: Sequence[Deal]) -> None:
        """Deal the hand in play (before its first move) and the hands after it from
        ``deals``, in turn: an article's game whose every hand is named. A deal is a deck
        (all 41 cards, top first: ROOK-DEAL, ROOK-DECK) or the cards as dealt,
        ``{"hands": {player: cards}, "nest": cards}`` (as :meth:`RookHand.from_position`,
        cards not named filled in from the seed). Hands after them are shuffled from the
        seed. Every deal is checked before anything changes."""
        if isinstance(deals, str | Mapping) or not isinstance(deals, Sequence):
            raise NotationError(f"the deals are a list, one a hand, not {shown(deals)}")
        stacked = [self._checked_deal(d) for d in deals]
        self._no_hand_after_the_end()
        if self._hand is not None and self._hand.history:
            raise NotationError("the deals are given before the first move of the hand in play")
        self._deals = stacked
        seed = self._next[2] if self._next is not None else self._rng.random()
        self._hand, self._next = None, (self.seating, self.dealer, seed)

    def _checked_deal(self, deal: Deal) -> Deal:
        if not isinstance(deal, Mapping):
            cards = parse_rook_cards(deal)
            refuse(check_pack(cards, complete=True))
            return cards
        if set(deal) - {"hands", "nest"}:
            raise NotationError(f"a deal names hands and nest, not {shown(sorted(deal))}")
        self._dealt(deal, self.seating, self.dealer, 0)  # refused here, or fine later
        return deal

    def _dealt(
        self, deal: Deal | None, seating: tuple[str, ...], dealer: str, seed: float
    ) -> RookHand:
        """The hand ``dealer`` deals: from ``deal`` when given (ROOK-DEAL), else shuffled."""
        if isinstance(deal, Mapping):
            return RookHand.from_position(
                seating,
                deal.get("hands", {}),
                deal.get("nest", ()),
                dealer=dealer,
                options=self.options,
                seed=seed,
                record=self._record,
            )
        return RookHand(
            seating, dealer=dealer, options=self.options, seed=seed, deck=deal, record=self._record
        )

    def _no_hand_after_the_end(self) -> None:
        # ROOK-GAME: once a team has won, no further hand is played (nor recorded)
        refused = game_end(self.totals, "hand")
        if refused is not None:
            raise refused.error()

    def record_all_pass(self) -> tuple[Fact, ...]:
        """Record a hand in which all four passed (an article's record of a game): the four
        passes are made in the hand's auction, so ROOK-ALL-PASS decides what follows, as in
        a hand played here. Under the house rule ``all_pass="redeal"`` the cards are thrown
        in and the same dealer deals again; with no house rule agreed the fourth pass is
        refused; under ``"dealer-takes-70"`` the hand is played at 70, so it is recorded
        with :meth:`record_hand` instead (refused here). Returns the facts of the passes."""
        self._no_hand_after_the_end()
        trial = self.hand.copy()
        if trial.history:
            raise NotationError("a hand everybody passed is recorded before any move of it")
        for _ in range(4):
            trial.play("pass")  # the fourth may be refused (ROOK-ALL-PASS): nothing changed
        refused = all_pass(trial, None)  # thrown in, or a hand played at 70
        if refused is not None:
            raise refused.error()
        return tuple(f for _ in range(4) for f in self.play("pass").facts)

    @property
    def history(self) -> list[tuple[str, RookMove]]:
        """Every move of the game so far with who made it, hand after hand."""
        return [(e.player, e.move) for e in self.log]

    def result(self) -> Result:
        """Once a team has won: each player's team total, ``.teams`` the two totals and
        ``.winners`` the winning partners."""
        refused = game_end(self.totals, "result")
        if refused is not None:
            raise refused.error()
        return result(self.seating, self.totals)

    def describe(self) -> str:
        state = (
            f"{self.winner.label} won"
            if self.winner is not None
            else f"hand {self.hands_played + 1}"
        )
        # a game its totals decided before a hand was played has no hand to describe
        played = self.winner is None or (self._hand is not None and self._hand.history)
        return (
            f"Rook game to {GAME_TARGET} ({RULE_SET}), {self._totals_text()}, "
            f"{self.hands_played} hands played; {state}"
            + (f"; {self.hand.describe()}" if played else "")
        )

    def __repr__(self) -> str:
        return f"<RookGame {self.describe()}>"

    def _repr_html_(self) -> str:
        return self.hand._repr_html_()

    def _totals_text(self) -> str:
        return f"NS {self.totals[Team.NS]}, EW {self.totals[Team.EW]}"

    # -- between hands ----------------------------------------------------------------

    def _end_hand(self) -> tuple[Fact, ...]:
        hand = self.hand
        if hand.thrown_in:
            facts: tuple[Fact, ...] = (
                Fact("deal", (), "{} deals the cards again", (self.dealer,), self.dealer),
            )
            self._deal()
            return facts
        assert hand.score is not None
        return self._after_hand(hand.score)

    def _after_hand(self, score: HandScore) -> tuple[Fact, ...]:
        """The totals, the end of the game, or the next dealer and the seat exchange."""
        self.scores.append(score)
        for t in Team:
            self.totals[t] += score.points[t]
        self.hands_played += 1
        facts = [
            Fact(
                "totals",
                (),
                "totals NS {}, EW {}",
                (self.totals["NS"], self.totals["EW"]),
                value=dict(self.totals),
            )
        ]
        self.winner = game_winner(self.totals)
        if self.winner is not None:
            facts.append(
                Fact(
                    "game-end",
                    ("ROOK-GAME",),
                    "{} reach {} ahead and win the game",
                    (self.winner.label, GAME_TARGET),
                    value=self.winner.value,
                )
            )
            return tuple(facts)
        if max(self.totals.values()) >= GAME_TARGET:
            facts.append(
                Fact(
                    "game-tied",
                    ("ROOK-GAME",),
                    "the totals are tied over {}: another hand is played",
                    (GAME_TARGET,),
                )
            )
        dealt = self.dealer
        if self.hands_played % HANDS_PER_SEAT_SWAP == 0:
            facts.append(self._seat_swap())
        facts.append(self._pass_the_deal(dealt))
        self.dealers.append(self.dealer)
        self._deal()
        return tuple(facts)

    def _pass_the_deal(self, dealt: str) -> Fact:
        # ROOK-DEALER: the next hand is dealt by the person on the previous dealer's left
        # (原發牌者左邊的人), where everyone sits when it is dealt: after a seat exchange
        # that moved the dealer, the left of the dealer's new seat (the catalogue's
        # interpretation; the source is silent on the exchange)
        self._dealer = (self.seating.index(dealt) + 1) % 4
        return Fact("deal", ("ROOK-DEALER",), "{} deals next", (self.dealer,), self.dealer)

    @enforces("ROOK-SEAT-SWAP")
    def _seat_swap(self) -> Fact:
        """Tournament play: after every 4 hands one partnership exchanges seats; partnerships never change."""
        # which partnership moves is the table's choice (RookOptions.seat_swap)
        a, b = self.options.moving_seats
        s = list(self.seating)
        s[a], s[b] = s[b], s[a]
        self.seating = tuple(s)
        text = "after {} hands {} and {} exchange seats ({} now sits {}); partners stay partners"
        words = (self.hands_played, s[a], s[b], s[a], a.word)
        return Fact(
            "seat-swap", ("ROOK-SEAT-SWAP",), text, words, s[a], other=s[b], value=self.seating
        )

    def _deal(self) -> None:
        # ROOK-DEAL: the hand's cards follow from its seed, drawn now (see the hand property)
        self._hand, self._next = None, (self.seating, self.dealer, self._rng.random())


class Cut(NamedTuple):
    """A round of the cut for the first dealer, asked of :func:`cut_for_deal`: its
    ``number`` (from 1), the ``seating``, the ``contenders`` who tied so far (everyone
    before the first round) and the cards ``drawn`` (None: the rounds given stop here)."""

    number: int
    seating: Sequence[str]
    contenders: Sequence[str]
    drawn: Mapping[str, RookCard] | None


@enforces("ROOK-DEALER")
def cut_for_deal(cut: Cut) -> Refusal | None:
    """The first dealer is chosen by a cut (highest deals); the deal then passes to the previous dealer's left."""
    # The cut ranks by number alone (colours do not count), the Rook above a 14, and the
    # players who tie for the highest cut again (an interpretation): RookGame._cut_for_deal.
    # The deal passing left is RookGame._pass_the_deal.
    number, contenders, drawn = cut.number, cut.contenders, cut.drawn
    if len(contenders) == 1:
        return Refusal(
            "ROOK-DEALER",
            lambda: (
                f"{contenders[0]} cut the highest card in round {number - 1}: nobody cuts "
                "again after that"
            ),
        )
    if drawn is None:
        return Refusal(
            "ROOK-DEALER",
            lambda: (
                f"{_and(contenders)} tie for the highest card: they cut again, and the "
                "cut given stops here"
            ),
        )
    if sorted(drawn, key=cut.seating.index) != list(contenders):
        who = "everyone" if number == 1 else f"only {_and(contenders)}, who tied,"
        return Refusal(
            "ROOK-DEALER",
            lambda: f"in round {number} of the cut {who} cuts a card, not {_and(list(drawn))}",
        )
    return check_pack(list(drawn.values()), complete=False)


def _cut_rank(card: RookCard) -> int:
    return 15 if card.number is None else card.number


def _and(words: Iterable[str]) -> str:
    w = list(words)
    return w[0] if len(w) == 1 else f"{', '.join(w[:-1])} and {w[-1]}"


def _conforms(hand: RookHand, game: RookGame) -> tuple[Game, Game]:
    """Both engines satisfy :class:`cardlib.game.Game` (checked by mypy)."""
    return hand, game
