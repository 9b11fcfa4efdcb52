"""The rules of Go Fish, one function a rule of the catalogue (``cardlib/gofish/catalogue.yaml``),
in the order of play.  Each is marked with the rule it enforces (``cardlib rules GF-BOOK
--code`` prints it) and its docstring is the rule.

Every refusal comes from the function of its rule.  The request rules
(:data:`REQUEST_RULES`: the game's end, the turn, the request itself) answer whether a
request may be made, each ``rule(table, request) -> Refusal | None`` (:mod:`cardlib.refusal`:
the words are written only when read), asked in order by :func:`refusal`; :func:`legal`
builds the requests they let through, legal by construction.  The rules of the setup (the
pack, the players, the deal, the first to ask, a hand set up) answer the same way, and the setup raises
their refusal (:func:`refused_setup`).  The others make what the rules make happen on the
:class:`~cardlib.gofish.table.Table` and return what happened (the cards handed over,
the card fished, whether the asker goes on), which the engine tells once as facts
(:mod:`~cardlib.gofish.narration`); where a rule both refuses and
acts, its function refuses and a helper named for what it does acts (:func:`deal`,
:func:`first_asker`, :func:`passed_to`, :func:`lay_books`).

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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, overload

from cardlib.arguments import shown, whole
from cardlib.cards import Card, Rank, Suit, find_duplicate, hand_order, of_rank
from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.gofish import narration as tell
from cardlib.gofish.moves import GoFishMove
from cardlib.gofish.options import (
    _RULE_SET_WORDS,
    BOOKS_IN_PACK,
    DEAL_SIZES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    REFILL_SIZE,
    RULE_SETS,
)
from cardlib.gofish.table import Table
from cardlib.refusal import Refusal, first_refusal

# -- the pack, the players, the deal ----------------------------------------------------


class Booked(NamedTuple):
    """A book of a position (its ``rank``, laid aside by ``player``), asked of
    :func:`gf_deck` with the books laid out before it (``books``: each rank's owner)."""

    rank: Rank
    player: str
    books: Mapping[Rank, str]


class Filled(NamedTuple):
    """A position's hand filled up from the cards named nowhere, asked of :func:`gf_book`
    and :func:`gf_deck`: ``player`` was to hold ``want`` cards, holds ``held``, and ``left``
    are the cards left over (each one a fourth of a rank in the hand)."""

    player: str
    held: int
    want: int
    left: Sequence[Card]


@enforces("GF-DECK")
def gf_deck(cards: Sequence[Card] | Booked | Filled, *, whole: bool = False) -> Refusal | None:
    """One standard 52-card pack, no jokers: each card is in it once."""
    # So a rank has four cards and makes one book, and the pack has 52 cards to hand out.
    if isinstance(cards, Booked):
        rank, name, owner = cards.rank, cards.player, cards.books.get(cards.rank)
        if owner is None:
            return None
        return Refusal(
            "GF-DECK",
            lambda: (
                f"the {tell.plural(rank)} cannot be a book of both {owner} and {name}: "
                "each rank has four cards"
            ),
        )
    if isinstance(cards, Filled):
        filled = cards
        if filled.held >= filled.want or filled.left:
            return None
        return Refusal(
            "GF-DECK",
            lambda: (
                f"there are not enough cards left in the pack to give {filled.player} {filled.want}"
            ),
        )
    dup = find_duplicate(cards)
    if dup is not None:
        return Refusal(
            "GF-DECK", lambda: f"{dup} appears twice, but the one pack has each card once"
        )
    if whole and len(cards) != 52:  # a deal uses the whole pack
        return Refusal(
            "GF-DECK",
            lambda: f"a Go Fish deal uses the whole 52-card pack, got {len(cards)} cards",
        )
    return None


@enforces("GF-PLAYERS")
def gf_players(count: int) -> Refusal | None:
    """Two to six players."""
    if MIN_PLAYERS <= count <= MAX_PLAYERS:
        return None
    return Refusal(
        "GF-PLAYERS", lambda: f"Go Fish is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}"
    )


@enforces("GF-DEAL")
def gf_deal(rule_set: str, players: int) -> Refusal | None:
    """One card at a time from the dealer's left, the rule set's number each; the rest is stock."""
    # The number each is the rule set's (DEAL_SIZES, read by deal_size); deal() deals them.
    sizes = DEAL_SIZES[rule_set]
    if players in sizes:
        return None

    def words() -> str:  # Bicycle lists deal sizes for two to five players only
        listed = ", ".join(f"{n} players: {k} each" for n, k in sizes.items())
        return (
            f"{_RULE_SET_WORDS[rule_set]} give no deal size for {players} players "
            f"(they list {listed}); choose another rule set for {players}"
        )

    return Refusal("GF-DEAL", words)


def refused_setup(refused: Refusal | None) -> None:
    """Raise a setup rule's refusal (:meth:`~cardlib.refusal.Refusal.error`), if it refuses."""
    if refused is not None:
        raise refused.error()


def deal_size(rule_set: str, players: int) -> int:
    """Cards dealt to each player (GF-DEAL); raises where the rule set gives no size."""
    if not isinstance(rule_set, str) or rule_set not in DEAL_SIZES:
        raise NotationError(
            f"{shown(rule_set)} is not a Go Fish rule set: use {', '.join(map(repr, RULE_SETS))}"
        )
    count = whole(players, "the number of players")
    refused_setup(gf_players(count) or gf_deal(rule_set, count))
    return DEAL_SIZES[rule_set][count]


def deal(table: Table, pack: Sequence[Card], dealer: str) -> None:
    """GF-DEAL's deal: one card at a time from the dealer's left, the rule set's number each
    (:func:`deal_size`); the rest is the stock."""
    order = table.clockwise_from(dealer)
    dealt = deal_size(table.options.rule_set, len(order)) * len(order)
    for i, card in enumerate(pack[:dealt]):
        table.hands[order[i % len(order)]].append(card)
    table.stock = list(pack[dealt:])


def first_asker(table: Table, dealer: str, rng: random.Random, named: str | None = None) -> str:
    """GF-FIRST's choice of the first to ask: the dealer's left, or under gamerules a player
    drawn at random (or ``named``, the one a worked example says was chosen).  A setup
    naming another first player under the other rule sets is refused by :func:`gf_first`."""
    if table.options.rule_set == "gamerules":
        return named or table.players[rng.randrange(len(table.players))]
    return table.left_of(dealer)


@enforces("GF-FIRST")
def gf_first(table: Table, request: Request | AnyRequest | FirstAsker) -> Refusal | None:
    """First to play: the dealer's left (pagat, bicycle); a randomly chosen player (gamerules)."""
    # The first asker is chosen at the deal (first_asker); until the first request only they
    # may ask, and a setup may name no other (under gamerules anyone may have been chosen).
    first, asker = table.turn, request.asker
    if table.turn_rule != "GF-FIRST" or asker == first:
        return None
    rule_set = table.options.rule_set
    if isinstance(request, FirstAsker):
        return Refusal(
            "GF-FIRST",
            lambda: (
                f"{asker} cannot ask first: under {rule_set} the dealer's left "
                f"({first}) does; only the Game Rules site's rules choose the first player "
                "at random"
            ),
        )
    return Refusal(
        "GF-FIRST",
        lambda: (
            f"it is {first}'s turn, not {asker}'s: "
            + tell.turn_reason(str(first), "GF-FIRST", rule_set)
        ),
    )


# -- may this request be made? -----------------------------------------------------------


class Request(NamedTuple):
    """A request tried: who asks, and the move.  Every request rule is asked
    ``rule(table, request)``."""

    asker: str
    move: GoFishMove


class Held(NamedTuple):
    """A hand set up (a position's), asked of :func:`gf_book`: may ``player`` hold it?"""

    player: str


class AnyRequest(NamedTuple):
    """Any request ``asker`` could make, asked of the rules of the end and of the turn
    (:data:`TURN_RULES`, which never read the request): may they ask at all now?"""

    asker: str


class FirstAsker(NamedTuple):
    """A setup naming the player who asked first (a worked example's ``first``), asked of
    :func:`gf_first` as the first request would be."""

    asker: str


#: the asker of a request tried once the game is over, when no player is named: the rule
#: that ended the game refuses it before any rule reads who asks
NOBODY = "nobody"


@dataclass(frozen=True)
class GameOver:
    """The words of the refusal of every request once the game is over (GF-END-EMPTY,
    GF-END-ALL-BOOKS): why it ended, and who wins."""

    table: Table
    reason: str

    def __call__(self) -> str:
        books = [(name, len(self.table.books[name])) for name in self.table.players]
        return f"the game is over ({self.reason}): no more requests; {tell.who_wins(books)}"


@dataclass(frozen=True)
class ResultAsked:
    """The game's result asked for (:meth:`GoFishGame.result
    <cardlib.gofish.engine.GoFishGame.result>`), asked of the rule set's end
    (:func:`gf_end_empty`, :func:`gf_end_all_books`): refused until the game is over."""

    table: Table

    def __call__(self) -> str:
        """The refusal's words: who is to ask, and how many books are made."""
        table = self.table
        return (
            f"the game is not over yet: {table.turn} is to ask and "
            f"{table.book_count()} of {BOOKS_IN_PACK} books are made"
        )


# Each request rule answers for one request: its refusal (the words written when read), or
# None when it lets the request through.


@enforces("GF-NEXT")
def gf_next(table: Table, request: Request | AnyRequest) -> Refusal | None:
    """After a miss the turn passes to the asker's left, or (gamerules) to who said "Go fish"."""
    # Only the player to ask may: after a miss the one passed_to gives the turn to; after a
    # catch or a lucky draw the asker (GF-CATCH-AGAIN, GF-LUCKY-DRAW); first, GF-FIRST's.
    to_ask, rule, asker = table.turn, table.turn_rule, request.asker
    if rule == "GF-FIRST" or asker == to_ask:
        return None
    rule_set = table.options.rule_set
    return Refusal(
        "GF-NEXT",
        lambda: (
            f"it is {to_ask}'s turn, not {asker}'s: "
            + tell.turn_reason(str(to_ask), rule, rule_set)
        ),
    )


def passed_to(table: Table, asker: str, asked: str) -> str:
    """Who asks after a miss (GF-NEXT): the asker's left, or under gamerules who was asked."""
    return asked if table.options.passes_to == "asked" else table.left_of(asker)


@enforces("GF-ASK-TARGET")
def gf_ask_target(table: Table, request: Request) -> Refusal | None:
    """You ask one named other player (never yourself; never a player who is out)."""
    asker, target = request.asker, request.move.target
    if target not in table.players:
        return Refusal(
            "GF-ASK-TARGET",
            lambda: (
                f"{asker} cannot ask {target!r}: nobody of that name is playing "
                f"(the players are {', '.join(table.players)})"
            ),
        )
    if target == asker:
        return Refusal(
            "GF-ASK-TARGET", lambda: f"{asker} cannot ask themself: name one of the other players"
        )
    if not table.hands[target] and not table.stock:
        return Refusal(
            "GF-ASK-TARGET",
            lambda: (
                f"{target} is out of the game (no cards and no stock left): "
                "ask a player who is still playing"
            ),
        )
    return None


@enforces("GF-VAR-CARD")
def gf_var_card(table: Table, request: Request) -> Refusal | None:
    """Variant: ask for one specific card of a rank you hold (your own card only if agreed)."""
    asker, move = request
    specific = table.options.specific_card
    if specific and move.card is None:
        hearts = Card(move.rank, Suit.HEARTS)
        return Refusal(
            "GF-VAR-CARD",
            lambda: (
                f"this table plays the specific-card variation: name one card, like "
                f"'ask {move.target} {hearts}'"
            ),
        )
    if not specific and move.card is not None:
        return Refusal(
            "GF-VAR-CARD",
            lambda: (
                f"this table asks for ranks, not single cards (the specific-card variation is "
                f"off): write 'ask {move.target} {move.rank}'"
            ),
        )
    own = move.card is not None and move.card in table.hands[asker]
    if own and not table.options.ask_own_card:
        return Refusal(
            "GF-VAR-CARD",
            lambda: (
                f"{asker} already holds {move.card}, and the table agreed before play that you "
                "may not ask for a card you hold"
            ),
        )
    return None


@enforces("GF-ASK-HOLD")
def gf_ask_hold(table: Table, request: Request) -> Refusal | None:
    """You may ask only for a rank of which you hold at least one card."""
    asker, rank = request.asker, request.move.rank
    if table.holds(asker, rank):
        return None

    def words() -> str:
        held = ", ".join(r.symbol for r in table.ranks_held(asker)) or "nothing"
        return (
            f"{asker} holds no {tell.plural(rank)}: you may only ask for a rank you hold "
            f"({asker} holds {held})"
        )

    return Refusal("GF-ASK-HOLD", words)


# -- what a request does -----------------------------------------------------------------


@enforces("GF-GIVE-ALL")
def gf_give_all(table: Table, asker: str, move: GoFishMove) -> list[Card]:
    """The asked player must hand over every card of that rank, not just one."""
    # in the specific-card variation the request asks for one card, so only it is handed
    # over; the cards handed over (in hand order), none when the asked player has none
    hand, rank = table.hands[move.target], move.rank
    given = [card for card in hand if card.rank == rank and move.asks_for(card)]
    if given:
        given.sort(key=hand_order)
        kept = [card for card in hand if card.rank != rank or not move.asks_for(card)]
        table.hands[move.target] = kept
        table.hands[asker] += given
    return given


@enforces("GF-CATCH-AGAIN")
def gf_catch_again(given: Sequence[Card]) -> bool:
    """Receiving at least one card lets the asker ask again (getting cards, not a book)."""
    return bool(given)


@enforces("GF-GO-FISH")
def gf_go_fish(table: Table, asker: str, given: Sequence[Card]) -> Card | None:
    """If the asked player has none, "Go fish": the asker draws one card, the top of the stock."""
    if given or not table.stock:  # cards handed over, or nothing to fish (GF-NO-STOCK)
        return None
    (drawn,) = table.draw(asker)
    return drawn


@enforces("GF-LUCKY-DRAW")
def gf_lucky_draw(move: GoFishMove, drawn: Card) -> bool:
    """A drawn card of the rank just asked lets the asker go on; any other card ends the turn."""
    return move.asks_for(drawn)  # in the specific-card variation: that exact card


class Drawn(NamedTuple):
    """A card just drawn from the stock (fished, or an empty hand's draw), asked of
    :func:`gf_no_stock`: was it the last, with play going on without the stock?"""

    card: Card


@enforces("GF-NO-STOCK")
def gf_no_stock(table: Table, given: Sequence[Card] | Drawn) -> bool:
    """Once the stock is empty nobody fishes: a miss passes the turn directly."""
    # Asked of a card just drawn (Drawn): the stock has run out and play goes on without it
    # (the keep-playing variation, books still to make), which is said once.  Asked once the
    # request's cards are handed over, before anyone fishes: a miss with no stock left.
    if isinstance(given, Drawn):
        return not table.stock and table.options.plays_on and table.book_count() < BOOKS_IN_PACK
    return not given and not table.stock


@enforces("GF-BOOK")
def gf_book(table: Table, attempt: Request | Held | Filled) -> Refusal | None:
    """Four of a rank are laid aside at once as a book; they leave the hand for good."""
    # So a rank laid aside can no longer be asked for, and no hand holds all four of a rank
    # (a position set up so, or sized so, is refused); lay_books lays them aside.
    if isinstance(attempt, Filled):
        if attempt.held >= attempt.want or not attempt.left:
            return None
        return Refusal(
            "GF-BOOK",
            lambda: (
                f"{attempt.player} cannot hold {attempt.want} cards: with the cards left, "
                f"{attempt.held} is the most without four of a rank, and four of a rank are "
                "laid aside at once as a book"
            ),
        )
    if isinstance(attempt, Held):
        hand = [card.rank for card in table.hands[attempt.player]]
        four = next((rank for rank in hand if hand.count(rank) == 4), None)
        if four is None:
            return None
        return Refusal(
            "GF-BOOK",
            lambda: (
                f"{attempt.player} cannot hold all four {tell.plural(four)}: a book is "
                "laid aside at once, so list it under books"
            ),
        )
    rank = attempt.move.rank
    owner = table.book_owner(rank)
    if owner is None:
        return None
    return Refusal(
        "GF-BOOK",
        lambda: (
            f"the {tell.plural(rank)} are already a book in front of {owner}: "
            "a rank laid aside can no longer be asked for"
        ),
    )


def lay_books(table: Table, player: str, came: Iterable[Card]) -> list[Rank]:
    """GF-BOOK's laying aside: of the ranks of the cards that just ``came`` into ``player``'s
    hand (only they can have made a book), those of which the hand holds all four leave it
    as books (in rank order)."""
    held = [card.rank for card in table.hands[player]]
    complete = {card.rank for card in came if held.count(card.rank) == 4}
    if not complete:
        return []
    table.hands[player] = [c for c in table.hands[player] if c.rank not in complete]
    laid = sorted(complete)
    table.books[player] += laid
    return laid


@enforces("GF-VAR-REFILL")
def gf_var_refill(table: Table, player: str) -> list[Card]:
    """Variant: an empty hand is refilled with 5 cards from the stock."""
    if table.hands[player]:
        return []
    return table.draw(player, REFILL_SIZE)  # or what is left of the stock


# -- whose turn, and the end -------------------------------------------------------------


@enforces("GF-EMPTY-DRAW")
def gf_empty_draw(table: Table, player: str) -> Card | None:
    """Bicycle: with no cards you draw from the stock at your turn; with no stock, you are out."""
    # our reading of the keep-playing variation too: the sources give no other way to go on
    if table.stock and table.options.plays_on:
        (drawn,) = table.draw(player)
        return drawn
    return None  # out: passed over, and nobody can ask them (GF-ASK-TARGET)


@enforces("GF-END-EMPTY")
def gf_end_empty(
    table: Table, request: Request | AnyRequest | ResultAsked | None = None
) -> Refusal | None:
    """pagat, gamerules: the game ends as soon as a hand is empty or the stock is exhausted."""
    # Asked after each request, with none (the game ends if it refuses), and of every request
    # tried: once the game is over it refuses them all; asked for the result, it refuses it
    # until then.  Only the hands the last request changed can have emptied (table.changed,
    # the asker's first).
    if table.options.plays_on:
        return None  # the game plays on to 13 books (GF-END-ALL-BOOKS)
    if isinstance(request, ResultAsked):
        return None if table.turn is None else Refusal("GF-END-EMPTY", request)
    if not table.stock:  # 13 books are the whole pack: the stock is gone with them
        if table.book_count() == BOOKS_IN_PACK:
            reason = "all 13 books are made and every hand is empty"
        else:
            reason = "the stock is exhausted"
    else:
        emptied = [name for name in table.changed if not table.hands[name]]
        if not emptied:
            return None
        reason = f"{emptied[0]}'s hand is empty"
    return Refusal("GF-END-EMPTY", GameOver(table, reason))


@enforces("GF-END-ALL-BOOKS")
def gf_end_all_books(
    table: Table, request: Request | AnyRequest | ResultAsked | None = None
) -> Refusal | None:
    """bicycle and keep-playing: play continues until all 13 books are made."""
    # asked after each request, with none (the game ends if it refuses), and of every request
    # tried: once the game is over it refuses them all; asked for the result, it refuses it
    # until then
    if not table.options.plays_on:
        return None
    if isinstance(request, ResultAsked):
        return None if table.turn is None else Refusal("GF-END-ALL-BOOKS", request)
    if table.book_count() < BOOKS_IN_PACK:
        return None
    return Refusal("GF-END-ALL-BOOKS", GameOver(table, "all 13 books are made"))


@enforces("GF-WIN")
def gf_win(table: Table) -> tuple[str, ...]:
    """Most complete books wins; singles, pairs and threes count nothing; equal books tie."""
    best = max(len(table.books[name]) for name in table.players)
    return tuple(name for name in table.players if len(table.books[name]) == best)


# -- the rules of a request, asked in order ----------------------------------------------

#: a request rule: its refusal of a request, or None when it lets it through
RequestRule = Callable[[Table, Request], Refusal | None]

#: the rules that say whether a player may ask at all now, whatever the request: the
#: game's end, then the turn
TURN_RULES: tuple[Callable[[Table, Request | AnyRequest], Refusal | None], ...] = (
    gf_end_empty,
    gf_end_all_books,
    gf_first,
    gf_next,
)

#: the rules a request must pass, in the order they are asked
#: (:func:`~cardlib.refusal.first_refusal`): the game's end, the turn, the request
REQUEST_RULES: tuple[RequestRule, ...] = (
    *TURN_RULES,
    gf_ask_target,
    gf_var_card,
    gf_book,
    gf_ask_hold,
)


def refusal(table: Table, asker: str, move: GoFishMove) -> Refusal | None:
    """The first refusal of ``move`` by ``asker`` among :data:`REQUEST_RULES`, or None: the
    request may be made."""
    return first_refusal(REQUEST_RULES, table, Request(asker, move))


def turn_refusal(table: Table, player: str) -> Refusal | None:
    """The refusal of any request by ``player`` now (the game over, or another's turn)
    among :data:`TURN_RULES`, or None: it is their turn to ask."""
    return first_refusal(TURN_RULES, table, AnyRequest(player))


class Requests(Sequence[GoFishMove]):
    """The requests of a position, legal by construction, never all built at once: each of
    ``targets`` (in order) asked for each of ``asks`` (the ranks, or in the specific-card
    variation the cards, in order).  ``len`` is the product, indexing builds just the request
    at that place (so ``random.choice`` picks uniformly) and iteration builds them one by
    one; ``in`` asks whether a request is one of them: a target and a rank (or card) listed.
    The two sequences are kept as given (:func:`legal` builds them anew for each position).
    """

    __slots__ = ("_asks", "_count", "_targets")

    def __init__(self, targets: Sequence[str], asks: Sequence[Rank | Card]) -> None:
        self._targets = targets
        self._asks = asks
        self._count = len(targets) * len(asks)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> GoFishMove: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[GoFishMove]: ...
    def __getitem__(self, index: int | slice) -> GoFishMove | Sequence[GoFishMove]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        target, what = divmod(index, len(self._asks))
        return _listed(self._targets[target], self._asks[what])

    def __iter__(self) -> Iterator[GoFishMove]:
        for target in self._targets:
            for what in self._asks:
                yield _listed(target, what)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, GoFishMove) or move.target not in self._targets:
            return False
        return (move.rank if move.card is None else move.card) in self._asks

    def __eq__(self, other: object) -> bool:
        """The same requests in the same order as another listing (or a tuple, a list)."""
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Requests({', '.join(map(str, self))})"


def _listed(target: str, what: Rank | Card) -> GoFishMove:
    """The request of ``target`` for a rank, or for a card (the specific-card variation)."""
    if isinstance(what, Card):
        return GoFishMove.listed(target, what.rank, what)
    return GoFishMove.listed(target, what)


def legal(table: Table, asker: str) -> Requests:
    """The requests ``asker`` may make, built from the table: legal by construction, without
    asking every rule of every request.  Of each other player still in the game, from the
    asker's left round (GF-ASK-TARGET), for each rank the asker holds (GF-ASK-HOLD: a rank
    held is never a book), in the table's form: the rank, or in the specific-card variation
    each card of it, but not one the asker holds unless agreed (GF-VAR-CARD).  ``play``
    still judges a request through :data:`REQUEST_RULES`; the random-play tests check that
    both agree on every request the notation can write."""
    held = table.ranks_held(asker)
    targets = [p for p in table.others(asker) if table.hands[p] or table.stock]
    if not table.options.specific_card:
        return Requests(targets, held)
    mine = set(table.hands[asker]) if not table.options.ask_own_card else set()
    cards = [card for rank in held for card in of_rank(rank)]  # rank, then suit
    return Requests(targets, [card for card in cards if card not in mine])
