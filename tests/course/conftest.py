"""Fixtures the course's tests share."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import yaml_ls


@pytest.fixture(scope="session")
def yaml_server() -> Path:
    """yaml-language-server (VS Code's and JupyterLab's YAML support), from npm."""
    command = yaml_ls.server()
    assert command is not None, "yaml-language-server could not be installed from npm"
    return command
