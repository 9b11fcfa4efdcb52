"""What a Go Fish request did, as facts (:class:`cardlib.game.Fact`): one function a kind of
fact, each citing the rule that decided it.  A fact's text is a template filled in with its
words when it is read: the words are the names, cards and ranks themselves, each written
only then (a rank's plural is the template's ``{}s``, as :func:`plural` writes it).

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

Each fact says who may know it (:attr:`Fact.seen_by <cardlib.game.Fact>`), as the sources
play: requests, answers and books are said or shown to the table; a card fished is the
asker's, unless it is of the rank asked for and shown (GF-LUCKY-DRAW); cards handed over
are seen by the two players, while the table hears the rank and how many; a refill or an
empty hand's draw is the drawer's.  The others are told each private fact by its ``public``
template.  Nothing shows the hands when the game ends: only the books count (GF-WIN).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cardlib.cards import Card, Rank, of_rank
from cardlib.game import Event, Fact
from cardlib.gofish.moves import GoFishMove


def plural(rank: Rank) -> str:
    """``8s``, ``As``: how the narration names the cards of a rank."""
    return f"{rank}s"


class Listed(NamedTuple):
    """Cards as a fact lists them, ``AC, AH``: a word written when the fact is read."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return ", ".join(map(str, self.cards))


_NUMBERS = ("no", "one", "two", "three")


class HowMany(NamedTuple):
    """What the table hears of cards handed over, ``one 8``, ``three 8s``: a word written
    when the fact is read."""

    cards: int
    rank: Rank

    def __str__(self) -> str:
        cards, rank = self.cards, self.rank
        return f"{_NUMBERS[cards]} {rank}" if cards == 1 else f"{_NUMBERS[cards]} {plural(rank)}"


def ask(asker: str, asked: str, move: GoFishMove) -> Fact:
    if move.card is None:  # "{}s": the rank's plural (:func:`plural`), written when read
        words: tuple[str, str, Rank | Card] = (asker, asked, move.rank)
        return Fact("ask", (), "{} asks {} for {}s", words, asker, (), asked, move.rank)
    words = (asker, asked, move.card)
    template = "{} asks {} for {} (GF-VAR-CARD)"
    return Fact("ask", ("GF-VAR-CARD",), template, words, asker, (), asked, move.card)


def hand_over(asker: str, asked: str, cards: Sequence[Card], move: GoFishMove) -> Fact:
    if move.card is None:
        # the two players see the cards; the table hears the rank and how many
        template, public = "{} hands over {} (GF-GIVE-ALL)", "{0} hands over {2} (GF-GIVE-ALL)"
        given = tuple(cards)
        words = (asked, Listed(given), HowMany(len(given), move.rank))
        return Fact(
            "hand-over",
            ("GF-GIVE-ALL",),
            template,
            words,
            asker,
            given,
            asked,
            None,  # no value
            (asker, asked),  # seen by the two players
            public,  # what the others are told
        )
    # the one card asked for was named aloud: handing it over shows nothing more
    template = "{} hands it over (GF-VAR-CARD)"
    return Fact("hand-over", ("GF-VAR-CARD",), template, (asked,), asker, tuple(cards), asked)


def fish(asker: str, asked: str, drawn: Card) -> Fact:
    """The card fished is the asker's to see; GF-LUCKY-DRAW shows it to all (:func:`shown`)
    when it is what was asked for."""
    template = '{} says "Go fish" and {} draws {} (GF-GO-FISH)'
    public = '{0} says "Go fish" and {1} draws a card (GF-GO-FISH)'
    return Fact(
        "fish",
        ("GF-GO-FISH",),
        template,
        (asked, asker, drawn),
        asker,
        (drawn,),
        asked,
        None,  # no value
        (asker,),  # seen by the asker
        public,  # what the others are told
    )


def handed_over(event: Event) -> tuple[list[Card], str]:
    """What a request's facts say was handed over: the cards (sorted), and the rule that
    decided it, the hand-over's (GF-GIVE-ALL, GF-VAR-CARD); with none handed over, the
    request's (GF-VAR-CARD asks for one card), else GF-GIVE-ALL.  Read here once for the
    claims and the table."""
    given = event.of("hand-over")
    cards = sorted(card for fact in given for card in fact.cards)
    told = given or event.of("ask")
    return cards, told[0].rules[0] if told and told[0].rules else "GF-GIVE-ALL"


def fished(event: Event) -> Card | None:
    """The card a request's facts say was fished from the stock (GF-GO-FISH), or None."""
    return next((fact.cards[0] for fact in event.of("fish")), None)


def shown(fact: Fact) -> Fact:
    """A private fact made public: the card is shown to everyone (GF-LUCKY-DRAW)."""
    return fact._replace(seen_by=None, public="")


def lucky_draw(asker: str, drawn: Card, move: GoFishMove, lucky: bool) -> Fact:
    asked_for = move.card if move.card is not None else move.rank
    if lucky:
        template = "it is the {} asked for: {} shows it and asks again (GF-LUCKY-DRAW)"
        words: tuple[object, ...] = (asked_for, asker)
        return Fact("lucky-draw", ("GF-LUCKY-DRAW",), template, words, asker, (drawn,), None, lucky)
    # not shown: the others learn only that it was not what was asked for
    template = "{} is not the {} asked for, so {} keeps it and the turn ends (GF-LUCKY-DRAW)"
    public = "it is not the {1} asked for, so {2} keeps it and the turn ends (GF-LUCKY-DRAW)"
    return Fact(
        "lucky-draw",
        ("GF-LUCKY-DRAW",),
        template,
        (drawn, asked_for, asker),
        asker,
        (drawn,),
        None,
        lucky,
        (asker,),  # seen by the asker
        public,  # what the others are told
    )


def miss(asker: str, asked: str) -> Fact:
    template = "{} has none and the stock is exhausted, so nobody fishes (GF-NO-STOCK)"
    return Fact("miss", ("GF-NO-STOCK",), template, (asked,), asker, (), asked)


def book(player: str, rank: Rank) -> Fact:
    template = "{} shows all four {}s and lays the book aside (GF-BOOK)"  # the rank's plural
    cards = of_rank(rank)  # the four, in suit order
    return Fact("book", ("GF-BOOK",), template, (player, rank), player, cards, None, rank)


def dealt_book(player: str, rank: Rank) -> str:
    """A book in a dealt hand, told in the setup log."""
    return f"{player} was dealt all four {plural(rank)} and lays them aside (GF-BOOK)"


EXHAUSTED = Fact(
    "exhausted",
    ("GF-NO-STOCK",),
    "the stock is exhausted: play goes on without fishing (GF-NO-STOCK)",
)


def refill(player: str, cards: Sequence[Card]) -> Fact:
    template = "{}'s hand is empty, so {} takes {} cards from the stock: {} (GF-VAR-REFILL)"
    public = "{0}'s hand is empty, so {1} takes {2} cards from the stock (GF-VAR-REFILL)"
    taken = tuple(cards)
    words = (player, player, len(taken), Listed(taken))
    return Fact(
        "refill",
        ("GF-VAR-REFILL",),
        template,
        words,
        player,
        taken,
        seen_by=(player,),
        public=public,
    )


def empty_draw(player: str, drawn: Card) -> Fact:
    template = "{} has no cards, so takes {} from the stock and asks for {}s (GF-EMPTY-DRAW)"
    public = "{0} has no cards, so takes a card from the stock and asks (GF-EMPTY-DRAW)"
    words = (player, drawn, drawn.rank)  # "{}s": the rank's plural, written when read
    return Fact(
        "empty-draw",
        ("GF-EMPTY-DRAW",),
        template,
        words,
        player,
        (drawn,),
        seen_by=(player,),
        public=public,
    )


def out(player: str, rule: str) -> Fact:
    """``player`` is out of the game; the rule differs by rule set (GF-EMPTY-DRAW, GF-NO-STOCK)."""
    template = "{} has no cards and there is no stock: {} is out ({})"
    return Fact("out", (rule,), template, (player, player, rule), player)


def turn(player: str, rule: str) -> Fact:
    """The turn passes to ``player`` (GF-NEXT), or stays with them (GF-CATCH-AGAIN)."""
    if rule == "GF-CATCH-AGAIN":
        template = "{} asks again (GF-CATCH-AGAIN)"
    else:
        template = "the turn passes to {} (GF-NEXT)"
    return Fact("turn", (rule,), template, (player,), player, (), None, rule)


def end(rule: str, reason: str) -> Fact:
    return Fact("end", (rule,), "{}, so the game is over ({})", (reason, rule), value=rule)


def win(books: Sequence[tuple[str, int]], winners: tuple[str, ...]) -> Fact:
    return Fact("win", ("GF-WIN",), "{} (GF-WIN)", (who_wins(books),), value=winners)


def who_wins(books: Sequence[tuple[str, int]]) -> str:
    """Each player's books, (name, count) in seat order, told as who wins (GF-WIN)."""
    best = max(count for _, count in books)
    top = [name for name, count in books if count == best]
    tally = ", ".join(f"{name} {count}" for name, count in books)
    noun = "book" if best == 1 else "books"
    if len(top) == 1:
        return f"{top[0]} wins with {best} {noun} (books: {tally})"
    return f"{' and '.join(top)} tie with {best} {noun} each (books: {tally})"


TURN_WORDS = {
    "GF-FIRST": "{who} asks first",
    "GF-CATCH-AGAIN": "{who} got cards and asks again",
    "GF-LUCKY-DRAW": "{who} fished the card asked for and asks again",
    "GF-NEXT": "the turn passed to {who}",
    "GF-EMPTY-DRAW": "{who} had no cards, drew one from the stock and asks",
}


def turn_reason(who: str, rule: str, rule_set: str) -> str:
    """Why it is ``who``'s turn, with the rule ID: ``"the turn passed to Ben (GF-NEXT)"``."""
    words = TURN_WORDS[rule].format(who=who)
    if rule == "GF-FIRST":
        words += ", chosen at random" if rule_set == "gamerules" else " from the dealer's left"
    return f"{words} ({rule})"
