"""The session's own tests, as ``pytest --collect-only`` names them, when it runs the whole
suite (tests/course/test_packaging.py compares them with the sdist's).

The count of tests left out is kept here, in a module imported once under one name, by
``tests/conftest.py``'s ``pytest_deselected``: a stash key in the conftest itself would be
another object when a test imports ``tests.conftest`` (pytest imports it under its own
name)."""

from __future__ import annotations

import pytest

#: how many collected tests this session leaves out (``-k``, ``-m``, ``--deselect``, ``--lf``)
DESELECTED = pytest.StashKey[int]()


def every_test_of_the_suite(session: pytest.Session) -> list[str] | None:
    """The node IDs of the session's tests when they are the whole suite: pytest given no
    path (its ``testpaths``) and no test left out, as ``make test`` runs it, and on each of
    xdist's workers, which collect every test; else None."""
    whole = session.config.args_source is pytest.Config.ArgsSource.TESTPATHS
    if not whole or session.config.stash.get(DESELECTED, 0):
        return None
    return [_collected_id(item) for item in session.items]


def _collected_id(item: pytest.Item) -> str:
    """``item``'s node ID as ``pytest --collect-only`` prints it: without the ``@group``
    that ``--dist loadgroup`` adds to a test of a worker group (xdist's remote.py)."""
    groups = sorted(
        {
            str(m.args[0] if m.args else m.kwargs.get("name", "default"))
            for m in item.iter_markers("xdist_group")
        }
    )
    return item.nodeid.removesuffix(f"@{'_'.join(groups)}") if groups else item.nodeid
