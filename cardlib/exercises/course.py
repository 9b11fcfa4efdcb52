"""The course's chapters of exercises, in the course's order: the start-here notebook's, then
each game's, from the game's own folder (``cardlib/<game>/exercises.py``), then the review's
(:mod:`cardlib.exercises.review`), whose questions mix the games.

:data:`GAMES` is the one place outside the game folders that names a game's exercises; it
is keyed by the game IDs of :data:`cardlib.games.GAMES` and belongs there, as a field of each
game's entry, once that table is a spec per game (issue 18).
"""

from __future__ import annotations

from collections.abc import Callable

from cardlib.exercises.model import Chapter

# Each loader imports its game's module when the registry is first gathered, not when this
# package is imported: a game's exercises module imports this package for the machinery.


def _golf() -> Chapter:
    from cardlib.golf.exercises import EXERCISES

    return EXERCISES


def _gofish() -> Chapter:
    from cardlib.gofish.exercises import EXERCISES

    return EXERCISES


def _rook() -> Chapter:
    from cardlib.rook.exercises import EXERCISES

    return EXERCISES


#: game ID -> its chapter of exercises, in the order the course teaches the games
GAMES: dict[str, Callable[[], Chapter]] = {
    "golf": _golf,
    "go-fish": _gofish,
    "rook": _rook,
}


def chapters() -> list[Chapter]:
    """Every chapter of the course: start-here's, then each game's in :data:`GAMES` order,
    then the review's, whose questions mix the games (asked after the last game taught)."""
    from cardlib.exercises.review import EXERCISES as REVIEW
    from cardlib.exercises.start_here import EXERCISES as START_HERE

    return [START_HERE, *(load() for load in GAMES.values()), REVIEW]
