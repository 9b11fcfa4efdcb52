"""The project as a whole: packaging agrees with the environment, the core stays free of
Jupyter, the README's examples are true (every game's rule IDs being everywhere they belong
is tests/core/test_game_examples.py's)."""

from __future__ import annotations

import doctest
import json
import re
import subprocess
import sys
import tomllib

import yaml

from tests.conftest import ROOT


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[]", requirement, maxsplit=1)[0].lower()


#: PyPI's name -> conda-forge's, for the dependencies whose conda-forge package is named
#: otherwise (conda-forge's feedstock of that name publishes it); the others are the same
#: PyPI name -> conda-forge's: fastjsonschema is named so there; matplotlib's package without a
#: GUI toolkit is matplotlib-base (conda-forge's matplotlib pulls in Qt through pyside6)
CONDA_FORGE_NAMES = {"fastjsonschema": "python-fastjsonschema", "matplotlib": "matplotlib-base"}


def _conda(requirement: str) -> str:
    """A PyPI requirement as environment.yml must spell it for conda-forge."""
    name = _name(requirement)
    conda = CONDA_FORGE_NAMES.get(name, name)
    return conda + requirement.replace(" ", "")[len(name) :]


def test_environment_yml_agrees_with_pyproject_on_runtime_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = {_name(d): d.replace(" ", "") for d in env["dependencies"] if isinstance(d, str)}
    for requirement in project["dependencies"]:
        wanted = _conda(requirement)
        assert _name(wanted) in conda, f"{wanted} ({requirement}) is missing from environment.yml"
        assert conda[_name(wanted)] == wanted, requirement
    for requirement in project["optional-dependencies"]["course"]:  # Binder runs the course
        assert _name(_conda(requirement)) in conda, (
            f"{requirement} (course) is missing from environment.yml"
        )
    assert not set(CONDA_FORGE_NAMES) & set(conda), "a PyPI name where conda-forge's is needed"
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert "-e ." in pip
    assert "conda-forge" in env["channels"]
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python"))
    # repo2docker reads only an exact python=X.Y; it must satisfy requires-python
    assert re.fullmatch(r"python=3\.(\d+)", python), python
    assert int(python.split(".")[1]) >= int(project["requires-python"].split(".")[1])


def test_import_cardlib_is_light():
    """``import cardlib`` loads no YAML, schema or Jupyter module (the core never importing
    Jupyter at all is tests/core/test_imports.py)."""
    light = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, cardlib; print(sorted(m for m in ('yaml', 'fastjsonschema', 'ipywidgets', 'IPython') if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert light.strip() == "[]", "import cardlib loads nothing heavy"


def test_notebooks_are_committed_executed_and_deterministic():
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        nb = json.loads(path.read_text())
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert all(c["execution_count"] is not None for c in code), path.name
        text = json.dumps([c["outputs"] for c in code])
        assert not re.search(r"0x[0-9a-f]{6,}", text), (
            f"{path.name} has a memory address in an output"
        )
        assert "Traceback" not in text and '"output_type": "error"' not in text
        timed = [c["id"] for c in code if "execution" in c["metadata"]]
        assert not timed, f"{path.name} records when its cells ran: {timed[:3]}"
        for c in code:
            tags = c["metadata"].get("tags", [])
            if "nbval-ignore-output" in tags:  # only live widget views may be ignored
                assert re.search(r"^\w+$", "".join(c["source"]).splitlines()[-1]), "".join(
                    c["source"]
                )


def test_readme_examples_are_true():
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 5


def test_readme_gives_exactly_the_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    assert "make course" in readme and "make test" in readme
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test$", ci, re.M)
    makefile = (ROOT / "Makefile").read_text()
    assert "$(BIN)/python -m pytest" in makefile and "nbval-lax" not in makefile
    assert "--nbval" in (ROOT / "pyproject.toml").read_text()


def test_make_course_gives_jupyterlab_the_courses_server_configuration():
    """``make course`` puts jupyter/ on JUPYTER_CONFIG_PATH (the browser test starts its
    server so too), whose terminals start after the login profile with the venv first."""
    dry = subprocess.run(
        ["make", "-n", "course", "STUDENT=/nonexistent"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lab = next(line for line in dry.splitlines() if "jupyter lab" in line or "JUPYTER_" in line)
    assert f'JUPYTER_CONFIG_PATH="{ROOT / "jupyter"}' in lab, lab
    config = (ROOT / "jupyter" / "jupyter_server_config.py").read_text()
    assert "terminal.bashrc" in config and (ROOT / "jupyter" / "terminal.bashrc").is_file()


def _workflow(name: str) -> dict:
    return yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))


def _runs(steps: list[dict]) -> list[str]:
    """The shell commands of a job's steps, one a line."""
    return [line.strip() for s in steps for line in str(s.get("run", "")).splitlines()]


def test_the_test_workflow_runs_the_readmes_test_command():
    """.github/workflows/test.yml runs the README's test command (as .ci/run does) and then,
    whatever its result, the worked examples again as GitHub annotations, on every push."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(r"^make test\b", readme, re.M)
    assert (ROOT / ".ci" / "run").read_text().strip().endswith("make test")
    flow = _workflow("test.yml")
    assert "push" in flow[True] and "pull_request" in flow[True]  # YAML 1.1 reads `on:` as True
    job = flow["jobs"]["test"]
    assert "bookworm" in job["container"]  # Debian's chromium, as here
    assert "make test" in _runs(job["steps"])
    annotate = [
        s
        for s in job["steps"]
        if re.fullmatch(r"\S*cardlib check --format github examples/?", s.get("run", "").strip())
    ]
    assert annotate and annotate[0].get("if") == "always()"  # shown when the tests fail too


def test_the_publish_workflow_publishes_the_book_and_the_lite_site(monkeypatch):
    """.github/workflows/publish.yml builds the book and the JupyterLite site with `make site`
    and uploads the folder `make site` fills (tools/book.py site's destination) to Pages."""
    flow = _workflow("publish.yml")
    build = flow["jobs"]["build"]["steps"]
    assert "make site" in _runs(build)
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    site = re.search(r"^site: (.*)\n\t(.*)", makefile, re.M)
    assert site and {"book", "lite"} <= set(site[1].split()) and "book.py site" in site[2]
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    import book

    written = []
    monkeypatch.setattr(book, "site", lambda dest, *_: written.append(dest) or dest)
    book.main(site[2].split("book.py ", 1)[1].split())
    uploaded = next(s for s in build if "upload-pages-artifact" in s.get("uses", ""))
    assert (ROOT / uploaded["with"]["path"]).resolve() == written[0]
    assert "deploy-pages" in str(flow["jobs"]["deploy"]["steps"])
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
