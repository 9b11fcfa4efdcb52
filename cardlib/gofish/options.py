"""Go Fish's rule sets, the deal sizes each gives (GF-DEAL), and the variations a table agrees
before play (:class:`GoFishOptions`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from cardlib.arguments import flag, options_of, shown
from cardlib.errors import NotationError

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
        # The example format's values, and only those: a switch is true or false, so that
        # specific_card="off" is refused rather than read as on.
        if not isinstance(self.rule_set, str) or self.rule_set not in RULE_SETS:
            raise NotationError(
                f"{shown(self.rule_set)} is not a Go Fish rule set: use "
                f"{', '.join(map(repr, RULE_SETS))}"
            )
        for name in ("specific_card", "ask_own_card", "refill", "keep_playing"):
            flag(getattr(self, name), name)
        if not isinstance(self.next_player, str | None) or self.next_player not in (
            None,
            "left",
            "asked",
        ):
            raise NotationError(
                f"next_player {shown(self.next_player)} is not a choice: use 'left', 'asked' or None"
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

    @classmethod
    def of(cls, options: GoFishOptions | Mapping[str, object] | None) -> GoFishOptions:
        """The options a table agreed: a :class:`GoFishOptions`, the same as a mapping (as
        the example format writes them), or None for the defaults."""
        return options_of(cls, options, "Go Fish")

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
