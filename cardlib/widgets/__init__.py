"""Jupyter widgets: thin views over the engines (the only part of cardlib that imports ipywidgets).

Each game keeps its widgets in its own package (``cardlib.golf.widgets``, ...); this module
gathers them by name, importing a game's widgets when one is first asked for, and
:mod:`cardlib.widgets.common` holds what they share.
"""

from __future__ import annotations

import importlib
from typing import Any

INSTALL_HINT = (
    "cardlib's widgets need ipywidgets, which the core install leaves out: "
    'python -m pip install "ipywidgets>=8.1" (or, in a clone, python -m pip install -e ".[widgets]")'
)
"""What importing a widget without ipywidgets says, in one line."""

try:  # the game widgets import it from here: ``from cardlib.widgets import ipywidgets as w``
    import ipywidgets as ipywidgets  # re-exported
except ModuleNotFoundError as _missing:
    if _missing.name != "ipywidgets":
        raise
    raise ModuleNotFoundError(INSTALL_HINT, name="ipywidgets") from None

_WHERE = {
    "AskSandbox": "cardlib.gofish.widgets",
    "GoFishTable": "cardlib.gofish.widgets",
    "GolfTable": "cardlib.golf.widgets",
    "LayoutScorer": "cardlib.golf.widgets",
    "BiddingPanel": "cardlib.rook.widgets",
    "RookTable": "cardlib.rook.widgets",
    "TrickTrainer": "cardlib.rook.widgets",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'cardlib.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name]), name)
