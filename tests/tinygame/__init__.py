"""Tiny, a small game of the test suite's own and a game from outside cardlib: two or three
players, six cards numbered 1 to 6, four rules (``catalogue.yaml`` here, read from this
folder as a shipped game's is).  ``tests/conftest.py`` registers it with one call, and the
generic tests (check, simulate, export and re-check, random play, the table session, the
widgets) run it as they run the course's games, which proves that they read only a game's
spec; ``tests/core/test_adding_a_game.py`` checks that this folder holds exactly the files
docs/architecture.md says a new game writes."""

from tests.tinygame.spec import SPEC

__all__ = ["SPEC"]
