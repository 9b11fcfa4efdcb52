"""cardlib: exact cards, rule engines and a worked-example checker for Go Fish, Six Card Golf and Rook.

The core never imports IPython or ipywidgets; the widgets live in :mod:`cardlib.widgets`.
"""

from cardlib.cards import Card, Rank, Suit, parse_cards, shuffled, standard_deck
from cardlib.catalogue import Rule, rules
from cardlib.errors import CardlibError, ExampleMismatch, NotationError, RuleViolation

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
