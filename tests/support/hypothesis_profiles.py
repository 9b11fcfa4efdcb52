"""Hypothesis's settings for cardlib's property tests, chosen by ``HYPOTHESIS_PROFILE``.

* ``cardlib`` (the default, what ``make test`` and CI run): derandomized, so a run tries the
  same examples every time and a failure is the same failure on every machine; no example
  database (nothing written into the repository); no deadline (two cores shared by many
  workers make timings meaningless); few examples, so the suite stays fast; a failure prints
  its shrunk example and the ``@reproduce_failure`` blob to replay it.
* ``explore``: random examples, many more of them, and the failures kept in Hypothesis's
  example database (``.hypothesis/`` in the folder pytest runs in, ignored by git, or the
  folder ``HYPOTHESIS_DATABASE`` names), so that the next run tries them first.

``HYPOTHESIS_PROFILE=explore python -m pytest tests/core/test_play_machine.py`` explores
(CONTRIBUTING.md).  A test module imports this one before it uses Hypothesis.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

#: the profile a run uses when ``HYPOTHESIS_PROFILE`` names none
DEFAULT = "cardlib"

settings.register_profile(
    "cardlib",
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=25,
    stateful_step_count=30,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "explore",
    derandomize=False,
    database=DirectoryBasedExampleDatabase(os.environ.get("HYPOTHESIS_DATABASE", ".hypothesis")),
    deadline=None,
    max_examples=500,
    stateful_step_count=80,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", DEFAULT))
