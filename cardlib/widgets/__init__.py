"""Jupyter widgets: thin views over the engines (the only part of cardlib that imports ipywidgets)."""

from cardlib.widgets.gofish import AskSandbox, GoFishTable
from cardlib.widgets.golf import GolfTable, LayoutScorer
from cardlib.widgets.rook import BiddingPanel, RookTable, TrickTrainer

__all__ = [
    "AskSandbox",
    "BiddingPanel",
    "GoFishTable",
    "GolfTable",
    "LayoutScorer",
    "RookTable",
    "TrickTrainer",
]
