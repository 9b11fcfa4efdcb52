"""cardlib: exact cards, rule engines and a worked-example checker for Go Fish, Six Card Golf and Rook.

The core never imports IPython or ipywidgets; the widgets live in :mod:`cardlib.widgets`.
The rule catalogue (``cardlib.rules``, ``cardlib.Rule``) is imported when first asked for,
so that a command that does not need it (``cardlib check``) does not load it.
"""

from typing import TYPE_CHECKING, Any

from cardlib.cards import Card, Rank, Suit, parse_cards, shuffled, standard_deck
from cardlib.errors import CardlibError, ExampleMismatch, NotationError, RuleViolation

if TYPE_CHECKING:
    from cardlib.catalogue import Rule, rules

__all__ = [
    "Card",
    "CardlibError",
    "ExampleMismatch",
    "NotationError",
    "Rank",
    "Rule",
    "RuleViolation",
    "Suit",
    "parse_cards",
    "rules",
    "shuffled",
    "standard_deck",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name in ("Rule", "rules"):
        from cardlib import catalogue

        return getattr(catalogue, name)
    raise AttributeError(f"module 'cardlib' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
