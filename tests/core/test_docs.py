"""Documentation runs: every module's doctests and the README's examples are tests, so the
examples a reader copies cannot drift from what the library does."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re

import pytest
import yaml

import cardlib
from tests.conftest import ROOT

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(cardlib.__path__, prefix="cardlib.")
    if not m.ispkg and m.name != "cardlib.__main__"  # running it runs the command
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_modules_that_teach_by_example_have_examples():
    """The entry points a reader meets first carry examples that run."""
    for name in ("cardlib.game", "cardlib.golf.engine", "cardlib.cards"):
        result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
        assert result.attempted > 0, name


def test_readme_examples_pass():
    result = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=FLAGS, verbose=False
    )
    assert result.attempted > 0 and result.failed == 0, result


def test_the_binder_link_is_filled_in_in_one_place():
    """The README's badge is the one Binder link (the guide refers to it), in mybinder.org's
    pattern, opening the notebook postBuild builds."""
    texts = {p: p.read_text() for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]}
    links = [
        (path.name, link)
        for path, text in texts.items()
        for link in re.findall(r"https://mybinder\.org/v2/[^\s)`]+", text)
    ]
    assert len(links) == 1 and links[0][0] == "README.md", links
    found = re.fullmatch(
        r"https://mybinder\.org/v2/gh/([\w.-]+)/([\w.-]+)/HEAD\?urlpath=lab/tree/(.+)", links[0][1]
    )
    assert found, links[0][1]
    owner, repo, opened = found.groups()
    assert f"{owner}/{repo}" in texts[ROOT / "README.md"].split("badge's link", 1)[1]
    assert (
        opened == "student/start-here.ipynb" and (ROOT / "notebooks" / "start-here.ipynb").is_file()
    )
    assert "python tools/course.py binder" in (ROOT / "postBuild").read_text()


def test_the_guide_lists_every_notebook():
    """The teacher's guide's table of notebooks and its lesson plan cover every notebook."""
    guide = (ROOT / "docs" / "teaching.md").read_text()
    table = guide.split("## The notebooks and the time they take", 1)[1].split("\n## ", 1)[0]
    plan = guide.split("## Lesson plan", 1)[1].split("\n## ", 1)[0]
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"| `{path.name}` |" in table, f"{path.name} is not in the guide's table"
        if path.stem != "rule-writers":  # the appendix is reference, not a lesson
            assert path.stem.split("-")[0] in plan.lower(), f"{path.name} is not in the plan"


def test_the_guide_says_who_published_the_articles_and_learners_get_the_primary_sources():
    guide = (ROOT / "docs" / "teaching.md").read_text()
    section = guide.split("## Where the worked examples came from", 1)[1].split("\n## ", 1)[0]
    seeds = sorted(
        {
            entry["file"]
            for path in (ROOT / "cardlib").glob("*/sources.yaml")
            for entry in yaml.safe_load(path.read_text())["sources"]
        }
    )
    assert len(seeds) == 5 and "cardlib/<game>/sources.yaml" in section
    assert "online casino" in section and "娛樂城" in section, "the publisher is named honestly"
    for primary in ("Pagat", "Bicycle", "the Game Rules site", "1988 *Official Rook"):
        assert primary in section, primary
    # what learners see (the student edition: notebooks, examples/, docs/ but the guide)
    learners = [*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "examples").rglob("*.yaml")]
    learners += [p for p in (ROOT / "docs").glob("*.md") if p.name != "teaching.md"]
    for path in learners:
        assert "娛樂城" not in path.read_text(encoding="utf-8"), f"{path} names the casino"
