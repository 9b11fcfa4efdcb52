"""The files a maintainer expects say what the project is: the changelog's newest entry and the
citation are of today's version, the citation has what the Citation File Format requires, and
the contributing guide's commands are the Makefile's and its links lead somewhere."""

from __future__ import annotations

import re

import yaml

import cardlib
from tests.conftest import ROOT


def test_the_changelog_begins_with_todays_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## (\S+)", text, re.M)
    assert versions and versions[0] == cardlib.__version__, versions
    assert len(versions) == len(set(versions)), "one entry a version"


def test_the_citation_is_of_todays_version_and_complete() -> None:
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    # the keys CFF 1.2.0 requires, and the ones a citation of this project needs
    assert {"cff-version", "message", "title", "authors"} <= set(cff)
    assert cff["cff-version"] == "1.2.0"
    assert cff["version"] == cardlib.__version__
    assert all("name" in a or "family-names" in a for a in cff["authors"])
    readme_title = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()[0]
    assert readme_title == f"# {cff['title']}"


def test_the_contributing_guide_names_real_targets_files_and_anchors() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z][\w-]*):", makefile, re.M))
    named = set(re.findall(r"^make (\w+)", text, re.M)) | set(re.findall(r"`make (\w+)`", text))
    assert named and named <= targets, named - targets
    for link in re.findall(r"\]\(([^)#]+)(#[^)]*)?\)", text):
        path, anchor = link
        assert (ROOT / path).exists(), path
        if anchor:
            headings = re.findall(r"^#+ (.+)$", (ROOT / path).read_text(encoding="utf-8"), re.M)
            slugs = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in headings}
            assert anchor[1:] in slugs, (path, anchor)
    for command in re.findall(r"\.venv/bin/python (tests/\S+|tools/\S+)", text):
        assert (ROOT / command).is_file(), command
