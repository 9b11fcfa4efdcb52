"""The rules of a turn, each one function over the game's plain state, and the moves they let
through.

Two paths, as python-chess's ``is_legal`` and ``generate_legal_moves``.
:meth:`GolfGame.play <cardlib.golf.engine.GolfGame.play>` is the checked door: it asks
:func:`refusal` (the rules of :data:`RULES` in order, or once the hand is over those of
:data:`ENDED`, each ``rule(game, attempt) -> Refusal | None``, through :func:`~cardlib.refusal.first_refusal`: the first that refuses a move
says why, and ``play`` raises it as its :class:`~cardlib.errors.RuleViolation`) and then
:func:`make` (the move made, its facts gathered).  :func:`legal` builds the legal moves of the position by the step of
the turn, legal by construction; :meth:`GolfGame.make <cardlib.golf.engine.GolfGame.make>`
makes one of them without judging it again.  The random-play tests hold the two paths
against each other on every move the notation can write::

    >>> from cardlib.golf.engine import GolfGame
    >>> game = GolfGame(["Ann", "Ben"], seed=1)
    >>> legal(game)[:2]
    (GolfMove.parse('flip TL'), GolfMove.parse('flip TM'))
    >>> refused = refusal(game, "Ann", GolfMove.parse("draw"))
    >>> refused.rule, refused.reason
    ('GOLF-FLIP-TWO', 'first every player turns two cards face up: Ann still has 2 to turn')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.game import Event, Fact
from cardlib.golf.layout import shuffled
from cardlib.golf.moves import DISCARD, DRAW, FLIPS, REPLACES, TAKE, GolfMove, Position
from cardlib.refusal import Refusal, Rule, first_refusal

if TYPE_CHECKING:
    from cardlib.golf.engine import GolfGame

# -- the rules a move must pass, in the order play asks them ---------------------------


class Attempt(NamedTuple):
    """A move tried: who tries it, and the move.  Every rule of a turn is asked
    ``rule(game, attempt)``."""

    who: str
    move: GolfMove


def refusal(game: GolfGame, who: str, mv: GolfMove) -> Refusal | None:
    """The first refusal of ``mv`` by ``who`` among the rules asked now (:func:`rules_now`),
    or None: the move is legal."""
    return first_refusal(rules_now(game), game, Attempt(who, mv))


def rules_now(game: GolfGame) -> tuple[Rule, ...]:
    """The rules a move is asked now: :data:`RULES` while the hand is played, and once it is
    over :data:`ENDED` (the rule that ended it refuses every move)."""
    return ENDED if game.phase == "over" else RULES


def turn_refusal(game: GolfGame, who: str) -> Refusal | None:
    """The refusal of any move ``who`` could make now (but taking one back, which
    GOLF-NO-PEEK answers for anyone), or None when it is their turn: once the hand is over
    the rule that ended it (:data:`ENDED`), before that whose turn it is (:func:`order`).
    They are asked of a draw, which they judge as they judge every other move."""
    return first_refusal(ENDED if game.phase == "over" else (order,), game, Attempt(who, DRAW))


# Each rule below answers for one attempt: its refusal (the words written when read), or
# None when it lets the move through.


@enforces("GOLF-ORDER")
def order(game: GolfGame, attempt: Attempt) -> Refusal | None:
    """Dealer's left plays first, then clockwise: only the player whose turn it is may draw or play."""
    # The first turn is the dealer's left (GolfGame.first_seat), each next the seat after
    # (GolfGame.pass_turn).  Taking a move back is not playing a turn: GOLF-NO-PEEK answers it
    # for whoever asks.
    who, mv = attempt
    to_move = game.players[game.seat]
    if who != to_move and mv.kind != "take back":
        return Refusal(
            "GOLF-ORDER",
            lambda: (
                f"it is {to_move}'s turn, not {who}'s: play goes clockwise from the dealer's left"
            ),
        )
    return None


@enforces("GOLF-NO-REARRANGE")
def no_rearrange(game: GolfGame, attempt: Attempt) -> Refusal | None:
    """Cards never change position except by replacement; nothing may be moved before scoring."""
    who, mv = attempt
    if mv.kind == "move":
        return Refusal(
            "GOLF-NO-REARRANGE",
            lambda: (
                f"{who} may not move the card at {mv.position} to {mv.to}: cards only "
                "change place by being replaced"
            ),
        )
    return None


@enforces("GOLF-NO-PEEK")
def no_peek(game: GolfGame, attempt: Attempt) -> Refusal | None:
    """No looking at a face-down card, no taking a choice back, no turning a card up but by the opening flips or a replacement."""
    # The extra-flip variant (GolfOptions.extra_flip) adds one flip after a discard, and
    # the article words it as compulsory: in that phase nothing else may be done.
    who, mv = attempt
    kind = mv.kind
    if kind == "peek":
        return Refusal(
            "GOLF-NO-PEEK",
            lambda: (
                f"{who} may not look at a face-down card: it stays unseen until it is "
                "replaced or the hand ends"
            ),
        )
    if kind == "take back":
        return Refusal("GOLF-NO-PEEK", lambda: _no_take_back(game, who))
    if game.phase == "extra-flip":
        if kind != "flip":
            return Refusal(
                "GOLF-NO-PEEK",
                lambda: (
                    f"{who} must now turn one face-down card up: in the extra-flip "
                    "variant the flip after a discard is compulsory"
                ),
            )
        pos = mv.position
        assert pos is not None
        if game.layouts[who].up[pos]:
            return Refusal("GOLF-NO-PEEK", lambda: f"{who}'s {pos.words} card is already face up")
    elif game.phase != "flip" and kind in ("flip", "pass"):
        return Refusal(
            "GOLF-NO-PEEK",
            lambda: (
                f"{who} may not turn a card over now: after the opening two, a face-down "
                "card is only turned up by replacing it"
            ),
        )
    return None


def _no_take_back(game: GolfGame, who: str) -> str:
    # GOLF-NO-PEEK's words for a move taken back: the move that stands
    last = next((m for p, m in reversed(game.history) if p == who), None)
    what = f"{who}'s last move ({last})" if last else "a move"
    return f"{what} cannot be taken back: a choice stands once it is made"


@enforces("GOLF-FLIP-TWO")
def flip_two(game: GolfGame, attempt: Attempt) -> Refusal | None:
    """Before play each player turns any two of their six face up; the other four stay face down."""
    # The sources do not order the opening flips: each player turns both cards in turn
    # from the dealer's left (the catalogue's interpretation).  Every card is dealt face
    # down, so the cards up are the ones turned.
    if game.phase != "flip":
        return None
    who, mv = attempt
    lay = game.layouts[who]
    if mv.kind != "flip":
        left = 2 - sum(lay.up)
        return Refusal(
            "GOLF-FLIP-TWO",
            lambda: f"first every player turns two cards face up: {who} still has {left} to turn",
        )
    pos = mv.position
    assert pos is not None
    if lay.up[pos]:
        return Refusal(
            "GOLF-FLIP-TWO",
            lambda: (
                f"{who}'s {pos.words} card ({lay.cards[pos]}) is already face up: turn a "
                "face-down one"
            ),
        )
    return None


@enforces("GOLF-DRAW")
def draw_first(game: GolfGame, attempt: Attempt) -> Refusal | None:
    """A turn starts with one card: the top of the stock or the top of the discard pile."""
    who, mv = attempt
    kind = mv.kind
    if game.phase == "draw":
        if kind == "take" and not game.discard:
            return Refusal("GOLF-DRAW", lambda: "the discard pile is empty: draw from the stock")
        if kind in ("replace", "discard"):
            return Refusal(
                "GOLF-DRAW",
                lambda: (
                    f"{who} must draw first: take the top card of the stock or of the "
                    f"discard pile, then {kind}"
                ),
            )
    elif game.phase == "place" and kind in ("draw", "take"):
        holding, held_from = game.holding, game.held_from
        return Refusal(
            "GOLF-DRAW",
            lambda: (
                f"{who} already holds {holding} from the {held_from}: one card a turn; "
                "replace one of your cards with it"
                + (" or discard it" if held_from == "stock" else "")
            ),
        )
    return None


@enforces("GOLF-STOCK-OUT")
def stock_out(game: GolfGame, attempt: Attempt) -> Refusal | None:
    """An empty stock is a house rule agreed before play: nothing agreed, nobody draws from it."""
    # The two house rules (GolfOptions.stock_out): 'reshuffle' lets the draw through and
    # _draw refills the stock from the discards under the top card; 'end' has already
    # ended the hand when a turn left the stock empty (_end_turn), so a draw from an
    # empty stock is refused under it only in a position set up that way.
    if game.phase == "over" and game.ended_by == "GOLF-STOCK-OUT":  # 'end' ended it (ENDED)
        why = "the stock ran out and the house rule ends the hand"
        return Refusal("GOLF-STOCK-OUT", lambda: f"the hand is over: {why}; no more moves")
    if attempt.move.kind != "draw" or game.phase != "draw" or game.stock:
        return None
    if game.options.stock_out is None:
        why = "take the top of the discard pile instead, or agree stock_out='reshuffle' or 'end'"
        return Refusal(
            "GOLF-STOCK-OUT",
            lambda: f"the stock is empty and no house rule for that was agreed: {why}",
        )
    if game.options.stock_out == "end":
        why = "the house rule agreed ends the hand rather than refilling it"
        return Refusal(
            "GOLF-STOCK-OUT",
            lambda: f"the stock is empty, and {why}: take the top of the discard pile",
        )
    if len(game.discard) < 2:
        return Refusal(
            "GOLF-STOCK-OUT", lambda: "the stock is empty and there are no discards to reshuffle"
        )
    missing = [c for c in game.reshuffle or () if c not in game.discard[:-1]]
    if missing:
        under = len(game.discard) - 1
        return Refusal(
            "GOLF-STOCK-OUT",
            lambda: (
                f"{' '.join(map(str, missing))} cannot come out of the reshuffle: the new "
                f"stock is made of the {under} discards under the top card"
            ),
        )
    return None


@enforces("GOLF-TAKE-MUST-REPLACE")
def take_must_replace(game: GolfGame, attempt: Attempt) -> Refusal | None:
    """A card taken from the discard pile must replace one of yours; it cannot be discarded again."""
    if attempt.move.kind == "discard" and game.phase == "place" and game.held_from == "discard":
        who, holding = attempt.who, game.holding
        return Refusal(
            "GOLF-TAKE-MUST-REPLACE",
            lambda: (
                f"{who} took {holding} from the discard pile, so it must replace one of "
                f"{who}'s cards; it cannot go straight back"
            ),
        )
    return None


#: the rules a move must pass while the hand is played, in the order :func:`refusal` asks
#: them.  The order matters only where two rules could refuse the same move: whose turn it
#: is first, then the moves that are never allowed, then the step of the turn.
RULES: tuple[Callable[[GolfGame, Attempt], Refusal | None], ...] = (
    order,
    no_rearrange,
    no_peek,
    flip_two,
    draw_first,
    stock_out,
    take_must_replace,
)


# -- the legal moves, built from the position ------------------------------------------


def legal(game: GolfGame) -> tuple[GolfMove, ...]:
    """The legal moves now (flips in the order of the positions; draw before take; the six
    replacements before the discard), built from the position by the step of the turn
    (:data:`STEPS`): legal by construction, without asking
    every rule of every move.  What is the same for every move of the position (the hand
    over, whose turn, the step) is settled once; ``play`` still judges a move through
    :data:`RULES`, and the random-play tests check that both agree on every move the
    notation can write."""
    if game.phase == "over":
        return ()  # the rule that ended the hand refuses every move (ENDED)
    who = game.players[game.seat]  # only the player to move has moves (GOLF-ORDER)
    return STEPS[game.phase](game, who)


def _flips(game: GolfGame, who: str) -> tuple[GolfMove, ...]:
    # GOLF-FLIP-TWO (the opening flips) and the extra-flip variant of GOLF-NO-PEEK: a card
    # turned up is one that is face down.
    up = game.layouts[who].up
    return tuple(FLIPS[pos] for pos in Position if not up[pos])


def _draws(game: GolfGame, who: str) -> tuple[GolfMove, ...]:
    # GOLF-DRAW: the top of the stock (unless GOLF-STOCK-OUT, asked once, refuses the draw
    # from an empty stock), or the top of the discard pile when there is one.
    draw = (DRAW,) if stock_out(game, Attempt(who, DRAW)) is None else ()
    take = (TAKE,) if game.discard else ()
    return draw + take


def _places(game: GolfGame, who: str) -> tuple[GolfMove, ...]:
    # GOLF-REPLACE: the card held replaces any one of the six; GOLF-DISCARD-STOCK: a card
    # from the stock may be discarded, one taken from the discard pile may not
    # (GOLF-TAKE-MUST-REPLACE).
    return REPLACES + ((DISCARD,) if game.held_from == "stock" else ())


#: how the legal moves of each step of a turn are built
STEPS: dict[str, Callable[[GolfGame, str], tuple[GolfMove, ...]]] = {
    "flip": _flips,
    "draw": _draws,
    "place": _places,
    "extra-flip": _flips,
}


# -- making a move the rules allow ---------------------------------------------------


def make(game: GolfGame, who: str, mv: GolfMove) -> Event:
    """Make ``mv``, which the rules let through (:func:`refusal`), and gather its facts."""
    if mv.kind == "flip":
        if game.phase == "flip":
            return _opening_flip(game, who, mv)
        return _extra_flip(game, who, mv)
    if mv.kind == "draw":
        return _draw(game, who, mv)
    if mv.kind == "take":
        return _take(game, who, mv)
    if mv.kind == "replace":
        return replace(game, who, mv)
    assert mv.kind == "discard"
    return discard(game, who, mv)


def _opening_flip(game: GolfGame, who: str, mv: GolfMove) -> Event:
    # GOLF-FLIP-TWO, then GOLF-ORDER: once the last player has turned two, the dealer's
    # left plays first.
    pos = mv.position
    assert pos is not None
    lay = game.layouts[who]
    lay.up[pos] = True
    card = lay.cards[pos]
    text = "{} turns up {.words}: {}"
    facts = [Fact("flip", ("GOLF-FLIP-TWO",), text, (who, pos, card), who, (card,), None, pos)]
    if sum(lay.up) == 2:
        nxt = game.pass_turn()
        if game.seat == game.first_seat():
            game.phase = "draw"
            text = "everyone has turned two, {} plays first"
            facts.append(Fact("first", ("GOLF-ORDER",), text, (nxt,), nxt))
    return Event(who, mv, tuple(facts))


def _draw(game: GolfGame, who: str, mv: GolfMove) -> Event:
    # GOLF-DRAW; an empty stock gets here only under GOLF-STOCK-OUT's 'reshuffle': the
    # discards under the top card, shuffled, are the new stock.
    reshuffled = 0
    if not game.stock:
        top = game.discard.pop()
        if game.reshuffle is None:
            game.stock = shuffled(game.discard, game._rng)
        else:  # the top cards an example names, top first, over the rest shuffled
            named = game.reshuffle
            rest = [c for c in game.discard if c not in named]
            game.stock = shuffled(rest, game._rng) + list(reversed(named))
            game.reshuffle = None
        game.discard = [top]
        reshuffled = len(game.stock)
    card = game.stock.pop()
    game.holding, game.held_from, game.phase = card, "stock", "place"
    # The card drawn is seen by the drawer alone until it is placed or discarded, face up
    # either way (GOLF-REPLACE, GOLF-DISCARD-STOCK): the others are told a card was drawn.
    if reshuffled:
        text = (
            "{} draws {} from the stock (the stock was empty: {} discards reshuffled into "
            "a new stock)"
        )
        public = (
            "{0} draws a card from the stock (the stock was empty: {2} discards reshuffled "
            "into a new stock)"
        )
        rules: tuple[str, ...] = ("GOLF-STOCK-OUT", "GOLF-DRAW")
        words: tuple[object, ...] = (who, card, reshuffled)
    else:
        text, public = "{} draws {} from the stock", "{0} draws a card from the stock"
        rules, words = ("GOLF-DRAW",), (who, card)
    fact = Fact(
        "draw", rules, text, words, who, (card,), "stock", reshuffled, seen_by=(who,), public=public
    )
    return Event(who, mv, (fact,))


def _take(game: GolfGame, who: str, mv: GolfMove) -> Event:
    # GOLF-DRAW, and the card taken is bound by GOLF-TAKE-MUST-REPLACE.
    card = game.discard.pop()
    game.holding, game.held_from, game.phase = card, "discard", "place"
    text = "{} takes {} from the discard pile and must use it"
    rules = ("GOLF-DRAW", "GOLF-TAKE-MUST-REPLACE")
    return Event(who, mv, (Fact("take", rules, text, (who, card), who, (card,), "discard"),))


@enforces("GOLF-REPLACE")
def replace(game: GolfGame, who: str, mv: GolfMove) -> Event:
    """A kept card replaces any one of your six, face up or down; it goes in face up and the replaced card goes face up onto the discard pile."""
    # The position was chosen before the old card is seen (GOLF-NO-PEEK): a face-down
    # card is revealed only now, and the replacement stands whatever it is.
    pos = mv.position
    new = game.holding
    assert pos is not None and new is not None
    lay = game.layouts[who]
    old, was_up = lay.cards[pos], lay.up[pos]
    lay.cards[pos], lay.up[pos] = new, True
    game.discard.append(old)
    game.revealed = None if was_up else old
    game.holding = game.held_from = None
    words = (who, new, pos, old, old)
    if was_up:
        rules: tuple[str, ...] = ("GOLF-REPLACE",)
        text = "{} puts {} at {.words} in place of the face-up {}; {} goes onto the discard pile"
    else:
        rules = ("GOLF-REPLACE", "GOLF-NO-PEEK")
        text = (
            "{} puts {} at {.words} in place of a face-down card, revealed as {}; "
            "{} goes onto the discard pile"
        )
    return _end_turn(
        game, who, mv, [Fact("replace", rules, text, words, who, (new, old), None, pos)]
    )


@enforces("GOLF-DISCARD-STOCK")
def discard(game: GolfGame, who: str, mv: GolfMove) -> Event:
    """A card drawn from the stock may be discarded unused; the layout stays as it was and the turn ends."""
    # In the extra-flip variant (GOLF-NO-PEEK's switch) a discard is followed by one
    # compulsory flip, unless no card is left face down.
    card = game.holding
    assert card is not None
    game.discard.append(card)
    game.holding = game.held_from = None
    game.revealed = None
    rules = ("GOLF-DISCARD-STOCK",)
    if game.options.extra_flip and not game.layouts[who].all_up:
        game.phase = "extra-flip"
        text = "{} discards {}; the layout is unchanged, and {} must now turn one face-down card up (variant)"
        return Event(who, mv, (Fact("discard", rules, text, (who, card, who), who, (card,)),))
    text = "{} discards {}; the layout is unchanged"
    return _end_turn(game, who, mv, [Fact("discard", rules, text, (who, card), who, (card,))])


def _extra_flip(game: GolfGame, who: str, mv: GolfMove) -> Event:
    # The extra-flip variant of GOLF-NO-PEEK: the compulsory flip after a discard.
    pos = mv.position
    assert pos is not None
    lay = game.layouts[who]
    lay.up[pos] = True
    card = lay.cards[pos]
    text = "{} turns up {.words}: {} (extra-flip variant)"
    fact = Fact("extra-flip", ("GOLF-NO-PEEK",), text, (who, pos, card), who, (card,), None, pos)
    return _end_turn(game, who, mv, [fact])


# -- the end of a turn and of the hand -----------------------------------------------


def _end_turn(game: GolfGame, who: str, mv: GolfMove, facts: list[Fact]) -> Event:
    """After a replacement, a discard or the extra flip: the hand ends (GOLF-END, or
    GOLF-STOCK-OUT's 'end' when the turn left the stock empty) or the turn passes on."""
    if not hand_ends(game, who, facts):
        if not game.stock and game.options.stock_out == "end":
            _end(
                game,
                facts,
                "GOLF-STOCK-OUT",
                "the stock is empty, so the hand ends (house rule)",
                (),
            )
        else:
            game.phase = "draw"
            nxt = game.pass_turn()
            facts.append(Fact("next", (), "{} is next", (nxt,), nxt))
    return Event(who, mv, tuple(facts))


def hand_ends(game: GolfGame, who: str, facts: list[Fact]) -> bool:
    """GOLF-END's ending, after ``who``'s turn: the hand ends (True) when ``who`` has all six
    cards face up, or, in the last-turns variant, when the last turn owed is played; the
    rule (:func:`end_of_hand`) refuses a result before then."""
    # Finishing first is not winning: result() ranks the scores.  Pagat's variant
    # (GolfOptions.last_turns) first gives every other player one more turn.
    if game.last_turns_left is not None:
        game.last_turns_left -= 1
        if game.last_turns_left > 0:
            return False
        _end(game, facts, "GOLF-END", "the last turns are played and the hand ends", ())
        return True
    if not game.layouts[who].all_up:
        return False
    game.went_out = who
    if game.options.last_turns:
        game.last_turns_left = len(game.players) - 1
        text = "all six of {}'s cards are face up: everyone else has one more turn (variant)"
        facts.append(Fact("went-out", (), text, (who,), who))
        return False
    _end(game, facts, "GOLF-END", "all six of {}'s cards are face up, so the hand ends", (who,))
    return True


class LastTurns(NamedTuple):
    """A position in the last turns (the variant of GOLF-END), asked of :func:`end_of_hand`
    (which, asked with none, is asked for the hand's result: refused until
    :func:`hand_ends` has ended the hand): ``went_out`` turned up their sixth card, and the
    position says who is to move (or not: ``to_move_given``)."""

    went_out: str
    to_move_given: bool


def owed_turns(game: GolfGame, went_out: str) -> list[str]:
    """The players still owed a last turn after ``went_out`` went out: every player from
    the one to move round to the one before ``went_out``."""
    n = len(game.players)
    owed = (game.players.index(went_out) - game.seat) % n
    return [game.players[(game.seat + i) % n] for i in range(owed)]


@enforces("GOLF-END")
def end_of_hand(game: GolfGame, last_turns: LastTurns | Attempt | None = None) -> Refusal | None:
    """The hand ends as soon as one player has all six cards face up; everyone turns up the rest and scores."""
    # Asked of a move once the hand is over (an Attempt, in ENDED), of the result (None:
    # GolfGame.result) and of a position in the last turns (LastTurns).
    if isinstance(last_turns, Attempt):
        if game.ended_by != "GOLF-END":
            return None  # GOLF-STOCK-OUT's house rule ended it
        why = f"{game.went_out}'s six cards are all face up"
        return Refusal("GOLF-END", lambda: f"the hand is over: {why}; no more moves")
    if last_turns is None:
        if game.is_over:
            return None
        return Refusal("GOLF-END", lambda: "the hand is not over yet: nobody has six cards face up")
    out = last_turns.went_out
    if not game.options.last_turns:
        why = f"the hand ended when {out}'s six cards were all face up: no turns are owed"
        return Refusal("GOLF-END", lambda: f"without the last-turns variant {why}")
    if not game.layouts[out].all_up:
        return Refusal(
            "GOLF-END", lambda: f"{out} has not gone out: not all six of their cards are face up"
        )
    if not last_turns.to_move_given:
        return None  # the position must say who moves first (last_turns_owed asks for it)
    if game.players[game.seat] == out:
        why = "the last turns are the others', one each"
        return Refusal("GOLF-END", lambda: f"{out} went out, so no turn of theirs is owed: {why}")
    early = next((p for p in owed_turns(game, out) if game.layouts[p].all_up), None)
    if early is None:
        return None
    return Refusal(
        "GOLF-END",
        lambda: (
            f"{early}'s six cards are all face up, but {early} still has a last turn to "
            f"come: the hand would have ended when {early} turned the sixth, before {out} went out"
        ),
    )


def last_turns_owed(game: GolfGame, went_out: str, to_move_given: bool) -> None:
    """A position in the last turns (the variant of GOLF-END): ``went_out`` turned up their
    sixth card, and every player from the one to move round to the one before ``went_out``
    still has a last turn. The position must say who is to move: the turn is not the
    dealer's left's any more."""
    refused = end_of_hand(game, LastTurns(went_out, to_move_given))
    if refused is not None:
        raise refused.error()
    if not to_move_given:
        raise NotationError(
            f"after {went_out} went out, give to_move: the player whose last turn comes next"
        )
    game.went_out = went_out
    game.last_turns_left = len(owed_turns(game, went_out))


def _end(game: GolfGame, facts: list[Fact], rule: str, text: str, words: tuple[str, ...]) -> None:
    # GOLF-END: everyone turns up the rest, so every card of the layouts is shown
    finish(game, rule)
    facts.append(Fact("end", (rule,), text, words, None, (), None, game.scores(), shows_all=True))


def finish(game: GolfGame, rule: str) -> None:
    # GOLF-END: everyone turns up the rest and scores.
    game.phase = "over"
    game.ended_by = rule
    for lay in game.layouts.values():
        lay.up = [True] * 6


#: the rules a move is asked once the hand is over: each refuses every move if it ended the
#: hand (GOLF-END, or GOLF-STOCK-OUT's house rule 'end': :attr:`GolfGame.ended_by`)
ENDED: tuple[Callable[[GolfGame, Attempt], Refusal | None], ...] = (end_of_hand, stock_out)
