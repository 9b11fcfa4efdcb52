"""Jupyter widgets: thin views over the engines (the only part of cardlib that imports ipywidgets)."""

from cardlib.widgets.gofish import AskSandbox, GoFishTable
from cardlib.widgets.golf import GolfTable, LayoutScorer

__all__ = ["AskSandbox", "GoFishTable", "GolfTable", "LayoutScorer"]
