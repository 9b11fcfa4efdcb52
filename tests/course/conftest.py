"""Fixtures the course's tests share."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.support import yaml_ls

sys.path.insert(0, str(ROOT / "tools"))
import course


@pytest.fixture(scope="session")
def yaml_server() -> Path:
    """yaml-language-server (VS Code's and JupyterLab's YAML support), from npm."""
    command = yaml_ls.server()
    assert command is not None, "yaml-language-server could not be installed from npm"
    return command


@pytest.fixture(scope="session")
def student(tmp_path_factory) -> Path:
    """The student edition, as nbgrader generates it (the fallback's stripping without
    nbgrader), built once a session (a worker's)."""
    dest = tmp_path_factory.mktemp("student")
    course.build_student(dest, fallback=not course.has_nbgrader())
    return dest
