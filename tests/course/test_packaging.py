"""A package that installs cleanly (issue 21, section 2).

* The metadata: an SPDX license with its file, classifiers, URLs, authors, ``py.typed``, the
  version written once; the core install is the checker's (no Jupyter), the widgets and the
  course come with extras.
* ``python -m build`` of a copy of the working tree warns of nothing; the wheel holds the
  worked examples (copied from ``examples/``, their one source) and the sdist what its tests
  need (pytest collects every test from the unpacked sdist).
* The wheel installed into a fresh venv, with its dependencies and nothing else, checks the
  examples it ships from a folder outside the repository, imports every game, runs the
  start-here notebook's cells and says how to install the widgets (``venv`` marker).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

import cardlib
from cardlib.catalogue import CATALOGUE, SOURCES, game_folders
from cardlib.examples import composition
from tests.conftest import EXAMPLES, ROOT
from tests.course.test_editions import editor_says, unresolved_schema_lines
from tests.course.test_install import _copy_tree
from tests.support.suite import every_test_of_the_suite

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]
JUPYTER = ("ipywidgets", "ipython", "jedi", "jupyterlab", "ipykernel", "traitlets")


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[;]", requirement, maxsplit=1)[0].lower()


def test_license_is_an_spdx_expression_with_its_file():
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert not any(c.startswith("License ::") for c in PROJECT["classifiers"]), (
        "PEP 639: the license expression replaces license classifiers"
    )
    requires = PYPROJECT["build-system"]["requires"]
    assert requires == ["setuptools>=77"], "77 reads license-files"


def test_metadata_is_complete_and_the_version_written_once():
    assert PROJECT["authors"] and PROJECT["urls"]["Homepage"]
    assert "Typing :: Typed" in PROJECT["classifiers"]
    assert (ROOT / "cardlib" / "py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["cardlib"]
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "cardlib.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", cardlib.__version__)


def test_project_urls_name_the_repository_the_readme_names():
    readme = (ROOT / "README.md").read_text()
    owner_repo = re.search(r"mybinder\.org/v2/gh/([\w.-]+/[\w.-]+)/HEAD", readme).group(1)
    for url in PROJECT["urls"].values():
        assert url.startswith(f"https://github.com/{owner_repo}"), url
    examples = (ROOT / "docs" / "examples.md").read_text()
    assert f"- repo: https://github.com/{owner_repo}\n" in examples


def test_the_repository_is_one_setting_written_everywhere_it_is_named(tmp_path):
    """``tools/course.py repository OWNER/NAME`` writes the name into every file that names
    the repository, and only there; the files then agree, and a bad name changes nothing."""
    sys.path.insert(0, str(ROOT / "tools"))
    import course

    for name in course.REPOSITORY_FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    before = {n: (tmp_path / n).read_text().splitlines() for n in course.REPOSITORY_FILES}
    old = course.repository(tmp_path)
    for bad in ("not a name", "school.org/card-course", "school/", "school/cards.git"):
        with pytest.raises(ValueError):
            course.set_repository(bad, tmp_path)
        assert course.repository(tmp_path) == old
    assert course.set_repository("school-org/card.course", tmp_path) == list(
        course.REPOSITORY_FILES
    )
    assert course.repository(tmp_path) == "school-org/card.course"
    assert course.set_repository("school-org/card.course", tmp_path) == []
    urls = tomllib.loads((tmp_path / "pyproject.toml").read_text())["project"]["urls"]
    assert all(u.startswith("https://github.com/school-org/card.course") for u in urls.values())
    assert (
        "- repo: https://github.com/school-org/card.course\n"
        in (tmp_path / "docs" / "examples.md").read_text()
    )
    for name, lines in before.items():  # only the name changed, line for line
        after = (tmp_path / name).read_text().splitlines()
        assert len(after) == len(lines)
        for was, now in zip(lines, after, strict=True):
            assert was == now or was.replace(old, "school-org/card.course") == now


def test_the_schema_id_is_stable_and_never_fetched():
    """A URN, not a URL: the validators resolve the schema's own references against its
    ``$id``, and a URL there made them fetch it from the network (an internal error offline)."""
    schema = json.loads((ROOT / "cardlib" / "data" / "example.schema.json").read_text())
    assert schema["$id"] == "urn:cardlib:worked-example"
    assert f"`{schema['$id']}`" in (ROOT / "docs" / "examples.md").read_text()


def test_the_core_install_has_no_jupyter_and_the_extras_bring_the_widgets():
    core = {_name(r) for r in PROJECT["dependencies"]}
    assert core == {"pyyaml", "fastjsonschema"}
    extras = PROJECT["optional-dependencies"]
    for extra in ("widgets", "course", "teacher", "test"):  # the notebooks need the widgets
        assert "ipywidgets" in {_name(r) for r in extras[extra]}, extra


# --------------------------------------------------------------------------- build and install


def _env(**extra: str) -> dict[str, str]:
    """This environment without its PYTHONPATH and VIRTUAL_ENV, and with ``extra``."""
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    for name in ("PYTHONPATH", "VIRTUAL_ENV"):
        env.pop(name, None)
    return {**env, **extra}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The wheel and the sdist ``python -m build`` makes of a copy of the working tree, and
    what it printed."""
    source = _copy_tree(tmp_path_factory.mktemp("source"))
    dist = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(source)],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=600,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-3000:]
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    return wheel, sdist, output


@pytest.mark.venv
def test_build_warns_of_nothing(built):
    _, _, output = built
    warnings = [
        line
        for line in output.splitlines()
        if re.search(r"warn|deprecat|\*{20}", line, re.I) and "--no-warn" not in line
    ]
    assert warnings == [], "\n".join(warnings)


@pytest.mark.venv
def test_the_wheel_holds_the_examples_the_license_and_py_typed(built):
    wheel, _, _ = built
    version = cardlib.__version__
    assert wheel.name == f"cardlib_course-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        metadata = z.read(f"cardlib_course-{version}.dist-info/METADATA").decode()
    shipped = {n.removeprefix("cardlib/data/examples/") for n in names if "/data/examples/" in n}
    examples = {p.relative_to(EXAMPLES).as_posix() for p in EXAMPLES.rglob("*.yaml")}
    assert shipped == examples | {"example.schema.json"}
    assert "cardlib/py.typed" in names
    for folder in game_folders():  # each game's catalogue, sources and schema, in its folder
        assert {
            f"cardlib/{folder.name}/{name}" for name in (CATALOGUE, SOURCES, composition.PART)
        } <= names
    assert f"cardlib/{composition.CORE}" in names  # the core's part of the schema
    assert f"cardlib_course-{version}.dist-info/licenses/LICENSE" in names
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata
    requires = re.findall(r"^Requires-Dist: (.*)$", metadata, re.M)
    core = [r for r in requires if "extra ==" not in r]
    assert {_name(r) for r in core} == {"pyyaml", "fastjsonschema"}, core
    assert not any(n.startswith(("tests/", "examples/")) for n in names)


@pytest.mark.venv
def test_an_editor_validates_the_examples_of_an_installed_cardlib(built, tmp_path, yaml_server):
    """The examples' first line names ``../example.schema.json``: the wheel ships it beside them
    (cardlib/data/examples/), where an editor opening an installed example finds it."""
    wheel, _, _ = built
    with zipfile.ZipFile(wheel) as z:
        z.extractall(tmp_path)
    data = tmp_path / "cardlib" / "data"
    assert unresolved_schema_lines(data) == []
    assert editor_says(yaml_server, data) == {
        "as it is": [],
        "broken": ["Property bogus is not allowed."],
    }


def _collect(folder: Path, env: dict[str, str]) -> list[str]:
    """The node IDs ``pytest --collect-only`` finds in ``folder`` (its testpaths)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=folder,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    ids, _, summary = done.stdout.rstrip().rpartition("\n\n")
    assert re.fullmatch(rf"{len(ids.splitlines())} tests? collected in .*", summary), summary
    return ids.splitlines()


@pytest.mark.venv
def test_pytest_collects_every_test_from_the_sdist(built, tmp_path, request):
    """The sdist holds the tests and what they read: collected with this environment's
    pytest and plugins, from the unpacked sdist (whose cardlib comes first on the path),
    they are the working tree's tests, one for one (this session's own, when it runs them
    all; else a second collection)."""
    _, sdist, _ = built
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    (unpacked,) = tmp_path.iterdir()
    for needed in ("tests/conftest.py", "setup.py", "LICENSE", "examples/golf/two-twos.yaml"):
        assert (unpacked / needed).is_file(), needed
    env = _env(PYTHONPATH=str(unpacked))
    collected = _collect(unpacked, env)
    here = every_test_of_the_suite(request.session)
    if here is None:
        here = _collect(ROOT, _env())
    assert len(collected) > 4000, len(collected)
    assert sorted(collected) == sorted(here), sorted(set(collected) ^ set(here))[:20]
    ran = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/core/test_checker.py",
            "tests/core/test_game_examples.py",
            "-k",
            "shipped_example_passes or cli_checks_examples",
        ],
        cwd=unpacked,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stdout[-3000:]
    assert (
        str(unpacked)
        in subprocess.run(
            [sys.executable, "-c", "import cardlib; print(cardlib.__file__)"],
            cwd=unpacked,
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
    )


START_HERE = """
from cardlib.check import check_paths, narrate, shipped_examples, summary
print((shipped_examples("golf") / "face-down-swap.yaml").read_text()[:900])
print(narrate(shipped_examples("golf") / "face-down-swap.yaml").replace(str(shipped_examples()), "examples"))
reports = check_paths([shipped_examples()])
assert all(r.passed for r in reports)
print(summary(reports))
"""


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


@pytest.mark.venv
def test_the_wheel_in_a_fresh_venv_checks_its_examples_outside_the_repository(built, tmp_path):
    wheel, _, _ = built
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    env = _env(VIRTUAL_ENV=str(env_dir), PATH=f"{env_dir / 'bin'}{os.pathsep}{os.environ['PATH']}")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    def run(*args: str | Path, ok: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [str(a) for a in args],
            cwd=elsewhere,
            capture_output=True,
            text=True,
            env=env,
            timeout=600,
        )
        if ok:
            assert done.returncode == 0, f"{args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done

    before = _size(env_dir)
    run(python, "-m", "pip", "install", "--quiet", wheel)
    listed = json.loads(run(python, "-m", "pip", "list", "--format", "json").stdout)
    names = sorted(p["name"].lower() for p in listed)
    added = _size(env_dir) - before
    print(
        f"core install: {len(names)} packages ({', '.join(names)}); "
        f"the venv {_size(env_dir) / 1e6:.1f} MB, {added / 1e6:.1f} MB of it the install"
    )
    assert not set(names) & set(JUPYTER), names
    assert {"cardlib-course", "pyyaml", "fastjsonschema"} <= set(names)

    checked = run(env_dir / "bin" / "cardlib", "check")
    # the wheel's examples are the repository's, every one, and all of them pass there
    from cardlib.check import check_paths, summary

    expected = summary(check_paths([EXAMPLES]))
    assert checked.stdout == expected + "\n", checked.stdout
    packaged = env_dir / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}"
    assert "come with cardlib" in checked.stderr and str(packaged) in checked.stderr
    assert run(env_dir / "bin" / "cardlib", "--version").stdout.strip() == (
        f"cardlib {cardlib.__version__} (cardlib-course)"
    )
    sarif = json.loads(run(env_dir / "bin" / "cardlib", "check", "--format", "sarif").stdout)
    assert sarif["runs"][0]["results"] == []
    run(python, "-c", "import cardlib.golf, cardlib.gofish, cardlib.rook")
    cells = run(python, "-c", START_HERE).stdout
    assert "Replacing a face-down card" in cells and expected in cells
    widget = run(python, "-c", "import cardlib.widgets", ok=False)
    assert widget.returncode == 1
    assert 'python -m pip install "ipywidgets>=8.1"' in widget.stderr.splitlines()[-1]
