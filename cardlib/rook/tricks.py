"""Rook's tricks: which card a player may add to a trick, and who wins it.

The rules for a card are asked in the order the rule book gives them (:data:`PLAY_RULES`),
each ``rule(play) -> Refusal | None`` like every rule of a move, through
:func:`~cardlib.refusal.first_refusal`: a :class:`Refusal` says the card offered to the
trick (a :class:`Play`) may not be played (:meth:`Refusal.error` is the
:class:`~cardlib.errors.RuleViolation` that says why), None lets it through.  A card no
rule refuses is legal, and :func:`allowed_by` names the rules that let it be played (its
fact names them), read from the play: a lead, a card of the colour led, the Rook, a void::

    >>> from cardlib.refusal import first_refusal
    >>> from cardlib.rook.cards import parse_rook_cards
    >>> held = parse_rook_cards("R5 G6 Rook")
    >>> refused = first_refusal(PLAY_RULES, Play("East", RookCard.parse("G6"), held, parse_rook_cards("R9"), Colour.GREEN))
    >>> refused.rule, refused.reason
    ('ROOK-FOLLOW', 'East holds R5 and must follow red; a plain trump (G6) does not excuse following, only the Rook does')
    >>> first_refusal(PLAY_RULES, Play("East", ROOK, held, parse_rook_cards("R9"), Colour.GREEN)) is None
    True
    >>> allowed_by(Play("East", ROOK, held, parse_rook_cards("R9"), Colour.GREEN))
    ('ROOK-BIRD-ANYTIME',)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.refusal import Refusal, Rule
from cardlib.rook.cards import HIGHEST, ROOK, Colour, RookCard, parse_rook_cards
from cardlib.rook.moves import HAND_SIZE, NEST_SIZE, TRICKS

if TYPE_CHECKING:
    from cardlib.rook.state import Attempt, HandState


def listing(cards: Iterable[RookCard]) -> str:
    """Cards as a message lists them: ``R5 G14 Rook``."""
    return " ".join(c.text for c in cards)


class Play(NamedTuple):
    """A card offered to a trick: who offers it, the cards they hold (in pack order), the
    cards played to the trick so far (the lead first) and trump."""

    who: str
    card: RookCard
    held: Sequence[RookCard]
    trick: Sequence[RookCard]
    trump: Colour

    @property
    def led(self) -> Colour:
        """The colour of the trick (see :func:`led_colour`)."""
        return colour_led(self.trick[0], self.trump)

    def holding(self, colour: Colour) -> list[RookCard]:
        """The player's ordinary cards of a colour (the Rook has no colour of its own)."""
        return [c for c in self.held if c.colour is colour]


def led_colour(lead: RookCard | str, trump: Colour | str) -> Colour:
    """The colour a trick is in: the led card's, or trump when the Rook leads (ROOK-BIRD-LEAD);
    the cards may be written in notation (:func:`colour_led` reads the engine's own)."""
    return colour_led(RookCard.parse(lead), Colour.parse(trump))


def colour_led(lead: RookCard, trump: Colour) -> Colour:
    """The colour a trick led by ``lead`` is in: the led card's, or trump when the Rook leads
    (ROOK-BIRD-LEAD)."""
    return trump if lead is ROOK else lead.colour  # type: ignore[return-value]


class Dealt(NamedTuple):
    """Cards set out as dealt (:meth:`cardlib.rook.hand.RookHand.from_position`): a
    player's hand, or the nest (``who`` None)."""

    who: str | None
    cards: Sequence[RookCard]


@enforces("ROOK-DEAL")
def own_card(play: Play | Dealt) -> Refusal | None:
    """Only the cards in your own hand can be played (nine dealt each, five to the nest)."""
    # how the cards are dealt is cardlib.rook.deal.deal's; this is the rule that refuses: a
    # card its player does not hold, and a hand or a nest set out with more cards than dealt
    if isinstance(play, Dealt):
        given, whose = len(play.cards), play.who
        if whose is None:
            if given <= NEST_SIZE:
                return None
            return Refusal(
                "ROOK-DEAL", lambda: f"the nest is given {given} cards, but it holds {NEST_SIZE}"
            )
        if given <= HAND_SIZE:
            return None
        return Refusal(
            "ROOK-DEAL", lambda: f"{whose} is given {given} cards, but a hand is {HAND_SIZE}"
        )
    if play.card in play.held:
        return None
    who = play.who
    return Refusal(
        "ROOK-DEAL", lambda: f"{who} does not hold {play.card}: {who} holds {listing(play.held)}"
    )


@enforces("ROOK-LEAD")
def lead(hand: HandState, attempt: Attempt | None) -> Refusal | None:
    """The dealer's left leads the first trick with any card; each trick's winner leads the next; nine tricks."""
    # Asked with no move (RookHand.result): the hand is scored after its nine tricks.
    if attempt is None:
        if hand.phase == "over":
            return None
        return Refusal(
            "ROOK-LEAD",
            lambda: (
                f"the hand is not over yet: {len(hand.tricks)} of the {TRICKS} tricks are "
                "played, and it is scored after the last"
            ),
        )
    # Nine tricks end the hand (RookHand._finish_trick): then every move is refused (a hand
    # thrown in is ROOK-ALL-PASS's, asked before: cardlib.rook.hand.RULES).
    if hand.phase == "over":
        return Refusal(
            "ROOK-LEAD", lambda: f"the hand is over: all {TRICKS} tricks are played; no more moves"
        )
    # In the tricks only the player to move may play: the leader (the dealer's left first,
    # then each trick's winner: RookHand._finish_trick), then clockwise.  The leader may lead
    # any card (leads_any).
    who, player = hand.players[hand._turn], attempt.who
    if player == who:
        return None
    if not hand._trick:
        why = "the winner of the last trick leads the next"
        return Refusal("ROOK-LEAD", lambda: f"it is {who}'s turn to lead, not {player}'s: {why}")
    why = "play goes clockwise from the leader"
    return Refusal("ROOK-LEAD", lambda: f"it is {who}'s turn to play, not {player}'s: {why}")


@enforces("ROOK-BIRD-LEAD")
def bird_lead(play: Play) -> Refusal | None:
    """A led Rook counts as trump led: everyone must play trump if they can."""
    if not play.trick or play.trick[0] is not ROOK:
        return None  # a lead (ROOK-LEAD), or a trick the Rook did not lead
    trumps = play.holding(play.trump)
    if play.card.colour is play.trump or not trumps:
        return None  # trump played, or no trump to play: ROOK-VOID
    return Refusal(
        "ROOK-BIRD-LEAD",
        lambda: (
            f"the Rook was led, which counts as a trump lead: {play.who} holds "
            f"{listing(trumps)} and must play trump ({play.trump})"
        ),
    )


@enforces("ROOK-FOLLOW")
def follow(play: Play) -> Refusal | None:
    """You must follow the colour led if you can (no need to beat it); a plain trump does not excuse you from following."""
    if not play.trick:
        return None  # the leader may lead any card (ROOK-LEAD)
    card, led, trump = play.card, play.led, play.trump
    if bird_anytime(play) or card.colour is led:
        return None  # the Rook is excused (ROOK-BIRD-ANYTIME), or the card follows
    same = play.holding(led)
    if not same:
        return None  # cannot follow: ROOK-BIRD-FORCED or ROOK-VOID

    def words() -> str:
        if led is trump:
            return f"{play.who} holds {listing(same)} and must follow {trump} (trump)"
        note = (
            f"; a plain trump ({card}) does not excuse following, only the Rook does"
            if card.colour is trump
            else ""
        )
        return f"{play.who} holds {listing(same)} and must follow {led}{note}"

    return Refusal("ROOK-FOLLOW", words)


@enforces("ROOK-BIRD-ANYTIME")
def bird_anytime(play: Play) -> bool:
    """The Rook may be played even when you could follow the colour led, and it always wins the trick."""
    # True for the Rook, which ROOK-FOLLOW then lets through (that it wins is
    # ROOK-BIRD-TOP's: see trump_rank); a player who cannot follow is ROOK-BIRD-FORCED's or
    # ROOK-VOID's
    return play.card is ROOK


@enforces("ROOK-BIRD-FORCED")
def bird_forced(play: Play) -> Refusal | None:
    """When trump is led and your only trump is the Rook, you must play it; you may not hide it by discarding."""
    trump = play.trump
    if not play.trick or play.led is not trump or ROOK not in play.held or play.holding(trump):
        return None  # a lead (ROOK-LEAD), or not trump led, or another trump to play
    if play.card is ROOK:
        return None
    return Refusal(
        "ROOK-BIRD-FORCED",
        lambda: (
            f"{trump} (trump) was led and {play.who}'s only trump is the Rook: "
            f"{play.who} must play it and may not hide it by playing {play.card}"
        ),
    )


@enforces("ROOK-VOID")
def void(play: Play) -> bool:
    """With no card of the colour led you may play any card; you need not trump."""
    # True for a player who holds no card of the colour led: no rule of PLAY_RULES refuses
    # their card but ROOK-DEAL's (one not held) and ROOK-BIRD-FORCED's (the Rook hidden)
    return not play.holding(play.led)


#: the rules that may refuse a card, in the order they are asked
#: (:func:`~cardlib.refusal.first_refusal`); the leader may lead any card (ROOK-LEAD), and a
#: player who cannot follow may play any (ROOK-VOID), so each asks only of a card added to a
#: trick
PLAY_RULES: tuple[Rule, ...] = (own_card, bird_lead, follow, bird_forced)


def allowed_by(play: Play) -> tuple[str, ...]:
    """The rules that let a card no rule of :data:`PLAY_RULES` refuses be played, which its
    fact names: read from the play (a lead, a trump after the Rook led, a card of the colour
    led, the Rook, a void), not judged again."""
    card, trump = play.card, play.trump
    if not play.trick:
        return ("ROOK-LEAD", "ROOK-BIRD-LEAD") if card is ROOK else ("ROOK-LEAD",)
    if play.trick[0] is ROOK and card.colour is trump:
        return ("ROOK-BIRD-LEAD", "ROOK-FOLLOW")
    if void(play):
        return ("ROOK-BIRD-FORCED",) if card is ROOK and play.led is trump else ("ROOK-VOID",)
    if bird_anytime(play) and play.led is not trump:
        return ("ROOK-BIRD-ANYTIME",)
    return ("ROOK-FOLLOW",)  # on a trump lead the Rook is simply a trump following trump


def playable(held: Sequence[RookCard], trick: Sequence[RookCard], trump: Colour) -> list[RookCard]:
    """The cards of ``held`` that may be added to ``trick``, in the order held: built from
    what is the same for every card of the position (the lead, the colour led, what is
    held of it), as :data:`PLAY_RULES` allow them; the random-play tests hold the two
    against each other on every card."""
    if not trick:
        return list(held)  # the leader may lead any card (ROOK-LEAD)
    led = colour_led(trick[0], trump)
    same = [c for c in held if c.colour is led]
    if trick[0] is ROOK:
        # ROOK-BIRD-LEAD: a led Rook is trump led, and trump must be played if held
        return same or list(held)
    if same:
        # ROOK-FOLLOW, and the Rook may be played anyway (ROOK-BIRD-ANYTIME)
        return [c for c in held if c.colour is led or c is ROOK]
    if led is trump and ROOK in held:
        return [ROOK]  # ROOK-BIRD-FORCED: the only trump is the Rook
    return list(held)  # ROOK-VOID


# -- who wins ---------------------------------------------------------------------------


@enforces("ROOK-RANK")
def rank(card: RookCard) -> int:
    """Within a colour 14 is high and 5 is low."""
    assert card.number is not None
    return card.number


@enforces("ROOK-BIRD-TOP")
def trump_rank(card: RookCard) -> int:
    """The Rook is the highest trump, above the trump 14."""
    return HIGHEST + 1 if card is ROOK else rank(card)


def is_trump(card: RookCard, trump: Colour) -> bool:
    """A card of the trump colour, or the Rook, which belongs to it (ROOK-BIRD-TOP)."""
    return card is ROOK or card.colour is trump


@enforces("ROOK-TRICK-WIN")
def trick_winner(cards: Sequence[RookCard | str] | str, trump: Colour | str) -> int:
    """The highest trump wins the trick; with no trump in it, the highest card of the colour led."""
    # an index into ``cards`` (the cards played so far, the lead first); a card of any other
    # colour never wins.  The cards may be written in notation.
    cards, trump = parse_rook_cards(cards), Colour.parse(trump)
    if not 1 <= len(cards) <= 4:
        raise NotationError(f"a trick has one to four cards, not {len(cards)}")
    trumps = [i for i, c in enumerate(cards) if is_trump(c, trump)]
    if trumps:
        return max(trumps, key=lambda i: trump_rank(cards[i]))
    led = cards[0].colour
    return max((i for i, c in enumerate(cards) if c.colour is led), key=lambda i: rank(cards[i]))


class Trick(NamedTuple):
    """A finished trick: who led, the four cards in play order, who won it and its counters."""

    number: int
    players: tuple[str, str, str, str]
    cards: tuple[RookCard, RookCard, RookCard, RookCard]
    winner: str
    counters: int

    @property
    def leader(self) -> str:
        return self.players[0]

    @property
    def winning_card(self) -> RookCard:
        return self.cards[self.players.index(self.winner)]

    @property
    def winner_rule(self) -> str:
        """The rule that gives the trick to its winner: ROOK-BIRD-TOP when the Rook took it."""
        return "ROOK-BIRD-TOP" if self.winning_card is ROOK else "ROOK-TRICK-WIN"

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules that decided the trick: who won it (by rank, or the Rook) and its counters."""
        how = "ROOK-BIRD-TOP" if self.winning_card is ROOK else "ROOK-RANK"
        return ("ROOK-TRICK-WIN", how, "ROOK-COUNT")

    def __str__(self) -> str:
        plays = ", ".join(f"{p} {c}" for p, c in zip(self.players, self.cards, strict=True))
        return f"trick {self.number}: {plays}; {self.winner} wins, counters {self.counters}"
