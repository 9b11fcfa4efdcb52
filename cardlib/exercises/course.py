"""The course's chapters of exercises, in the course's order: the start-here notebook's, then
each game's, from the game's own folder (``cardlib/<game>/exercises.py``, which its spec names:
:attr:`cardlib.games.GameSpec.exercises`), in the registry's order, then the review's
(:mod:`cardlib.exercises.review`), whose questions mix the games, then the simulations
notebook's, a game's from its folder too (:attr:`cardlib.games.GameSpec.lab_exercises`).
"""

from __future__ import annotations

from pkgutil import resolve_name

from cardlib.exercises.model import Chapter


def chapters() -> list[Chapter]:
    """Every chapter of the course: start-here's, then each game's in the order of
    :data:`cardlib.games.GAMES` (a game without exercises has none), then the review's,
    whose questions mix the games (asked after the last game taught), then each game's
    chapter of the simulations notebook (predict, then measure), in the same order.

    The games' chapters are imported when first gathered, not when this package is imported:
    a game's exercises module imports this package for the machinery."""
    from cardlib.exercises.review import EXERCISES as REVIEW
    from cardlib.exercises.start_here import EXERCISES as START_HERE
    from cardlib.games import GAMES

    games: list[Chapter] = [
        resolve_name(spec.exercises) for spec in GAMES.values() if spec.exercises is not None
    ]
    lab: list[Chapter] = [
        resolve_name(spec.lab_exercises)
        for spec in GAMES.values()
        if spec.lab_exercises is not None
    ]
    return [START_HERE, *games, REVIEW, *lab]
