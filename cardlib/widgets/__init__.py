"""Jupyter widgets: thin views over the engines (the only part of cardlib that imports ipywidgets)."""

from cardlib.widgets.golf import GolfTable, LayoutScorer

__all__ = ["GolfTable", "LayoutScorer"]
