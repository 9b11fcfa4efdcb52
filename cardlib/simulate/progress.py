"""A simulation's progress as a bar: tqdm's (``tqdm.auto``: a widget in a notebook, a line on
standard error in a terminal), with the games done, their rate and the time left, and nothing
at all where tqdm is not installed (the ``simulation`` and ``course`` extras install it; the
core install does not).

``simulate(..., progress=True)`` and ``stream(..., progress=True)`` show one, made by
:func:`bar` as the first games start and closed when they end, however they end; ``cardlib
simulate`` shows one on standard error when it is a terminal (``--progress`` and
``--no-progress`` say otherwise).  A bar is also a ``progress`` function of its own, for a
bar drawn elsewhere (here into a string; ``None`` without tqdm, which shows nothing)::

    >>> import io
    >>> from cardlib.simulate import simulate
    >>> shown = bar(10, desc="golf", file=io.StringIO())
    >>> len(simulate("golf", n=10, seed=1, progress=shown))
    10
"""

from __future__ import annotations

from typing import Any, Protocol


class Progress(Protocol):
    """What shows a simulation's progress: called with each batch's number of games as the
    batch is done, and closed when the games end."""

    def __call__(self, games: int, /) -> None: ...

    def close(self) -> None: ...


class Bar:
    """A tqdm bar counting games: :func:`bar` makes one."""

    def __init__(self, shown: Any) -> None:
        self.shown = shown

    def __call__(self, games: int) -> None:
        self.shown.update(games)

    def close(self) -> None:
        self.shown.close()


def bar(total: int, *, desc: str | None = None, **options: Any) -> Bar | None:
    """A bar of ``total`` games (``tqdm.auto.tqdm``, given ``options`` too: ``file``,
    ``disable``, ``leave``, ...), or ``None`` where tqdm is not installed."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return Bar(tqdm(total=total, desc=desc, unit="game", **options))
