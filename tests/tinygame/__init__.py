"""A tiny game of the test suite's own, registered through one call (``tests/conftest.py``):
two to four players, six cards numbered 1 to 6, three rules.  The generic tests (check,
simulate, export and re-check, random play, the table session) run it as they run the
course's games, which proves that they read only a game's spec."""

from tests.tinygame.spec import SPEC

__all__ = ["SPEC"]
