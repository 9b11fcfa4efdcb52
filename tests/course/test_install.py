"""The install instructions are exact and true, and the teacher's hub route works as written.

* Every ``pip install`` the README, the teacher's guide, the published student README and the
  Makefile give is ``python -m pip install`` of this project from a path (a clone, or a wheel
  built from it), never a name looked up on PyPI: PyPI's ``cardlib`` is an unrelated project,
  and this distribution is ``cardlib-course``.
* Each of those commands is run as written (plus ``--no-deps``: the dependencies are big and
  come from PyPI) in a clean virtual environment, against a copy of the working tree, and the
  distribution it installed is checked (``venv`` marker, 30-90 s: pip builds each in
  isolation, with setuptools from pip's cache or PyPI).
* The guide's hub route is run as written in a temporary course folder, up to
  ``nbgrader generate_assignment``, and the released notebooks hold no widget state.

Nothing here writes into the working tree: the commands run in copies."""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import course

DISTRIBUTION = "cardlib-course"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
#: the version, written once (cardlib.__version__; pyproject.toml reads it from there)
VERSION = re.search(
    r'^__version__ = "(.+)"$', (ROOT / "cardlib" / "__init__.py").read_text(), re.M
).group(1)
WHEEL = f"dist/{DISTRIBUTION.replace('-', '_')}-{VERSION}-py3-none-any.whl"

#: where install commands are given, and their text
SOURCES = {
    "README.md": (ROOT / "README.md").read_text(),
    "docs/teaching.md": (ROOT / "docs" / "teaching.md").read_text(),
    "Makefile": (ROOT / "Makefile").read_text(),
    "environment.yml": (ROOT / "environment.yml").read_text(),
    "nbgrader_config.py": (ROOT / "nbgrader_config.py").read_text(),
}
PUBLISHED = "the published student README (tools/course.py)"

_PIP = re.compile(r"(?:\$\(BIN\)/)?(?:python3? -m )?pip (?:install|wheel)\b[^`\n#)]*")
#: what an install command may install: the clone it runs in, the clone beside it, the wheel
_TARGET = re.compile(
    r'-e "\.\[(?P<e1>[\w,]+)\]"|-e "\./cardlib\[(?P<e2>[\w,]+)\]"|\./cardlib|' + re.escape(WHEEL)
)

#: how the wheel is built: in the clone, and beside it (its folder named cardlib)
WHEEL_BUILDS = {
    "python -m pip wheel --no-deps -w dist .": "clone",
    "python -m pip wheel --no-deps -w dist ./cardlib": "beside",
}
#: strings only the teacher's widget state holds (a layout scored, a hand played)
ANSWER_STRINGS = ("Total: -6", "2D over KD", "South won the auction at 80")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def install_commands(text: str) -> list[str]:
    return [" ".join(m.group(0).split()) for m in _PIP.finditer(text)]


def _as_run(command: str) -> str:
    """The command with the Makefile's ``$(BIN)/`` and ``--quiet`` taken out."""
    return command.removeprefix("$(BIN)/").replace(" --quiet", "")


def test_the_distribution_is_cardlib_course_and_the_import_package_cardlib():
    assert PROJECT["name"] == DISTRIBUTION
    assert DISTRIBUTION in importlib.metadata.packages_distributions()["cardlib"]
    assert PROJECT["scripts"] == {"cardlib": "cardlib.cli:main"}


@pytest.mark.parametrize("where", list(SOURCES))
def test_every_install_command_is_exact(where):
    """``python -m pip install`` of a path (the clone, or the wheel built from it) with
    extras the project has: never a bare ``pip``, never a name from an index."""
    for command in install_commands(SOURCES[where]):
        run = _as_run(command)
        assert run.startswith("python -m pip "), f"{where}: {command!r}: say which pip"
        if " wheel " in run:
            assert run in WHEEL_BUILDS, (where, command)
            continue
        target = run.removeprefix("python -m pip install ")
        if target == "--upgrade pip":  # the Makefile's new venv
            continue
        found = _TARGET.fullmatch(target)
        assert found, f"{where}: {command!r} installs something other than this project"
        for extra in (found.group("e1") or found.group("e2") or "").split(","):
            assert not extra or extra in PROJECT["optional-dependencies"], (where, extra)
    assert not re.search(r"pip install (-e )?[\"']?cardlib\b", SOURCES[where]), (
        f"{where} installs PyPI's unrelated cardlib"
    )


def test_the_published_student_readme_installs_this_project():
    text = course.PUBLISHED_README
    assert not re.search(r"pip install (-e )?[\"']?cardlib\b", text), "PyPI's unrelated cardlib"
    commands = install_commands(text)
    assert commands, "the published README says how to install the library"
    for command in commands:
        target = command.removeprefix("python -m pip install ")
        assert command.startswith("python -m pip install ") and _TARGET.fullmatch(target), command
    assert DISTRIBUTION in text


def test_the_guides_wheel_is_the_one_a_build_names():
    """The guide names the wheel file; its name follows from the distribution and version."""
    assert WHEEL in SOURCES["docs/teaching.md"]


# --------------------------------------------------------------------------- run as written


def _copy_tree(dest: Path) -> Path:
    """The working tree's files (tracked, and new ones not ignored) copied to ``dest``: what
    a clone of it would hold, with the changes not yet committed."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest


@pytest.fixture(scope="module")
def course_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A teacher's folder holding ``cardlib/``, a copy of the course's source (the clone)."""
    folder = tmp_path_factory.mktemp("teacher")
    _copy_tree(folder / "cardlib")
    return folder


def _bash(script: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"$ {script}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def _distinct_install_commands() -> list[str]:
    texts = [*SOURCES.values(), course.PUBLISHED_README]
    seen: dict[str, str] = {}
    for text in texts:
        for command in install_commands(text):
            run = _as_run(command)
            if run.startswith("python -m pip install ") and not run.endswith("--upgrade pip"):
                # one of each form: the others differ in their extras only (checked above)
                seen.setdefault(re.sub(r"\[[\w,]+\]", "[...]", run), run)
    return list(seen.values())


@pytest.mark.venv
def test_the_install_commands_run_as_written_in_a_clean_venv(course_folder, tmp_path):
    commands = _distinct_install_commands()
    assert len(commands) >= 4, commands
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / "bin"
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(bin_dir), os.environ["PATH"]]),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "VIRTUAL_ENV": str(env_dir),
    }
    env.pop("PYTHONPATH", None)
    clone = course_folder / "cardlib"
    for build, where in WHEEL_BUILDS.items():  # the wheel is built first, as the docs say
        _bash(build, clone if where == "clone" else course_folder, env)
    probe = (
        "import importlib.metadata as m, json, cardlib, pathlib;"
        f"d = m.distribution({DISTRIBUTION!r});"
        "print(json.dumps([d.version, str(pathlib.Path(cardlib.__file__).resolve().parent),"
        " d.metadata.get_all('Provides-Extra') or []]))"
    )
    for command in commands:
        # `-e ".[x]"` runs in the clone, `./cardlib` and the wheel in the folder beside it
        cwd = clone if '".[' in command else course_folder
        print("$", command, "--no-deps", f"(in {cwd})")
        _bash(f"{command} --no-deps", cwd, env)
        version, where, extras = json.loads(
            _bash(f"python -c {shlex.quote(probe)}", tmp_path, env).stdout
        )
        assert version == VERSION, command
        assert set(PROJECT["optional-dependencies"]) <= set(extras), command
        if " -e " in command:
            assert Path(where) == (clone / "cardlib").resolve(), (command, where)
        else:
            assert Path(where).is_relative_to(env_dir.resolve()), (command, where)
        assert (bin_dir / "cardlib").is_file(), f"{command}: no cardlib command"
        _bash(f"python -m pip uninstall --yes --quiet {DISTRIBUTION}", tmp_path, env)


def _hub_route() -> list[str]:
    """The guide's hub route, its commands up to ``nbgrader generate_assignment``."""
    guide = SOURCES["docs/teaching.md"]
    section = guide.split("## Assigning the course on JupyterHub with nbgrader", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    lines = [line.split("#", 1)[0].strip() for line in block.splitlines()]
    lines = [line for line in lines if line]
    last = next(
        i for i, line in enumerate(lines) if line.startswith("nbgrader generate_assignment")
    )
    return lines[: last + 1]


def test_the_guides_hub_route_releases_no_widget_state(course_folder):
    """The route as written (the clone replaced by the copy of the working tree, and its
    install, run by the test above in a clean venv, by this environment's own install)."""
    route = _hub_route()
    assert route[0] == "git clone <repository-url> cardlib", route[0]
    assert route[1] == 'python -m pip install -e "./cardlib[teacher]"', route[1]
    bin_dir = Path(sys.executable).parent
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(bin_dir), os.environ["PATH"]]),
        # no user's nbgrader or Jupyter configuration: only the course folder's
        "JUPYTER_CONFIG_DIR": str(course_folder / ".jupyter"),
        "JUPYTER_CONFIG_PATH": "",
    }
    done = _bash("\n".join(route[2:]), course_folder, env)
    assert "ERROR" not in done.stdout + done.stderr, done.stderr[-3000:]
    release = course_folder / "release" / "cardlib"
    names = sorted(p.name for p in release.glob("*.ipynb"))
    assert names == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    sizes = {}
    for path in sorted(release.glob("*.ipynb")):
        text = path.read_text(encoding="utf-8")
        nb = json.loads(text)
        sizes[path.name] = len(text.encode())
        assert "widgets" not in nb["metadata"], f"{path.name} carries the widget state"
        for answer in ANSWER_STRINGS:
            assert answer not in text, f"{path.name} holds {answer!r}"
        assert WIDGET_VIEW not in text, f"{path.name} holds a widget view"
        # released without outputs: what a student opens is the lesson, not the teacher's run
        outputs = [c["outputs"] for c in nb["cells"] if c["cell_type"] == "code"]
        assert all(out == [] for out in outputs), f"{path.name} carries outputs"
    # the configuration was read: the code stub is the course's
    assert "# YOUR ANSWER HERE" in (release / "golf.ipynb").read_text()
    print("released notebooks (bytes):", sizes)


def test_make_drops_the_old_distribution_name_before_installing():
    """A venv that holds this project under its old name, ``cardlib`` (PyPI's unrelated
    project's name too), loses it before each install, which writes the command afresh."""
    for stamp in (".installed-course", ".installed-teacher", ".installed-test"):
        dry = subprocess.run(
            ["make", "-n", "-B", f".venv/{stamp}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        drop = next(
            i for i, line in enumerate(dry) if "pip uninstall --quiet --yes cardlib" in line
        )
        install = next(i for i, line in enumerate(dry) if " -m pip install --quiet -e " in line)
        assert drop < install, dry
