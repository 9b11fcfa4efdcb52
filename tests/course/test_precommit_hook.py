"""The pre-commit hook (``.pre-commit-hooks.yaml``): ``cardlib check`` on the worked examples
a commit touches, named by the file-name convention ``NAME.cardlib.yaml``.

The hook is tried as pre-commit runs it, with ``pre-commit try-repo`` on a copy of the working
tree (pre-commit installs it into an environment of its own), in a repository holding one good
and one broken example (``venv`` marker: pre-commit builds that environment, 30-90 s)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import EXAMPLES, ROOT
from tests.course.test_install import _copy_tree

HOOKS = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
GOOD = EXAMPLES / "golf" / "layout-9-and-27.yaml"
WRONG_CLAIM = ("score: {Mei: 9}", "score: {Mei: 8}")


def test_the_hook_runs_cardlib_check_on_worked_examples_by_their_name():
    (hook,) = HOOKS
    assert hook["id"] == "cardlib-check" and hook["entry"] == "cardlib check"
    assert hook["language"] == "python"
    files = re.compile(hook["files"])
    for name in ("golf/my-layout.cardlib.yaml", "a.cardlib.yml"):
        assert files.search(name), name
    for name in ("examples/golf/two-twos.yaml", ".pre-commit-config.yaml", "a.cardlib.yaml.bak"):
        assert not files.search(name), name


def test_the_docs_give_the_file_name_convention_the_hook_matches():
    docs = (ROOT / "docs" / "examples.md").read_text()
    assert "NAME.cardlib.yaml" in docs and "cardlib-check" in docs


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(
        ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        timeout=120,
    )


@pytest.mark.venv
def test_pre_commit_try_repo_passes_the_good_example_and_fails_the_broken_one(tmp_path):
    hook_repo = _copy_tree(tmp_path / "cardlib")
    _git("init", "-q", cwd=hook_repo)
    _git("add", ".", cwd=hook_repo)
    _git("commit", "-q", "-m", "the working tree", cwd=hook_repo)

    project = tmp_path / "articles"
    project.mkdir()
    text = GOOD.read_text()
    (project / "good.cardlib.yaml").write_text(text)
    (project / "broken.cardlib.yaml").write_text(text.replace(*WRONG_CLAIM, 1))
    (project / "notes.yaml").write_text("not: [a worked example\n")  # not matched by name
    _git("init", "-q", cwd=project)
    _git("add", ".", cwd=project)

    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)

    def try_repo(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [
                sys.executable,
                "-m",
                "pre_commit",
                "try-repo",
                str(hook_repo),
                "cardlib-check",
                *args,
            ],
            cwd=project,
            capture_output=True,
            text=True,
            env=env,
            timeout=600,
        )

    good = try_repo("--files", "good.cardlib.yaml")
    assert good.returncode == 0, good.stdout[-3000:] + good.stderr[-3000:]
    assert "Passed" in good.stdout

    both = try_repo("--all-files")
    assert both.returncode == 1, both.stdout[-3000:] + both.stderr[-3000:]
    assert "Failed" in both.stdout
    assert re.search(r"^broken\.cardlib\.yaml:14:\d+: GOLF-COLUMN ", both.stdout, re.M), both.stdout
    assert "good.cardlib.yaml:" not in both.stdout and "notes.yaml" not in both.stdout
