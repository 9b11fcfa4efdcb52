"""A Go Fish move: a request, ``ask Ben 8`` (Ben, give me your 8s) or, in the specific-card
variation (GF-VAR-CARD), ``ask Ben 8H``."""

from __future__ import annotations

from dataclasses import InitVar, dataclass
from typing import Literal

from cardlib.cards import Card, Rank
from cardlib.errors import NotationError
from cardlib.notation import Notation


@dataclass(frozen=True, slots=True)
class GoFishMove(Notation):
    """A request in notation: ``GoFishMove.parse("ask Ben 8")`` or ``"ask Ben 8H"``.

    ``card`` is set only in the specific-card variation (GF-VAR-CARD); ``rank`` is then
    the card's rank.  A request is checked as it is made, unless it is one the listing
    builds (:meth:`listed`).
    """

    kind: Literal["ask"]
    target: str
    rank: Rank
    card: Card | None = None
    #: False only for a request :meth:`listed` builds: nothing in it to check
    checked: InitVar[bool] = True

    def __post_init__(self, checked: bool) -> None:
        if not checked:
            return
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
    def listed(cls, target: str, rank: Rank, card: Card | None = None) -> GoFishMove:
        """A request the legal listing builds (:func:`cardlib.gofish.rules.legal`) from a
        player at the table and a rank held (or a card of it): well formed by construction,
        so it is not checked again."""
        return cls("ask", target, rank, card, False)

    @classmethod
    def ask(cls, target: str, what: Rank | Card | str) -> GoFishMove:
        """``GoFishMove.ask("Ben", "8")``, ``GoFishMove.ask("Ben", Card.parse("8H"))``."""
        if isinstance(what, Card):
            return cls("ask", target, what.rank, what)
        if isinstance(what, Rank):
            return cls("ask", target, what)
        return cls.parse(f"ask {target} {what}")

    @classmethod
    def reading(cls, text: str | GoFishMove) -> GoFishMove | NotationError:
        """The request ``text`` names (``ask Ben 8``, or ``ask Ben 8H``), or the notation
        error saying why it names none.  ``parse`` raises the error and ``read`` gives None
        (:class:`~cardlib.notation.Notation`): ``"ask" in game.legal_moves()`` is False."""
        if isinstance(text, GoFishMove):
            return text
        if not isinstance(text, str):
            return NotationError(f"{text!r} is not a Go Fish move")
        words = text.split()
        if len(words) < 3 or words[0].lower() != "ask":
            return NotationError(
                f"{text!r} is not a Go Fish move: write 'ask <player> <rank>', like 'ask Ben 8', "
                "or 'ask Ben 8H' when asking for one card"
            )
        name, last = " ".join(words[1:-1]), words[-1]
        card = Card.read(last)
        if card is not None:
            return cls("ask", name, card.rank, card)
        rank = Rank.read(last)
        if rank is None:
            return NotationError(
                f"{text!r}: {last!r} is neither a rank (A, 2-10, J, Q, K) nor a card (8H)"
            )
        return cls("ask", name, rank)

    def asks_for(self, card: Card) -> bool:
        """Is ``card`` what this request asks for: any card of the rank, or in the
        specific-card variation the one card named (GF-VAR-CARD)?"""
        return card == self.card if self.card is not None else card.rank == self.rank

    @property
    def words(self) -> str:
        """The request as a learner reads it: ``ask Ben 8`` is "ask Ben for 8s"."""
        what = f"the {self.card}" if self.card is not None else f"{self.rank}s"
        return f"ask {self.target} for {what}"

    def __str__(self) -> str:
        return f"ask {self.target} {self.card if self.card is not None else self.rank}"

    def __repr__(self) -> str:
        return f"GoFishMove.parse({str(self)!r})"
