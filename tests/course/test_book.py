"""tools/book.py, the course as a book (Jupyter Book 1.x): what its pages are made of, without
a build; and the book built once (``book`` marker, its own worker group in tests/conftest.py,
about 40 s), every link inside it followed, a page for every rule ID of the catalogue, every
notebook a page with its committed outputs and without the exercises' answers."""

from __future__ import annotations

import html.parser
import json
import re
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

from cardlib.catalogue import rules
from cardlib.games import GAMES
from cardlib.sheets import MARK

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import course  # noqa: E402

import book  # noqa: E402

#: s, the book's build on a busy 2-core machine (about 40 s)
BUILD_TIMEOUT = 600


# --------------------------------------------------------------------------- without a build


def test_the_book_names_no_game() -> None:
    """The games are the registry's and their rules the catalogue's: a game added to the
    registry gets its pages without a change here."""
    text = (ROOT / "tools" / "book.py").read_text(encoding="utf-8").lower()
    for game in GAMES:
        spec = GAMES[game]
        for name in {game, spec.title.lower(), spec.name.lower()}:
            assert not re.search(rf"\b{re.escape(name)}\b", text), name


def test_nothing_runs_when_the_book_is_built() -> None:
    import yaml

    config = yaml.safe_load((ROOT / "book" / "_config.yml").read_text(encoding="utf-8"))
    assert config["execute"]["execute_notebooks"] == "off"


def test_a_notebook_page_holds_the_outputs_but_no_answer() -> None:
    """The student edition's text, the committed outputs of every cell but an exercise's
    (whose outputs would show its answer), and the launch links under the title."""
    path = ROOT / "notebooks" / "golf.ipynb"
    original = json.loads(path.read_text(encoding="utf-8"))
    page = book.book_notebook(path, lite_url="lite/", binder=None)
    text = json.dumps(page)
    assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text
    assert "BEGIN SOLUTION" in json.dumps(original)  # the teacher's edition has them
    launch = next(c for c in page["cells"] if c.get("id") == book.LAUNCH_ID)
    assert 'href="lite/lab/index.html?path=golf.ipynb"' in launch["source"]
    assert "mybinder.org" not in launch["source"]  # no repository set: no Binder link
    shown = [c for c in page["cells"] if c.get("id") != book.LAUNCH_ID]
    kept = exercises = 0
    for before, after in zip(original["cells"], shown, strict=True):
        if before["cell_type"] != "code":
            continue
        grading = before.get("metadata", {}).get("nbgrader", {})
        if grading.get("solution") or grading.get("grade"):
            exercises += 1
            assert after["outputs"] == [], after["source"]
        else:
            kept += 1
            assert after["outputs"] == before["outputs"], after["source"]
    assert kept > 10 and exercises > 3


def test_binder_is_linked_once_the_repository_is_set() -> None:
    said = book.launch_links("rook.ipynb", lite_url="../lite/", binder="school/course")
    assert 'href="../lite/lab/index.html?path=rook.ipynb"' in said
    assert (
        "https://mybinder.org/v2/gh/school/course/HEAD?urlpath=lab/tree/student/rook.ipynb" in said
    )


def test_a_rule_page_has_its_sources_code_example_and_refusal() -> None:
    worked, refused = book.evidence()
    for rule_id in rules:
        rule = rules[rule_id]
        page = book.rule_page(rule, worked.get(rule_id, []), refused.get(rule_id, []))
        fn = rule.enforced_by
        assert fn is not None and f"`{fn.__module__}.{fn.__qualname__}`" in page, rule_id
        for heading in (
            "## From the sources",
            "## The code",
            "## A worked example",
            "## A refusal",
        ):
            assert heading in page, (rule_id, heading)
        if rule_id in refused:  # a refusal the checker confirms, with its narration
            refusal = page.split("## A refusal")[1]
            assert "```yaml" in refusal and rule_id in refusal, rule_id
        else:
            assert "refuses nothing" in page or "no worked example shows one" in page, rule_id
    # a rule the examples refuse with (a setup refused) and one that refuses nothing
    assert "GOLF-DECK" in refused and "GOLF-COLUMN" not in refused
    column = book.rule_page(rules["GOLF-COLUMN"], worked["GOLF-COLUMN"], [])
    assert "refuses nothing" in column and "```yaml" in column.split("## A worked example")[1]


# --------------------------------------------------------------------------- the built book


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``tools/book.py build`` once, into a folder of its own; the book's pages."""
    dest = tmp_path_factory.mktemp("book")
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "book.py"), "build", "--dest", str(dest)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
    )
    assert done.returncode == 0, f"the book's build failed:\n{done.stdout}\n{done.stderr}"
    print(done.stdout.strip().splitlines()[-1], f"({time.monotonic() - start:.0f} s)")
    summary = json.loads((dest / "cardlib-book.json").read_text())
    assert summary["warnings"] == [], "\n".join(summary["warnings"])
    return dest / book.HTML


class _Page(html.parser.HTMLParser):
    """A page's links (href and src) and the ids it has."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if name == "name" and tag == "a" and value:
                self.ids.add(value)
            if name in ("href", "src") and value is not None:
                self.links.append(value)


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.mark.book
def test_every_link_inside_the_book_leads_somewhere(built: Path) -> None:
    """Every link of every page to a file of the book (a page, a picture, a style, a rules
    sheet, a heading of a page) finds it; a link to the JupyterLite site opens a notebook of
    the course in ``lite/`` beside the book's pages (where ``make site`` puts it)."""
    # the pages (not the themes' template macros in _static/, which are no pages)
    pages = sorted(p for p in built.rglob("*.html") if "_static" not in p.relative_to(built).parts)
    ids = {p: _read(p).ids for p in pages}
    notebooks = {p.name for p in course.teacher_notebooks()}
    broken, to_lite, checked = [], set(), 0
    for page in pages:
        for link in _read(page).links:
            parts = urllib.parse.urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue  # http(s), mailto, data: outside the book
            target = (
                (page.parent / urllib.parse.unquote(parts.path)).resolve() if parts.path else page
            )
            if target.is_relative_to(built / "lite"):
                assert target == built / "lite" / "lab" / "index.html", (page, link)
                (asked,) = urllib.parse.parse_qs(parts.query)["path"]
                assert asked in notebooks, (page, link)
                to_lite.add(asked)
                continue
            checked += 1
            if target.is_dir():
                target = target / "index.html"
            if not target.is_relative_to(built) or not target.is_file():
                broken.append(f"{page.relative_to(built)}: {link}")
            elif (
                parts.fragment
                and target.suffix == ".html"
                and urllib.parse.unquote(parts.fragment) not in ids[target]
            ):
                broken.append(f"{page.relative_to(built)}: {link} (no such heading)")
    assert not broken, f"{len(broken)} of {checked} links lead nowhere:\n" + "\n".join(broken[:40])
    assert to_lite == notebooks  # each notebook's page links it in the JupyterLite site
    assert checked > 1000


@pytest.mark.book
def test_every_rule_has_a_page(built: Path) -> None:
    for rule_id in rules:
        page = built / "rules" / f"{rule_id}.html"
        assert page.is_file(), rule_id
        text = page.read_text(encoding="utf-8")
        for part in ("From the sources", "The code", "A worked example", "A refusal", "@enforces"):
            assert part in text, (rule_id, part)
    for game in rules.games():
        listed = (built / "rules" / f"{game}.html").read_text(encoding="utf-8")
        assert all(f'href="{r.id}.html"' in listed for r in rules.for_game(game)), game


@pytest.mark.book
def test_every_notebook_is_a_page_with_its_outputs_and_without_answers(built: Path) -> None:
    for path in course.teacher_notebooks():
        page = (built / f"{path.stem}.html").read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in page and "BEGIN HIDDEN TESTS" not in page, path.name
        nb = json.loads(path.read_text(encoding="utf-8"))
        streams = [
            "".join(o["text"]).strip().splitlines()[0]
            for c in nb["cells"]
            if c["cell_type"] == "code" and not c.get("metadata", {}).get("nbgrader")
            for o in c.get("outputs", [])
            if o.get("output_type") == "stream" and "".join(o["text"]).strip()
        ]
        # the committed outputs are shown (nothing was run: the first one printed is there)
        assert streams and html.escape(streams[0].strip(), quote=False) in page, path.name


@pytest.mark.book
def test_the_sheets_the_glossary_and_the_guide_are_in_the_book(built: Path) -> None:
    for game in rules.games():
        assert MARK in (built / "sheets" / f"{game}.html").read_text(encoding="utf-8"), game
    assert "同欄" in (built / "docs" / "glossary.html").read_text(encoding="utf-8")
    assert "grading rubric" in (built / "docs" / "teaching.html").read_text(encoding="utf-8")
    assert (built / ".nojekyll").is_file()


def test_the_site_is_the_book_with_the_jupyterlite_site_beside_its_pages(tmp_path: Path) -> None:
    """``make site``: the book's pages at the root of one folder, the JupyterLite site in its
    ``lite/``, where the notebooks' pages link it; refused while either is not built."""
    pages = tmp_path / "book" / book.HTML
    pages.mkdir(parents=True)
    (pages / "index.html").write_text("the book")
    lite_site = tmp_path / "lite"
    with pytest.raises(RuntimeError, match="make book and make lite"):
        book.site(tmp_path / "site", tmp_path / "book", lite_site)
    (lite_site / "lab").mkdir(parents=True)
    (lite_site / "index.html").write_text("the site")
    (lite_site / "lab" / "index.html").write_text("the lab")
    where = book.site(tmp_path / "site", tmp_path / "book", lite_site)
    assert (where / "index.html").read_text() == "the book"
    assert (where / book.LITE / "lab" / "index.html").read_text() == "the lab"
