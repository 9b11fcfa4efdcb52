"""Jupyter widgets: thin views over the engines (the only part of cardlib that imports ipywidgets).

Each game keeps its widgets in its own package (``cardlib.golf.widgets``, ...) and names
them in its spec (:attr:`cardlib.games.GameSpec.widgets`); this module gives them by name,
importing a game's widgets when one of them is first asked for.
"""

from __future__ import annotations

from typing import Any

from cardlib.games import GAMES

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


def __getattr__(name: str) -> Any:
    if name == "__all__":  # every game's widgets (each game's spec is imported to list them)
        return sorted(w for spec in GAMES.values() for w in spec.widgets)
    for spec in GAMES.values():
        if name in spec.widgets and spec.widget_module is not None:
            return spec.widget(name)
    raise AttributeError(f"module 'cardlib.widgets' has no attribute {name!r}")
