"""Go Fish: the rule sets ``pagat`` (the default), ``bicycle`` and ``gamerules``.

Every rule is enforced here and every refusal is a :class:`RuleViolation` carrying its ID::

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
moved, in order, each with its rule:

=============  ==========================================================================
kind           what happened (``player``, ``other``, ``cards``, ``value``)
=============  ==========================================================================
``ask``        ``player`` asks ``other``; ``value`` is the rank (or the card) asked for
``hand-over``  ``other`` hands ``cards`` to ``player`` (GF-GIVE-ALL, GF-VAR-CARD)
``fish``       ``other`` says "Go fish"; ``player`` draws ``cards`` (GF-GO-FISH)
``lucky-draw`` whether the card drawn is the one asked for: ``value`` True or False
``miss``       ``other`` has none and there is no stock: nobody fishes (GF-NO-STOCK)
``book``       ``player`` lays aside the four ``cards`` of rank ``value`` (GF-BOOK)
``exhausted``  the stock has run out and play goes on (GF-NO-STOCK)
``refill``     ``player``'s empty hand takes ``cards`` from the stock (GF-VAR-REFILL)
``empty-draw`` ``player`` has no cards and takes ``cards`` from the stock (GF-EMPTY-DRAW)
``out``        ``player`` has no cards and there is no stock: out of the game
``turn``       the turn goes to ``player``; ``value`` is the rule (GF-NEXT, GF-CATCH-AGAIN)
``end``        the game is over; ``value`` is the rule that ended it
``win``        ``value`` is the winners (several on a tie) (GF-WIN)
=============  ==========================================================================

Decisions where the sources leave a gap (each is also stated in the rule catalogue, as an
interpretation where it is ours):

* Books in the dealt hands are laid aside before the first request (GF-BOOK, "at once").
* The keep-playing variation (GF-END-ALL-BOOKS, GF-NO-STOCK) plays on until all 13 books
  are made, so nothing else ends the game: a player whose hand empties while there is a
  stock takes one card from it when their turn comes, as Bicycle's rule says (the sources
  give no other way to go on), and once the stock is exhausted a player whose hand empties
  is out (passed over, cannot be asked) while the others play on to 13 books.
* Bicycle's empty-hand draw (GF-EMPTY-DRAW) is not a choice, so it is not a move: when the
  turn reaches a player with no cards (or a player's own turn leaves them with none) they
  take the top card of the stock at once, or are out if there is none.  A player with no
  cards while there is a stock is still in the game and may be asked (they say "Go fish").
* The refill variation (GF-VAR-REFILL) refills an empty hand at once, whoever's turn it
  is, with five cards (or what is left of the stock).
* A player who is asked for a card they do not hold in the specific-card variation says
  "Go fish"; asking for a card you hold yourself is refused unless the table agreed to it
  (``ask_own_card=True``), in which case it simply sends you fishing.

Internally a hand is 13 four-bit masks (one bit a suit, one mask a rank) with a card count
and a bitmask of the ranks held, and the stock is a list of card codes with its top at the
end: a request changes a few integers, nothing is copied, the legal moves are made from
cached move objects, and the facts a table repeats are built once.  Every request is checked
in one place, :meth:`GoFishGame._refusal`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, ClassVar, Literal, NoReturn

from cardlib.cards import Card, Rank, Suit, find_duplicate, shuffle, standard_deck
from cardlib.errors import NotationError, RuleViolation
from cardlib.game import Event, Fact, Game, LegalMoves, Result

RuleSet = Literal["pagat", "bicycle", "gamerules"]
RULE_SETS: tuple[RuleSet, ...] = ("pagat", "bicycle", "gamerules")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
BOOKS_IN_PACK = 13
REFILL_SIZE = 5

# GF-DEAL, as each source gives it: cards dealt to each player, by number of players.
DEAL_SIZES: Mapping[str, Mapping[int, int]] = {
    "pagat": {2: 7, 3: 5, 4: 5, 5: 5, 6: 5},
    "bicycle": {2: 7, 3: 7, 4: 5, 5: 5},
    "gamerules": {2: 7, 3: 5, 4: 5, 5: 5, 6: 5},
}

_RULE_SET_WORDS = {
    "pagat": "Pagat's basic game",
    "bicycle": "Bicycle's rules",
    "gamerules": "the Game Rules site's rules",
}


def deal_size(rule_set: str, players: int) -> int:
    """Cards dealt to each player (GF-DEAL); raises where the rule set gives no size."""
    if rule_set not in DEAL_SIZES:
        raise NotationError(
            f"{rule_set!r} is not a Go Fish rule set: use {', '.join(map(repr, RULE_SETS))}"
        )
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleViolation(
            "GF-PLAYERS", f"Go Fish is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
        )
    sizes = DEAL_SIZES[rule_set]
    if players not in sizes:
        listed = ", ".join(f"{n} players: {k} each" for n, k in sizes.items())
        raise RuleViolation(
            "GF-DEAL",
            f"{_RULE_SET_WORDS[rule_set]} give no deal size for {players} players "
            f"(they list {listed}); choose another rule set for {players}",
        )
    return sizes[players]


# -- the pack as small integers ------------------------------------------------------
# A card's code is its index in standard_deck(): suit-major, so code = suit * 13 + rank - 1.

_DECK: tuple[Card, ...] = tuple(standard_deck())
_SUITS: tuple[Suit, ...] = tuple(Suit)
_RANKS: tuple[Rank, ...] = tuple(Rank)
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}
_CODE: dict[Card, int] = {c: i for i, c in enumerate(_DECK)}
_RANK_OF = tuple(i % 13 for i in range(52))
_BIT_OF = tuple(1 << (i // 13) for i in range(52))
_CARD_TEXT = tuple(str(c) for c in _DECK)
_RANK_TEXT = tuple(r.symbol for r in _RANKS)
_POP = tuple(bin(m).count("1") for m in range(16))
# the codes, and the text, of the cards of rank r whose suits are the bits of m
_CODES = tuple(
    tuple(tuple(s * 13 + r for s in range(4) if m >> s & 1) for m in range(16)) for r in range(13)
)
_CODES_TEXT = tuple(
    tuple(", ".join(_CARD_TEXT[c] for c in row[m]) for m in range(16)) for row in _CODES
)
# the rank indices whose bits are set in a 13-bit mask, in order: the lowest set bit, then the
# ranks of the mask without it (built from the smaller masks, a third of the import time of
# testing 13 bits of each of the 8,192 masks)
_ranks_in: list[tuple[int, ...]] = [()] * (1 << 13)
for _m in range(1, 1 << 13):
    _ranks_in[_m] = ((_m & -_m).bit_length() - 1, *_ranks_in[_m & (_m - 1)])
_RANKS_IN = tuple(_ranks_in)
del _ranks_in, _m
_PLURAL = tuple(t + "s" for t in _RANK_TEXT)


# -- moves ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GoFishMove:
    """A request in notation: ``GoFishMove.parse("ask Ben 8")`` or ``"ask Ben 8H"``.

    ``card`` is set only in the specific-card variation (GF-VAR-CARD); ``rank`` is then
    the card's rank.
    """

    kind: Literal["ask"]
    target: str
    rank: Rank
    card: Card | None = None

    def __post_init__(self) -> None:
        if self.kind != "ask":
            raise NotationError(f"{self.kind!r} is not a Go Fish move: the only move is 'ask'")
        if not isinstance(self.target, str) or " ".join(self.target.split()) != self.target:
            raise NotationError(f"{self.target!r} is not a player's name")
        if not self.target:
            raise NotationError("a request names the player asked: write 'ask Ben 8'")
        if not isinstance(self.rank, Rank):
            raise NotationError(f"{self.rank!r} is not a rank")
        if self.card is not None and (
            not isinstance(self.card, Card) or self.card.rank != self.rank
        ):
            raise NotationError(f"{self.card!r} is not a card of rank {self.rank}")

    @classmethod
    def ask(cls, target: str, what: Rank | Card | str) -> GoFishMove:
        """``GoFishMove.ask("Ben", "8")``, ``GoFishMove.ask("Ben", Card.parse("8H"))``."""
        if isinstance(what, Card):
            return cls("ask", target, what.rank, what)
        if isinstance(what, Rank):
            return cls("ask", target, what)
        return cls.parse(f"ask {target} {what}")

    @classmethod
    def parse(cls, text: str | GoFishMove) -> GoFishMove:
        if isinstance(text, GoFishMove):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a Go Fish move")
        words = text.split()
        if len(words) < 3 or words[0].lower() != "ask":
            raise NotationError(
                f"{text!r} is not a Go Fish move: write 'ask <player> <rank>', like 'ask Ben 8', "
                "or 'ask Ben 8H' when asking for one card"
            )
        name, last = " ".join(words[1:-1]), words[-1]
        try:
            card = Card.parse(last)
        except NotationError:
            try:
                rank = Rank.parse(last)
            except NotationError:
                raise NotationError(
                    f"{text!r}: {last!r} is neither a rank (A, 2-10, J, Q, K) nor a card (8H)"
                ) from None
            return cls("ask", name, rank)
        return cls("ask", name, card.rank, card)

    def __str__(self) -> str:
        return f"ask {self.target} {self.card if self.card is not None else self.rank}"

    def __repr__(self) -> str:
        return f"GoFishMove.parse({str(self)!r})"


# Moves are values: one object per (target, rank) is built once and shared by every game.
_ASK_ROWS: dict[str, tuple[GoFishMove, ...]] = {}


def _ask_row(name: str) -> tuple[GoFishMove, ...]:
    row = _ASK_ROWS.get(name)
    if row is None:
        row = _ASK_ROWS[name] = tuple(GoFishMove("ask", name, r) for r in _RANKS)
    return row


_CARD_ASKS: dict[tuple[str, int], GoFishMove] = {}


def _card_ask(name: str, code: int) -> GoFishMove:
    move = _CARD_ASKS.get((name, code))
    if move is None:
        card = _DECK[code]
        move = _CARD_ASKS[name, code] = GoFishMove("ask", name, card.rank, card)
    return move


@dataclass(frozen=True, slots=True)
class GoFishOptions:
    """The rule set and the variations a table agrees before play.

    ``rule_set`` is ``"pagat"`` (default), ``"bicycle"`` or ``"gamerules"``.  The switches
    add one named variation each and are off by default:

    * ``specific_card`` -- ask for one card, not a rank (GF-VAR-CARD); ``ask_own_card``
      says whether you may ask for a card you hold (the table must agree it beforehand).
    * ``refill`` -- an empty hand takes five cards from the stock (GF-VAR-REFILL).
    * ``keep_playing`` -- play on after the stock is exhausted until all 13 books are made
      (GF-NO-STOCK, GF-END-ALL-BOOKS).  Bicycle's own rules already do this.
    * ``next_player`` -- where the turn goes after a miss (GF-NEXT): ``None`` is the rule
      set's own answer (``"left"`` for pagat and bicycle, ``"asked"`` for gamerules);
      ``"asked"`` under pagat is the variation Pagat lists.
    """

    rule_set: RuleSet = "pagat"
    specific_card: bool = False
    ask_own_card: bool = False
    refill: bool = False
    keep_playing: bool = False
    next_player: Literal["left", "asked"] | None = None

    def __post_init__(self) -> None:
        if self.rule_set not in RULE_SETS:
            raise NotationError(
                f"{self.rule_set!r} is not a Go Fish rule set: use "
                f"{', '.join(map(repr, RULE_SETS))}"
            )
        if self.next_player not in (None, "left", "asked"):
            raise NotationError(
                f"next_player {self.next_player!r} is not a choice: use 'left', 'asked' or None"
            )
        if self.ask_own_card and not self.specific_card:
            raise NotationError(
                "ask_own_card only has a meaning in the specific-card variation "
                "(specific_card=True)"
            )

    @property
    def passes_to(self) -> Literal["left", "asked"]:
        """Where the turn goes after a miss, with the rule set's default filled in."""
        if self.next_player is not None:
            return self.next_player
        return "asked" if self.rule_set == "gamerules" else "left"

    @property
    def plays_on(self) -> bool:
        """Does play go on after the stock is exhausted (Bicycle, or the keep-playing variation)?"""
        return self.rule_set == "bicycle" or self.keep_playing

    def describe(self) -> str:
        variants = []
        if self.specific_card:
            own = "may" if self.ask_own_card else "may not"
            variants.append(f"ask for a specific card (you {own} ask for a card you hold)")
        if self.refill:
            variants.append(f"refill an empty hand with {REFILL_SIZE} cards")
        if self.keep_playing:
            variants.append(
                "keep playing after the stock (Bicycle's own rule)"
                if self.rule_set == "bicycle"
                else "keep playing after the stock is exhausted"
            )
        default = "asked" if self.rule_set == "gamerules" else "left"
        if self.next_player is not None and self.next_player != default:
            variants.append(
                "after a miss the turn passes to the player asked"
                if self.next_player == "asked"
                else "after a miss the turn passes to the asker's left"
            )
        return (
            f"rule set {self.rule_set} ({_RULE_SET_WORDS[self.rule_set]}); "
            f"variants: {', '.join(variants) if variants else 'none'}"
        )


_DEFAULT_OPTIONS = GoFishOptions()


class _Table:
    """A seating, checked and worked out once and shared by every game at it: the names and
    seat numbers, each player's cached requests, everybody else clockwise from each
    player's left, and the facts its games repeat (a request, the turn passing), all
    immutable once made."""

    __slots__ = (
        "again",
        "asked",
        "everyone",
        "fished",
        "given",
        "legal",
        "lucky",
        "memo",
        "names",
        "next",
        "others",
        "rows",
        "seat",
    )

    def __init__(self, names: tuple[str, ...]) -> None:
        n = len(names)
        self.names = names
        self.seat = {name: i for i, name in enumerate(names)}
        self.rows = [_ask_row(name) for name in names]
        self.others = [tuple((p + k) % n for k in range(1, n)) for p in range(n)]
        #: the facts of the table's requests, made when first told (see _fact) ...
        self.memo: dict[Any, Fact] = {}
        # ... and, in lists, those of the basic game, by asker p, player asked q (pq = p*n + q),
        # rank index r, suits handed over m (a 4-bit mask) and card drawn c (its code):
        self.asked: list[Fact | None] = [None] * (n * n * 13)  # [pq*13 + r]
        self.given: list[Fact | None] = [None] * (n * n * 13 * 16)  # [(pq*13 + r)*16 + m]
        self.fished: list[Fact | None] = [None] * (n * n * 52)  # [pq*52 + c]
        self.lucky: list[Fact | None] = [None] * (n * 52 * 13)  # [(p*52 + c)*13 + r]
        #: per player, the legal requests (with a stock) by the ranks held (a 13-bit mask),
        #: the first _LEGAL_KEPT seen kept for each player
        self.legal: list[dict[int, tuple[GoFishMove, ...]]] = [{} for _ in range(n)]
        #: per player, every request of every other player (clockwise from the player's
        #: left) for every rank, in one tuple
        self.everyone = [tuple(m for q in self.others[p] for m in self.rows[q]) for p in range(n)]
        #: "the turn passes to p" (GF-NEXT) and "p asks again" (GF-CATCH-AGAIN), per player
        self.next = tuple(
            Fact("turn", _R_NEXT, _T_NEXT, (x,), x, (), None, "GF-NEXT") for x in names
        )
        self.again = tuple(
            Fact("turn", _R_AGAIN, _T_AGAIN, (x,), x, (), None, "GF-CATCH-AGAIN") for x in names
        )


_TABLES: dict[tuple[str, ...], _Table] = {}
_LEGAL_KEPT = 1024  # sets of legal requests a table keeps per player: a few MB at most


def _names_key(players: object) -> tuple[str, ...] | None:
    """The key of a table already seated: the names as a tuple, whether the players came as
    a tuple or a list (anything else is checked afresh by :func:`_table`)."""
    if type(players) is tuple:
        return players  # checked when it was seated
    if type(players) is list and all(type(p) is str for p in players):
        return tuple(players)
    return None


def _table(players: Sequence[str]) -> _Table:
    """The seating of a table, checked and worked out once: names, seat numbers, each
    player's cached requests, everybody else clockwise from each player's left, the facts
    its games share (see :func:`_fact`), and the requests each player can make of the others."""
    if isinstance(players, str):
        raise NotationError(f"players is a list of names, not the string {players!r}")
    names = tuple(str(p) for p in players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RuleViolation(
            "GF-PLAYERS",
            f"Go Fish is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}",
        )
    if len(set(names)) != len(names) or not all(n and " ".join(n.split()) == n for n in names):
        raise NotationError(
            f"players need distinct, non-empty names without extra spaces: {list(names)!r}"
        )
    table = _Table(names)
    if len(_TABLES) < 1000:
        _TABLES[names] = table
    return table


# -- narration ----------------------------------------------------------------------
# A request records what happened as facts (cardlib.game.Fact): what moved, to whom, and
# the rules that decided it.  The text templates are filled in only when someone reads
# Event.text, so playing stays cheap; the facts a table repeats (a request, a hand-over,
# a book, a draw, the turn passing) are built once per table and shared.

_T_ASK = "{} asks {} for {}"
_T_ASK_CARD = "{} asks {} for {} (GF-VAR-CARD)"
_T_GIVE = "{} hands over {} (GF-GIVE-ALL)"
_T_GIVE_ONE = "{} hands it over (GF-VAR-CARD)"
_T_BOOK = "{} shows all four {} and lays the book aside (GF-BOOK)"
_T_FISH = '{} says "Go fish" and {} draws {} (GF-GO-FISH)'
_T_LUCKY = "it is the {} asked for: {} shows it and asks again (GF-LUCKY-DRAW)"
_T_UNLUCKY = "{} is not the {} asked for, so {} keeps it and the turn ends (GF-LUCKY-DRAW)"
_T_NONE = "{} has none and the stock is exhausted, so nobody fishes (GF-NO-STOCK)"
_T_EXHAUSTED = "the stock is exhausted: play goes on without fishing (GF-NO-STOCK)"
_T_REFILL = "{}'s hand is empty, so {} takes {} cards from the stock: {} (GF-VAR-REFILL)"
_T_EMPTY_DRAW = "{} has no cards, so takes {} from the stock and asks for {} (GF-EMPTY-DRAW)"
_T_OUT = "{} has no cards and there is no stock: {} is out ({})"  # the rule differs by set
_T_AGAIN = "{} asks again (GF-CATCH-AGAIN)"
_T_NEXT = "the turn passes to {} (GF-NEXT)"
_T_END = "{}, so the game is over ({})"
_T_WIN = "{} (GF-WIN)"
_R_NONE = ()
_R_GIVE = ("GF-GIVE-ALL",)
_R_CARD = ("GF-VAR-CARD",)
_R_BOOK = ("GF-BOOK",)
_R_FISH = ("GF-GO-FISH",)
_R_LUCKY = ("GF-LUCKY-DRAW",)
_R_NO_STOCK = ("GF-NO-STOCK",)
_R_REFILL = ("GF-VAR-REFILL",)
_R_EMPTY_DRAW = ("GF-EMPTY-DRAW",)
_R_AGAIN = ("GF-CATCH-AGAIN",)
_R_NEXT = ("GF-NEXT",)
_R_WIN = ("GF-WIN",)
_EXHAUSTED = Fact("exhausted", _R_NO_STOCK, _T_EXHAUSTED)
# the cards of rank r whose suits are the bits of m, as Card objects
_CARDS_OF = tuple(tuple(tuple(_DECK[c] for c in row[m]) for m in range(16)) for row in _CODES)


def _fact(memo: dict[Any, Fact], key: Any, *fields: Any) -> Fact:
    """The fact ``Fact(*fields)``, kept in the table's ``memo`` under ``key``.  Callers look
    first (``memo.get(key) or _fact(memo, key, ...)``), so a fact a table has already made
    costs one dictionary lookup."""
    fact = memo[key] = Fact(*fields)
    return fact


Pick = Callable[[tuple[GoFishMove, ...]], tuple[GoFishMove, ...]]
#: _PICKS[k][mask](asks): from the requests of k other players for every rank, 13 a player
#: (a table's _Table.everyone), those for the ranks whose bits are set in mask, in C; each
#: made the first time it is needed (see _pick): at most 5 x 8192, shared by every table
_PICKS: list[list[Pick | None]] = [[None] * (1 << 13) for _ in range(MAX_PLAYERS)]


def _pick(k: int, mask: int) -> Pick:
    places = [t * 13 + r for t in range(k) for r in _RANKS_IN[mask]]
    pick: Pick
    if len(places) == 1:  # an itemgetter of one place gives the item, not a tuple
        i = places[0]
        pick = lambda asks: (asks[i],)  # noqa: E731
    else:
        pick = itemgetter(*places) if places else lambda asks: ()
    _PICKS[k][mask] = pick
    return pick


_TURN_WORDS = {
    "GF-FIRST": "{who} asks first",
    "GF-CATCH-AGAIN": "{who} got cards and asks again",
    "GF-LUCKY-DRAW": "{who} fished the card asked for and asks again",
    "GF-NEXT": "the turn passed to {who}",
    "GF-EMPTY-DRAW": "{who} had no cards, drew one from the stock and asks",
}


class GoFishGame:
    """One game of Go Fish.

    ``players`` are named in clockwise seat order; ``dealer`` defaults to the last, so the
    first named player is on the dealer's left.  The deal comes from ``deck`` (52 cards,
    top first) when given, otherwise from the standard pack shuffled with ``seed`` (a
    seeded sort by random keys: the same seed always gives the same deal, though not the
    order :func:`cardlib.cards.shuffled` gives).  Cards go one at a time clockwise from the
    dealer's left (GF-DEAL); the rest is the stock.  Under ``gamerules`` the first player
    is drawn at random from the same seed (GF-FIRST).  With ``record=False`` the game keeps
    no log of its events (for simulations); :attr:`last_event` is kept either way.
    """

    game: ClassVar[str] = "go-fish"

    def __init__(
        self,
        players: Sequence[str],
        *,
        dealer: str | None = None,
        options: GoFishOptions | None = None,
        seed: int | str | float | None = 0,
        deck: Sequence[Card | str] | None = None,
        record: bool = True,
    ) -> None:
        self._setup_players(players, dealer, options, seed, record)
        n = self._n
        size = deal_size(self.options.rule_set, n)
        if deck is None:
            # a uniform shuffle, sorting by random keys: several times faster than shuffle()
            rand = self._rng.random
            keys = [rand() for _ in range(52)]
            order = sorted(range(52), key=keys.__getitem__)
        else:
            cards = [Card.parse(c) if isinstance(c, str) else c for c in deck]
            _check_pack(cards, complete=True)
            order = [_CODE[c] for c in cards]
        # GF-DEAL: one at a time, clockwise from the dealer's left.
        first = (self.players.index(self.dealer) + 1) % n
        hands = self._hands
        held = self._held
        for i in range(n * size):
            code = order[i]
            p = (first + i) % n
            r = _RANK_OF[code]
            hands[p][r] |= _BIT_OF[code]
            held[p] |= 1 << r
        self._size = [size] * n
        self._stock = order[n * size :][::-1]  # the top of the stock is the end of the list
        self._lay_aside_dealt_books()
        # GF-FIRST: the dealer's left, or a player chosen at random (gamerules).
        start = self._rng.randrange(n) if self.options.rule_set == "gamerules" else first
        facts: list[Fact] = []
        self._give_turn(start, "GF-FIRST", facts, narrate=False)
        self.setup_log += [str(f) for f in facts]

    # -- construction ---------------------------------------------------------------

    def _setup_players(
        self,
        players: Sequence[str],
        dealer: str | None,
        options: GoFishOptions | None,
        seed: int | str | float | None,
        record: bool,
    ) -> None:
        key = _names_key(players)
        table = _TABLES.get(key) if key is not None else None
        if table is None:
            table = _table(players)
        self._table = table
        self.players, self._seat, self._rows = table.names, table.seat, table.rows
        self._others, self._memo, self._everyone = table.others, table.memo, table.everyone
        self.options = options = options or _DEFAULT_OPTIONS
        n = self._n = len(self.players)
        if n not in DEAL_SIZES[options.rule_set]:
            deal_size(options.rule_set, n)  # GF-DEAL: raises, this game is not defined
        self.dealer = self.players[-1] if dealer is None else self._player(dealer)
        self.seed = seed
        self._rng = random.Random(seed)
        self._hands: list[list[int]] = [[0] * 13 for _ in range(n)]
        self._held = [0] * n
        self._size = [0] * n
        self._stock = []
        self._books: list[list[int]] = [[] for _ in range(n)]
        self._nbooks = 0
        self._out = [False] * n
        self._turn: int | None = None
        #: True once the game is over (a plain attribute: bulk play reads it every move)
        self.is_over = False
        self._stamp = 0
        self.turn_rule = "GF-FIRST"
        self.ended_by: str | None = None
        self._end_reason = ""
        self._specific = options.specific_card
        self._ask_own = options.ask_own_card
        self._refill = options.refill
        self._plays_on = options.plays_on
        self._bicycle = options.rule_set == "bicycle"
        self._to_asked = options.passes_to == "asked"
        self._record = record
        self.log: list[Event] = []
        self.last_event: Event | None = None
        self.setup_log: list[str] = []

    def _lay_aside_dealt_books(self) -> None:
        """GF-BOOK: a book in a dealt hand is shown and laid aside before the first request."""
        for p in range(self._n):
            hand = self._hands[p]
            if 15 not in hand:
                continue
            for r in range(13):
                if hand[r] == 15:
                    hand[r] = 0
                    self._held[p] &= ~(1 << r)
                    self._size[p] -= 4
                    self._books[p].append(r)
                    self._nbooks += 1
                    self.setup_log.append(
                        f"{self.players[p]} was dealt all four {_PLURAL[r]} and lays them aside "
                        "(GF-BOOK)"
                    )

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
        options: GoFishOptions | None = None,
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
        self._setup_players(players, dealer, options, seed, record)
        for name in list(hands) + list(books or {}) + list(hand_sizes or {}):
            self._player(name)
        named: list[Card] = [
            Card.parse(c) if isinstance(c, str) else c for h in hands.values() for c in h
        ]
        top = [Card.parse(c) if isinstance(c, str) else c for c in stock]
        booked: dict[int, int] = {}
        for name, ranks in (books or {}).items():
            for rank in ranks:
                r = _as_rank(rank) - 1
                if r in booked:
                    raise RuleViolation(
                        "GF-DECK",
                        f"the {_PLURAL[r]} cannot be a book of both {self.players[booked[r]]} and "
                        f"{name}: each rank has four cards",
                    )
                booked[r] = self._seat[name]
        in_books = [_DECK[s * 13 + r] for r in booked for s in range(4)]
        _check_pack(named + top + in_books, complete=False)
        for p in range(self._n):
            name = self.players[p]
            for card in hands.get(name, ()):
                c = _CODE[card if isinstance(card, Card) else Card.parse(card)]
                r = _RANK_OF[c]
                self._hands[p][r] |= _BIT_OF[c]
                self._held[p] |= 1 << r
                self._size[p] += 1
                if self._hands[p][r] == 15:
                    raise RuleViolation(
                        "GF-BOOK",
                        f"{name} cannot hold all four {_PLURAL[r]}: a book is laid aside at "
                        "once, so list it under books",
                    )
        for r, p in booked.items():
            self._books[p].append(r)
            self._nbooks += 1
        used = {_CODE[c] for c in (*named, *top, *in_books)}
        # the rest of the pack, seeded: the pack's codes shuffled as the pack itself would be
        pack = list(range(52))
        shuffle(pack, random.Random(self._rng.random()))
        rest = [c for c in pack if c not in used]
        for name, want in (hand_sizes or {}).items():
            p = self._seat[name]
            hand = self._hands[p]
            if want < self._size[p]:
                raise NotationError(
                    f"hand_sizes[{name!r}] is {want}, but {self._size[p]} cards are named for {name}"
                )
            keep: list[int] = []
            while self._size[p] < want and rest:
                c = rest.pop()
                r = _RANK_OF[c]
                if hand[r] | _BIT_OF[c] == 15:
                    keep.append(c)  # would make a book in hand: leave it for the stock
                    continue
                hand[r] |= _BIT_OF[c]
                self._held[p] |= 1 << r
                self._size[p] += 1
            rest += keep
            if self._size[p] < want:
                raise RuleViolation(
                    "GF-DECK", f"there are not enough cards left in the pack to give {name} {want}"
                )
        self._stock = rest + [_CODE[c] for c in reversed(top)]
        start = self._seat[self._player(to_move)] if to_move is not None else None
        if start is None:
            first = (self.players.index(self.dealer) + 1) % self._n
            start = self._rng.randrange(self._n) if self.options.rule_set == "gamerules" else first
        facts: list[Fact] = []
        for p in range(self._n):
            self._settle_hand(p, facts)
        end = self._end_check(range(self._n))
        if end is not None:
            self._finish(end[0], end[1], facts)
        else:
            rule = "GF-FIRST" if to_move is None else "GF-NEXT"
            self._give_turn(start, rule, facts, narrate=False)
        self.setup_log += [str(f) for f in facts]
        return self

    def copy(self) -> GoFishGame:
        """An independent copy: playing on it never changes this game."""
        new = object.__new__(GoFishGame)
        new.__dict__.update(self.__dict__)
        new._hands = [h[:] for h in self._hands]
        new._held = self._held[:]
        new._size = self._size[:]
        new._stock = self._stock[:]
        new._books = [b[:] for b in self._books]
        new._out = self._out[:]
        new.log = self.log[:]
        new.setup_log = self.setup_log[:]
        new._rng = random.Random(0)  # cheap to seed; its state is replaced at once
        new._rng.setstate(self._rng.getstate())
        return new

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
        return None if self._turn is None else self.players[self._turn]

    @property
    def turn_reason(self) -> str:
        """Why it is this player's turn, with the rule ID: ``"the turn passed to Ben (GF-NEXT)"``."""
        if self._turn is None:
            return f"nobody's: {self._end_reason} ({self.ended_by})"
        who = self.players[self._turn]
        words = _TURN_WORDS[self.turn_rule].format(who=who)
        if self.turn_rule == "GF-FIRST":
            words += (
                ", chosen at random"
                if self.options.rule_set == "gamerules"
                else " from the dealer's left"
            )
        return f"{words} ({self.turn_rule})"

    @property
    def end_rule(self) -> str:
        """The rule that ended the game, or that will end it under this rule set."""
        if self.ended_by:
            return self.ended_by
        return "GF-END-ALL-BOOKS" if self._plays_on else "GF-END-EMPTY"

    @property
    def out_rule(self) -> str:
        """The rule that puts a player with no cards and no stock out of the game."""
        return "GF-EMPTY-DRAW" if self._bicycle else "GF-NO-STOCK"

    def legal_moves(self) -> LegalMoves[GoFishMove]:
        """The legal requests now, as a live view (``"ask Ben 8" in game.legal_moves()``)."""
        return LegalMoves(self)

    @staticmethod
    def parse_move(text: str | GoFishMove) -> GoFishMove:
        """``"ask Ben 8"`` as a :class:`GoFishMove`; raises :class:`NotationError`."""
        return GoFishMove.parse(text)

    def play(self, move: str | GoFishMove, *, player: str | None = None) -> Event:
        """Check and make one request; raise :class:`RuleViolation` naming the rule if illegal.

        A refused request leaves the game unchanged.
        """
        mv = move if type(move) is GoFishMove else GoFishMove.parse(move)
        p = self._turn
        if player is not None:
            x = self._seat.get(self._player(player))
            if p is None:
                self._refuse_over()
            if x != p:
                self._refuse_turn(player)
        if p is None:
            self._refuse_over()
        assert p is not None
        q = self._seat.get(mv.target)
        r = mv.rank - 1
        refusal = self._refusal(p, q, r, mv)
        if refusal is not None:
            raise refusal
        assert q is not None
        event = self._ask(p, q, r, mv)
        self._stamp += 1
        self.last_event = event
        if self._record:
            self.log.append(event)
        return event

    def result(self) -> Result:
        """Each player's number of complete books, and the winners (GF-WIN); only once the
        game is over."""
        if self._turn is not None:
            raise RuleViolation(
                self.end_rule,
                f"the game is not over yet: {self.to_move} is to ask and {self._nbooks} of "
                f"{BOOKS_IN_PACK} books are made",
            )
        counts = self.book_counts()
        best = max(counts.values())
        return Result(counts, [p for p in self.players if counts[p] == best])

    def winners(self) -> list[str]:
        """The players with the most books once the game is over; more than one is a tie (GF-WIN)."""
        return list(self.result().winners)

    def describe(self) -> str:
        counts = self.book_counts()
        books = ", ".join(f"{p} {k}" for p, k in counts.items())
        state = (
            f"the game is over ({self._end_reason}, {self.ended_by}); {self._winner_words()}"
            if self.is_over
            else f"{self.to_move} to ask: {self.turn_reason}"
        )
        return (
            f"Go Fish ({self.options.describe()}), {self._n} players "
            f"({', '.join(self.players)}; {self.dealer} deals "
            f"{deal_size(self.options.rule_set, self._n)} cards each); "
            f"stock {len(self._stock)}; books: {books}; {state}"
        )

    def __repr__(self) -> str:
        return f"<GoFishGame {self.describe()}>"

    def _repr_html_(self) -> str:
        from cardlib.gofish.render import gofish_game_html

        return gofish_game_html(self)

    # -- views -----------------------------------------------------------------------

    @property
    def hands(self) -> dict[str, list[Card]]:
        """Every hand, each sorted by rank then suit."""
        return {name: self.hand(name) for name in self.players}

    def hand(self, player: str) -> list[Card]:
        h = self._hands[self._seat[self._player(player)]]
        return [_DECK[c] for r in range(13) for c in _CODES[r][h[r]]]

    @property
    def books(self) -> dict[str, list[Rank]]:
        """The ranks of each player's books, in the order they were made."""
        return {name: [_RANKS[r] for r in self._books[p]] for p, name in enumerate(self.players)}

    def book_counts(self) -> dict[str, int]:
        return {name: len(self._books[p]) for p, name in enumerate(self.players)}

    @property
    def stock(self) -> list[Card]:
        """The stock, top card first."""
        return [_DECK[c] for c in reversed(self._stock)]

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    def is_out(self, player: str) -> bool:
        """Has this player left the game: no cards, and no stock to draw from?"""
        p = self._seat[self._player(player)]
        return not self._size[p] and not self._stock and self._plays_on

    # -- refusals --------------------------------------------------------------------

    def _player(self, name: object) -> str:
        """``name`` if it is one of the players; otherwise a :class:`NotationError`."""
        if not isinstance(name, str) or name not in self._seat:
            raise NotationError(
                f"{name!r} is not a player here: the players are {', '.join(self.players)}"
            )
        return name

    def _refuse_over(self) -> NoReturn:
        raise RuleViolation(
            self.end_rule,
            f"the game is over ({self._end_reason}): no more requests; {self._winner_words()}",
        )

    def _refuse_turn(self, player: str) -> NoReturn:
        rule = "GF-FIRST" if not self._stamp and self.turn_rule == "GF-FIRST" else "GF-NEXT"
        raise RuleViolation(
            rule,
            f"it is {self.to_move}'s turn, not {player}'s: {self.turn_reason}",
        )

    def _refusal(self, p: int, q: int | None, r: int, mv: GoFishMove) -> RuleViolation | None:
        """The rule that forbids player ``p`` to make request ``mv`` (asking seat ``q`` for
        rank index ``r``), or None if it is legal.  The one place requests are checked."""
        if q is None:
            return RuleViolation(
                "GF-ASK-TARGET",
                f"{self.players[p]} cannot ask {mv.target!r}: nobody of that name is playing "
                f"(the players are {', '.join(self.players)})",
            )
        if q == p:
            return RuleViolation(
                "GF-ASK-TARGET",
                f"{self.players[p]} cannot ask themself: name one of the other players",
            )
        if not (self._size[q] or self._stock):
            return RuleViolation(
                "GF-ASK-TARGET",
                f"{mv.target} is out of the game (no cards and no stock left): "
                "ask a player who is still playing",
            )
        card = mv.card
        if (card is None) is self._specific:
            if self._specific:
                return RuleViolation(
                    "GF-VAR-CARD",
                    f"this table plays the specific-card variation: name one card, like "
                    f"'ask {mv.target} {_CARD_TEXT[_SUIT_INDEX[Suit.HEARTS] * 13 + r]}'",
                )
            return RuleViolation(
                "GF-VAR-CARD",
                f"this table asks for ranks, not single cards (the specific-card variation is "
                f"off): write 'ask {mv.target} {_RANK_TEXT[r]}'",
            )
        if not self._held[p] >> r & 1:
            for owner, ranks in enumerate(self._books):
                if r in ranks:
                    return RuleViolation(
                        "GF-BOOK",
                        f"the {_PLURAL[r]} are already a book in front of {self.players[owner]}: "
                        "a rank laid aside can no longer be asked for",
                    )
            held = ", ".join(_RANK_TEXT[x] for x in _RANKS_IN[self._held[p]]) or "nothing"
            return RuleViolation(
                "GF-ASK-HOLD",
                f"{self.players[p]} holds no {_PLURAL[r]}: you may only ask for a rank you hold "
                f"({self.players[p]} holds {held})",
            )
        if card is not None and not self._ask_own and self._hands[p][r] & _BIT_OF[_CODE[card]]:
            return RuleViolation(
                "GF-VAR-CARD",
                f"{self.players[p]} already holds {card}, and the table agreed before play that you may "
                "not ask for a card you hold",
            )
        return None

    # -- rules -----------------------------------------------------------------------

    def _targets(self, p: int) -> list[int]:
        """The players ``p`` may ask (GF-ASK-TARGET), clockwise from ``p``'s left."""
        size, stock = self._size, self._stock
        return [q for q in self._others[p] if size[q] or stock]

    def _legal(self) -> Sequence[GoFishMove]:
        """Every request the player to move may make (the engine side of :meth:`legal_moves`):
        each player who can be asked (GF-ASK-TARGET) for each rank held (GF-ASK-HOLD), or
        for each card of those ranks in the specific-card variation (GF-VAR-CARD)."""
        p = self._turn
        if p is None:
            return ()
        if not self._specific:
            mask = self._held[p]
            if self._stock:  # everyone else can be asked: pick from the table's list, in C
                seen = self._table.legal[p]
                moves = seen.get(mask)
                if moves is None:
                    k = self._n - 1
                    moves = (_PICKS[k][mask] or _pick(k, mask))(self._everyone[p])
                    if len(seen) < _LEGAL_KEPT:
                        seen[mask] = moves
                return moves
            ranks = _RANKS_IN[mask]
            return [self._rows[q][r] for q in self._targets(p) for r in ranks]
        hand = self._hands[p]
        asks = []
        for q in self._targets(p):
            name = self.players[q]
            for r in _RANKS_IN[self._held[p]]:
                for s in range(4):
                    if self._ask_own or not hand[r] >> s & 1:
                        asks.append(_card_ask(name, s * 13 + r))
        return asks

    def _ask(self, p: int, q: int, r: int, mv: GoFishMove) -> Event:
        players = self.players
        asker, asked = players[p], players[q]
        memo = self._memo
        hands, size, held, stock = self._hands, self._size, self._held, self._stock
        hp, hq = hands[p], hands[q]
        had_stock = bool(stock)
        card = mv.card
        facts: list[Fact]
        key: tuple[Any, ...]
        told = self._table
        pq = p * self._n + q
        if card is None:
            m = hq[r]
            what = _PLURAL[r]
            asked_for = _RANK_TEXT[r]
            fact = told.asked[pq * 13 + r]
            if fact is None:
                words = (asker, asked, what)
                fact = Fact("ask", _R_NONE, _T_ASK, words, asker, (), asked, _RANKS[r])
                told.asked[pq * 13 + r] = fact
            facts = [fact]
        else:
            code = _CODE[card]
            m = hq[r] & _BIT_OF[code]
            what = asked_for = _CARD_TEXT[code]
            facts = [
                memo.get(key := ("ask", p, q, 13 + code))
                or _fact(
                    memo,
                    key,
                    "ask",
                    _R_CARD,
                    _T_ASK_CARD,
                    (asker, asked, what),
                    asker,
                    (),
                    asked,
                    card,
                )
            ]
        again = False
        if m:
            # GF-GIVE-ALL (or the one card asked for), then GF-CATCH-AGAIN.
            k = _POP[m]
            left = hq[r] & ~m
            hq[r] = left
            if not left:
                held[q] &= ~(1 << r)
            size[q] -= k
            if card is None:
                fact = told.given[(pq * 13 + r) * 16 + m]
                if fact is None:
                    handed = (asked, _CODES_TEXT[r][m])
                    fact = Fact(
                        "hand-over", _R_GIVE, _T_GIVE, handed, asker, _CARDS_OF[r][m], asked
                    )
                    told.given[(pq * 13 + r) * 16 + m] = fact
                facts.append(fact)
            else:
                facts.append(
                    memo.get(key := ("give", p, q, 13 + code))
                    or _fact(
                        memo,
                        key,
                        "hand-over",
                        _R_CARD,
                        _T_GIVE_ONE,
                        (asked,),
                        asker,
                        (card,),
                        asked,
                    )
                )
            now = hp[r] | m
            if now == 15:
                hp[r] = 0
                held[p] &= ~(1 << r)
                size[p] += k - 4
                self._books[p].append(r)
                self._nbooks += 1
                facts.append(self._book_fact(p, r))
            else:
                hp[r] = now
                size[p] += k
            again, why = True, "GF-CATCH-AGAIN"
        elif stock:
            # GF-GO-FISH: exactly one card, the top of the stock; GF-LUCKY-DRAW decides.
            c = stock.pop()
            rc = _RANK_OF[c]
            fact = told.fished[pq * 52 + c]
            if fact is None:
                said = (asked, asker, _CARD_TEXT[c])
                fact = Fact("fish", _R_FISH, _T_FISH, said, asker, (_DECK[c],), asked)
                told.fished[pq * 52 + c] = fact
            facts.append(fact)
            # GF-LUCKY-DRAW: only the rank (or the card) just asked for lets the asker go on
            lucky = rc == r if card is None else c == code
            if card is None:
                fact = told.lucky[(p * 52 + c) * 13 + r]
                if fact is None:
                    fact = told.lucky[(p * 52 + c) * 13 + r] = self._lucky_fact(
                        p, c, asked_for, lucky
                    )
            else:
                fact = memo.get(key := ("lucky", p, c, 13 + code))
                if fact is None:
                    fact = memo[key] = self._lucky_fact(p, c, asked_for, lucky)
            facts.append(fact)
            if lucky:
                again, why = True, "GF-LUCKY-DRAW"
            now = hp[rc] | _BIT_OF[c]
            if now == 15:
                hp[rc] = 0
                held[p] &= ~(1 << rc)
                size[p] -= 3
                self._books[p].append(rc)
                self._nbooks += 1
                facts.append(self._book_fact(p, rc))
            else:
                hp[rc] = now
                held[p] |= 1 << rc
                size[p] += 1
        else:
            facts.append(
                _fact(
                    memo, ("miss", p, q), "miss", _R_NO_STOCK, _T_NONE, (asked,), asker, (), asked
                )
            )
        # What follows without a choice: refills, the end, the next player.
        if stock and size[p] and size[q] and self._nbooks < BOOKS_IN_PACK:
            # the usual case: nothing ran out
            nxt = p if again else q if self._to_asked else (p + 1) % self._n
            if size[nxt]:
                self._turn = nxt
                if again:
                    self.turn_rule = why
                    if why == "GF-CATCH-AGAIN":
                        facts.append(self._table.again[p])
                else:
                    self.turn_rule = "GF-NEXT"
                    facts.append(self._table.next[nxt])
                return Event(asker, mv, tuple(facts))
        if had_stock and not stock and self._plays_on and self._nbooks < BOOKS_IN_PACK:
            facts.append(_EXHAUSTED)
        if self._refill:
            self._settle_hand(p, facts)
            self._settle_hand(q, facts)
        end = self._end_check((p, q))
        if end is not None:
            self._finish(end[0], end[1], facts)
        elif again:
            self._give_turn(p, why, facts)
        else:
            self._give_turn(q if self._to_asked else (p + 1) % self._n, "GF-NEXT", facts)
        return Event(asker, mv, tuple(facts))

    def _lucky_fact(self, p: int, c: int, asked_for: str, lucky: bool) -> Fact:
        """GF-LUCKY-DRAW: player ``p`` drew card ``c``, which is or is not ``asked_for``."""
        asker, drawn = self.players[p], (_DECK[c],)
        if lucky:
            words: tuple[str, ...] = (asked_for, asker)
            return Fact("lucky-draw", _R_LUCKY, _T_LUCKY, words, asker, drawn, None, True)
        words = (_CARD_TEXT[c], asked_for, asker)
        return Fact("lucky-draw", _R_LUCKY, _T_UNLUCKY, words, asker, drawn, None, False)

    def _book_fact(self, p: int, r: int) -> Fact:
        """GF-BOOK: player ``p`` lays aside the four cards of rank index ``r``."""
        name = self.players[p]
        return self._memo.get(key := ("book", p, r)) or _fact(
            self._memo,
            key,
            "book",
            _R_BOOK,
            _T_BOOK,
            (name, _PLURAL[r]),
            name,
            _CARDS_OF[r][15],
            None,
            _RANKS[r],
        )

    def _turn_fact(self, p: int, rule: str) -> Fact:
        """The turn goes to player ``p`` (GF-NEXT), or stays with them (GF-CATCH-AGAIN)."""
        return self._table.again[p] if rule == "GF-CATCH-AGAIN" else self._table.next[p]

    def _settle_hand(self, p: int, facts: list[Fact]) -> None:
        """GF-VAR-REFILL: an empty hand takes five cards from the stock, at once."""
        if not self._refill:
            return
        name = self.players[p]
        while not self._size[p] and self._stock:
            take = [self._stock.pop() for _ in range(min(REFILL_SIZE, len(self._stock)))]
            cards = ", ".join(_CARD_TEXT[c] for c in take)
            facts.append(
                Fact(
                    "refill",
                    _R_REFILL,
                    _T_REFILL,
                    (name, name, len(take), cards),
                    name,
                    tuple(_DECK[c] for c in take),
                )
            )
            for c in take:
                self._add(p, c, facts)

    def _add(self, p: int, c: int, facts: list[Fact]) -> None:
        """One card into a hand; a completed book is laid aside at once (GF-BOOK)."""
        r = _RANK_OF[c]
        hand = self._hands[p]
        now = hand[r] | _BIT_OF[c]
        if now == 15:
            hand[r] = 0
            self._held[p] &= ~(1 << r)
            self._size[p] -= 3
            self._books[p].append(r)
            self._nbooks += 1
            facts.append(self._book_fact(p, r))
        else:
            hand[r] = now
            self._held[p] |= 1 << r
            self._size[p] += 1

    def _end_check(self, changed: Iterable[int]) -> tuple[str, str] | None:
        """The rule set's end (GF-END-EMPTY, GF-END-ALL-BOOKS), or None to play on.

        Bicycle's game and the keep-playing variation end only when all 13 books are made;
        otherwise an empty hand, or the stock running out, ends the game.
        """
        if self._nbooks == BOOKS_IN_PACK:
            if self._plays_on:
                return "GF-END-ALL-BOOKS", "all 13 books are made"
            return "GF-END-EMPTY", "all 13 books are made and every hand is empty"
        if self._plays_on:
            return None
        if self._stock:
            for p in changed:
                if not self._size[p]:
                    return "GF-END-EMPTY", f"{self.players[p]}'s hand is empty"
            return None
        return "GF-END-EMPTY", "the stock is exhausted"

    def _finish(self, rule: str, reason: str, facts: list[Fact]) -> None:
        self._turn = None
        self.is_over = True
        self.ended_by = rule
        self._end_reason = reason
        facts.append(Fact("end", (rule,), _T_END, (reason, rule), value=rule))
        counts = [len(b) for b in self._books]
        best = max(counts)
        winners = tuple(self.players[p] for p in range(self._n) if counts[p] == best)
        tally = _Tally(zip(self.players, counts, strict=True))  # told in words when read
        facts.append(Fact("win", _R_WIN, _T_WIN, (tally,), value=winners))

    def _winner_words(self) -> str:
        return str(_Tally(zip(self.players, (len(b) for b in self._books), strict=True)))

    def _give_turn(self, start: int, rule: str, facts: list[Fact], *, narrate: bool = True) -> None:
        """Hand the turn to ``start``, or on round the table past players who are out (GF-NEXT).

        A player with no cards takes one from the stock (GF-EMPTY-DRAW: Bicycle's rule, and
        our reading of the keep-playing variation); with no stock they are out (GF-EMPTY-DRAW
        under Bicycle, GF-NO-STOCK in the keep-playing variation).
        """
        size, stock, n = self._size, self._stock, self._n
        p = start
        for _ in range(n):
            if size[p]:
                break
            name = self.players[p]
            if stock and self._plays_on:
                c = stock.pop()
                r = _RANK_OF[c]
                self._hands[p][r] |= _BIT_OF[c]
                self._held[p] |= 1 << r
                size[p] = 1
                if rule == "GF-NEXT" and narrate:
                    facts.append(self._turn_fact(p, "GF-NEXT"))
                facts.append(
                    Fact(
                        "empty-draw",
                        _R_EMPTY_DRAW,
                        _T_EMPTY_DRAW,
                        (name, _CARD_TEXT[c], _PLURAL[r]),
                        name,
                        (_DECK[c],),
                    )
                )
                if not stock and self._nbooks < BOOKS_IN_PACK:
                    facts.append(_EXHAUSTED)
                rule = "GF-EMPTY-DRAW"
                break
            if not self._out[p]:
                self._out[p] = True
                out = _R_EMPTY_DRAW if self._bicycle else _R_NO_STOCK
                facts.append(Fact("out", out, _T_OUT, (name, name, out[0]), name))
            p = (p + 1) % n
            rule = "GF-NEXT"
        else:  # pragma: no cover - everybody out means all 13 books, caught by _end_check
            raise AssertionError("no player can take the turn")
        self._turn = p
        self.turn_rule = rule
        if rule == "GF-CATCH-AGAIN" or (rule == "GF-NEXT" and narrate):
            facts.append(self._turn_fact(p, rule))


class _Tally(tuple[tuple[str, int], ...]):
    """Each player's books, (name, count) in seat order, told as who wins (GF-WIN) only when
    the narration is read."""

    __slots__ = ()

    def __str__(self) -> str:
        best = max(count for _, count in self)
        top = [name for name, count in self if count == best]
        tally = ", ".join(f"{name} {count}" for name, count in self)
        noun = "book" if best == 1 else "books"
        if len(top) == 1:
            return f"{top[0]} wins with {best} {noun} (books: {tally})"
        return f"{' and '.join(top)} tie with {best} {noun} each (books: {tally})"


def _as_rank(rank: Rank | str | int) -> Rank:
    if isinstance(rank, Rank):
        return rank
    if isinstance(rank, int):
        return Rank(rank)
    return Rank.parse(rank)


def _check_pack(cards: Sequence[Card], *, complete: bool) -> None:
    dup = find_duplicate(cards)
    if dup is not None:
        raise RuleViolation("GF-DECK", f"{dup} appears twice, but the one pack has each card once")
    if complete and len(cards) != 52:
        raise RuleViolation(
            "GF-DECK", f"a Go Fish deal uses the whole 52-card pack, got {len(cards)} cards"
        )


def _conforms(game: GoFishGame) -> Game:
    """Checked by mypy: a GoFishGame is a :class:`cardlib.game.Game`."""
    return game
