"""The course as a book: a static web site made with Jupyter Book 1.x (Sphinx), from the clone.

    python tools/book.py build [--dest DIR] [--lite URL]    (make book)
    python tools/book.py site [--dest DIR]                  (make site: the book and the lite site)

``build`` writes the book's source into ``DIR/src/`` and its pages into ``DIR/_build/html/``
(``DIR`` is ``build/book/`` by default).  Nothing is executed: every notebook is a page with
the outputs it was committed with (``execute_notebooks: "off"``, ``book/_config.yml``).  The
book holds:

* every notebook of the course, in the order it is taught: the first page, then each game's
  notebook in the order of the games' registry (:data:`cardlib.games.GAMES`), then the rest.
  A notebook is shown as learners get it (the student edition's text: no solution, no hidden
  test, and no output of an exercise's cells, which would show its answer), with the outputs
  of every other cell as committed; its first cell links it to the JupyterLite site
  (``make lite``) and, once the repository is set (``tools/course.py repository``), to Binder;
* the rule catalogue, a page a rule (``rules/<ID>.html``) with a page a game listing them:
  the rule, the articles' sentences it reads (in their language, beside their English
  reading), its code (``cardlib rules ID --code``), a worked example with the checker's
  narration (``cardlib check -v``) and a refusal, each found among ``examples/`` by checking
  them, so a page shows only what the engine does;
* each game's printable rules sheet (:mod:`cardlib.sheets`), the glossary, the worked
  example format (``docs/examples.md``) and the teacher's guide (``docs/teaching.md``).

No game is named here: the games are the registry's, their rules the catalogue's.

The JupyterLite links are relative (``--lite``, by default ``lite/`` beside the book's pages):
``site`` puts the book's pages in ``build/site/`` and the deployment build of ``make lite``
in ``build/site/lite/``, one folder for any static host.

Jupyter Book 1.x, not 2: it is pure Python (Sphinx), installed from PyPI with the ``book``
extra, and builds without a network; Jupyter Book 2 (MyST's ``mystmd``) runs on Node.js and
fetches its theme when it builds.
"""

from __future__ import annotations

import argparse
import copy
import html
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))
import course  # noqa: E402  (tools/course.py: the student edition)
import lite  # noqa: E402  (tools/lite.py: the JupyterLite site)

from cardlib.catalogue import Rule, rules, sources  # noqa: E402
from cardlib.check import check_file  # noqa: E402
from cardlib.claims import Confirmed  # noqa: E402
from cardlib.games import GAMES  # noqa: E402

#: the book's configuration, copied into the source folder
CONFIG = ROOT / "book"
#: the guides the book holds, from docs/ (the teacher's guide included)
DOCS = ("examples.md", "glossary.md", "teaching.md")
#: where the pages of the book are, under the output folder (Jupyter Book's own layout)
HTML = Path("_build") / "html"
#: the JupyterLite site, relative to the book's root, where ``site`` puts it
LITE = "lite/"
#: the id of the first cell of every notebook page: where to run it
LAUNCH_ID = "cardlib-book-launch"


def _say(message: str) -> None:
    print(f"[book] {message}", flush=True)


def _text(value: object) -> str:
    """Prose for a Markdown page, its Markdown characters escaped (MyST reads a rule's
    words as words, never as markup)."""
    return re.sub(r"([\\`*_{}\[\]<>()#|!$~^])", r"\\\1", " ".join(str(value).split()))


def _fence(body: str, language: str = "") -> str:
    """``body`` as a fenced block, its fence longer than any run of backticks inside."""
    longest = max((len(m) for m in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{body.rstrip()}\n{fence}"


# --------------------------------------------------------------------------- the notebooks


def notebooks() -> list[Path]:
    """The course's notebooks in the order the course teaches them: the first page, each
    game's in the registry's order, then the others by name."""
    found = {p.name: p for p in course.teacher_notebooks()}
    order = [lite.FIRST_PAGE, *(f"{game}.ipynb" for game in GAMES)]
    first = [found.pop(name) for name in order if name in found]
    return first + [found[name] for name in sorted(found)]


def repository() -> str | None:
    """The course's GitHub ``OWNER/NAME``, or None while a clone has not set it."""
    name = course.repository()
    return None if name == course.UNSET else name


def launch_links(name: str, *, lite_url: str, binder: str | None) -> str:
    """The first cell of a notebook's page: run it in the browser (JupyterLite), or on
    Binder where the repository is set (the student edition Binder's image holds)."""
    path = urllib.parse.urlencode({"path": name})
    links = [
        f'<a class="cardlib-launch" href="{html.escape(lite_url)}lab/index.html?{path}">'
        "Run this notebook in your browser (JupyterLite)</a>"
    ]
    if binder:
        url = f"https://mybinder.org/v2/gh/{binder}/HEAD?urlpath=lab/tree/student/{name}"
        links.append(f'<a class="cardlib-launch" href="{html.escape(url)}">Run it on Binder</a>')
    said = " · ".join(links)
    return (
        f'<p class="cardlib-launch-bar">{said}</p>\n\n'
        "*This page shows the notebook as learners get it, with its outputs; the exercises "
        "are left for you to answer where it runs.*"
    )


def book_notebook(path: Path, *, lite_url: str, binder: str | None) -> dict:
    """The notebook at ``path`` as its page shows it: the student edition's text (as
    ``tools/course.py`` strips it), with the committed outputs of every cell that is not an
    exercise's, and the launch links first."""
    original = json.loads(path.read_text(encoding="utf-8"))
    nb = course.strip_notebook(copy.deepcopy(original))
    for kept, cell in zip(original["cells"], nb["cells"], strict=True):
        grading = kept.get("metadata", {}).get("nbgrader", {})
        if cell["cell_type"] == "code" and not (grading.get("solution") or grading.get("grade")):
            cell["outputs"] = kept.get("outputs", [])
            cell["execution_count"] = kept.get("execution_count")
    nb.setdefault("metadata", {}).pop("widgets", None)
    launch = {
        "cell_type": "markdown",
        "id": LAUNCH_ID,
        "metadata": {},
        "source": launch_links(path.name, lite_url=lite_url, binder=binder),
    }
    title = next((i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"), 0)
    nb["cells"].insert(title + 1, launch)  # under the title, which names the page
    return nb


# --------------------------------------------------------------------------- the rules


@dataclass(frozen=True)
class Shown:
    """One worked example as a rule's page shows it: its file, its title, its YAML and the
    checker's narration of it."""

    file: str
    title: str
    text: str
    narration: tuple[str, ...]


def _documents(text: str) -> list[str]:
    """The YAML documents of an example file, as written (documents separated by ``---``)."""
    parts, current = [], []
    for line in text.splitlines():
        if line.strip() == "---":
            parts.append("\n".join(current))
            current = []
        else:
            current.append(line)
    parts.append("\n".join(current))
    return [p.strip("\n") for p in parts if p.strip()]


_REFUSED = re.compile(r"is refused, as claimed \(([A-Z][A-Z0-9-]*):")
_REFUSED_CLAIM = "the rule that refuses"


def evidence(
    folder: Path = ROOT / "examples",
) -> tuple[dict[str, list[Shown]], dict[str, list[Shown]]]:
    """Every worked example of ``folder`` checked: for each rule ID, the examples in which it
    decides a move or a claim, and those in which it refuses a move or a setup."""
    worked: dict[str, list[Shown]] = {}
    refused: dict[str, list[Shown]] = {}
    for path in sorted(folder.rglob("*.yaml")):
        reports = check_file(path)
        texts = _documents(path.read_text(encoding="utf-8"))
        if len(texts) != len(reports):
            texts = [path.read_text(encoding="utf-8")] * len(reports)
        name = path.relative_to(folder.parent).as_posix()
        for report, text in zip(reports, texts, strict=True):
            if not report.passed:
                continue
            shown = Shown(name, report.title, text, tuple(report.narration))
            decides: set[str] = set()
            refuses: set[str] = set()
            for told in report.told:
                if isinstance(told, str):
                    refuses.update(_REFUSED.findall(told))
                    continue
                _line, what = told
                if isinstance(what, Confirmed):
                    (refuses if what.what.startswith(_REFUSED_CLAIM) else decides).add(what.rule)
                else:
                    decides.update(what.rules)
            for rule_id in decides:
                worked.setdefault(rule_id, []).append(shown)
            for rule_id in refuses:
                refused.setdefault(rule_id, []).append(shown)
    return worked, refused


def _shortest(shown: Iterable[Shown]) -> Shown | None:
    return min(shown, key=lambda s: (len(s.text), s.file), default=None)


def _example(shown: Shown, rule_id: str) -> str:
    said = [line for line in shown.narration if rule_id in line] or list(shown.narration)
    return "\n\n".join(
        [
            f"From `{shown.file}`: *{_text(shown.title)}*",
            _fence(shown.text, "yaml"),
            f"`cardlib check -v {shown.file}` says, of this rule:",
            _fence("\n".join(said), "text"),
        ]
    )


def _can_refuse(rule: Rule) -> bool:
    code = rule.code or ""
    return "Refusal(" in code or "RuleViolation(" in code


def rule_page(rule: Rule, worked: list[Shown], refused: list[Shown]) -> str:
    """A rule's page (MyST Markdown)."""
    lines = [f"# {rule.id}: {_text(rule.title)}", "", _text(rule.text), ""]
    if rule.summary:
        lines += [f"**In one line:** {_text(rule.summary)}", ""]
    lines += [f"**Rule sets:** {_text(', '.join(rule.rule_sets))}", ""]
    for i in rule.interpretations:
        switch = f" Switch: `{i.switch}`." if i.switch else ""
        lines += [
            f"**Interpretation** ({_text(', '.join(i.rule_sets))}): {_text(i.says)}{switch}",
            "",
        ]
    lines += ["## From the sources", "", f"Source: {_text('; '.join(rule.sources))}.", ""]
    statements = sources.for_rule(rule.id) if rule.id in rules else []
    for s in statements:
        lines += [
            f"- **{_text(s.id)}** ({_text(s.section)}):",
            f'  <span lang="{html.escape(s.language or "und")}">{_text(s.original())}</span>',
            f"  <br>*English:* {_text(s.says)}",
        ]
    if statements:
        lines += ["", f"(`cardlib rules --sources {rule.game}` gives the whole table.)", ""]
    lines += ["## The code", ""]
    fn, code = rule.enforced_by, rule.code
    if fn is None or code is None:
        lines += ["No single function marks this rule yet.", ""]
    else:
        lines += [
            f"`cardlib rules {rule.id} --code` prints the one function that enforces it, "
            f"`{fn.__module__}.{fn.__qualname__}`; its docstring is the rule.",
            "",
            _fence(code, "python"),
            "",
        ]
    lines += ["## A worked example", ""]
    example = _shortest(worked)
    if example is not None:
        lines += [_example(example, rule.id), ""]
    elif refused:
        lines += ["The worked examples show this rule by what it refuses (below).", ""]
    else:
        lines += ["No worked example shows this rule yet.", ""]
    lines += ["## A refusal", ""]
    refusal = _shortest(refused)
    if refusal is not None:
        lines += [_example(refusal, rule.id), ""]
    elif _can_refuse(rule):
        lines += [
            "This rule refuses moves, but no worked example shows one of its refusals yet.",
            "",
        ]
    else:
        lines += [
            "This rule refuses nothing: it says what a move or a hand comes to, and no move "
            "is refused in its name.",
            "",
        ]
    return "\n".join(lines)


def game_rules(game: str) -> list[Rule]:
    """A game's rules: the catalogue's, then any of the game's own (a game from outside)."""
    found = rules.for_game(game)
    ids = {r.id for r in found}
    return found + [r for r in GAMES[game].rules.values() if r.id not in ids]


def game_page(game: str, members: list[Rule]) -> str:
    spec = GAMES[game]
    lines = [
        f"# The rules of {_text(spec.title)}",
        "",
        f"Each rule has a fixed ID and a page: its words, the sources' sentences, the code "
        f"that enforces it, a worked example and a refusal. `cardlib rules {game}` prints "
        f"them all; the printable rules sheet is [on one page](../sheets/index.md).",
        "",
    ]
    if members and members[0].id in rules:
        for phase, group in rules.phases(game).items():
            lines += [f"## {_text(phase or 'The rules')}", ""]
            lines += [f"- [{r.id}]({r.id}.md): {_text(r.summary or r.title)}" for r in group]
            lines.append("")
    else:
        lines += [f"- [{r.id}]({r.id}.md): {_text(r.title)}" for r in members] + [""]
    return "\n".join(lines)


# --------------------------------------------------------------------------- the pages


def intro(order: list[Path], games: list[str], *, lite_url: str) -> str:
    first = order[0].stem
    lines = [
        "# The cardlib course",
        "",
        "A course in card games from the rules up: every rule has a fixed ID, and every "
        "example is computed by `cardlib`, a small Python library that knows the rules. "
        "This book shows the notebooks with their outputs, each rule with its sources, its "
        "code and its worked examples, the printable rules sheets, the glossary and the "
        "teacher's guide.",
        "",
        f'<p><a class="cardlib-launch" href="{html.escape(lite_url)}'
        f'{lite.link()}">Run the course in your browser (JupyterLite)</a>: '
        "nothing to install; the first cell you run waits tens of seconds while Python "
        "starts in the browser.</p>",
        "",
        "## The notebooks",
        "",
        *[f"- [](<{p.name}>)" for p in order],  # each link says its page's title
        "",
        "## The rules",
        "",
        *[f"- [{_text(GAMES[g].title)}](rules/{g}.md)" for g in games],
        "",
        "## For the class",
        "",
        "- [The rules sheets, to print](sheets/index.md)",
        "- [The glossary](docs/glossary.md)",
        "- [The worked example format](docs/examples.md)",
        "- [The teacher's guide](docs/teaching.md)",
        "",
        f"Start with [](<{first}.ipynb>).",
        "",
    ]
    return "\n".join(lines)


def sheets_page(games: list[str]) -> str:
    lines = [
        "# The rules sheets, to print",
        "",
        "Each game's rules on one printed page (A4 or Letter), made from the rule catalogue "
        "(`cardlib rules --sheet GAME`): open one and print it.",
        "",
    ]
    for game in games:
        if game in rules.games():
            lines.append(f'- <a href="{game}.html">{html.escape(GAMES[game].title)}</a>')
    return "\n".join([*lines, ""])


def toc(order: list[Path], games: dict[str, list[Rule]]) -> dict:
    return {
        "format": "jb-book",
        "root": "intro",
        "parts": [
            {"caption": "The notebooks", "chapters": [{"file": p.stem} for p in order]},
            {
                "caption": "The rules",
                "chapters": [
                    {
                        "file": f"rules/{game}",
                        "sections": [{"file": f"rules/{r.id}"} for r in members],
                    }
                    for game, members in games.items()
                ],
            },
            {
                "caption": "For the class",
                "chapters": [{"file": "sheets/index"}]
                + [{"file": f"docs/{Path(d).stem}"} for d in DOCS],
            },
        ],
    }


def source(src: Path, *, lite_url: str = LITE) -> dict:
    """Write the book's source into ``src`` (emptied first); what it holds."""
    from cardlib.sheets import sheet

    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    for entry in CONFIG.iterdir():
        if entry.is_file():
            shutil.copy2(entry, src / entry.name)
    binder = repository()
    order = notebooks()
    for path in order:
        nb = book_notebook(path, lite_url=lite_url, binder=binder)
        (src / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    games = {game: game_rules(game) for game in GAMES}
    worked, refused = evidence()
    (src / "rules").mkdir()
    for game, members in games.items():
        (src / "rules" / f"{game}.md").write_text(game_page(game, members))
        for rule in members:
            page = rule_page(rule, worked.get(rule.id, []), refused.get(rule.id, []))
            (src / "rules" / f"{rule.id}.md").write_text(page)
    sheets = src / "_extra" / "sheets"
    sheets.mkdir(parents=True)
    for game in games:
        if game in rules.games():
            (sheets / f"{game}.html").write_text(sheet(game), encoding="utf-8")
    (src / "sheets").mkdir()
    (src / "sheets" / "index.md").write_text(sheets_page(list(games)))
    (src / "docs").mkdir()
    for name in DOCS:
        shutil.copy2(ROOT / "docs" / name, src / "docs" / name)
    (src / "intro.md").write_text(intro(order, list(games), lite_url=lite_url))
    (src / "_toc.yml").write_text(json.dumps(toc(order, games), indent=1) + "\n")
    return {
        "notebooks": [p.name for p in order],
        "rules": [r.id for members in games.values() for r in members],
        "games": list(games),
    }


# --------------------------------------------------------------------------- the build


def build(dest: Path, *, lite_url: str = LITE) -> dict:
    """Write the source into ``dest/src`` and build the pages into ``dest/_build/html``;
    what was built (and the warnings Sphinx gave)."""
    t0 = time.monotonic()
    lite_url = lite_url if lite_url.endswith("/") else f"{lite_url}/"  # a folder's address
    src = dest / "src"
    held = source(src, lite_url=lite_url)
    shutil.rmtree(dest / "_build", ignore_errors=True)
    command = [
        sys.executable,
        "-c",
        "from jupyter_book.cli.main import main; main()",
        "build",
        str(src),
        "--path-output",
        str(dest),
        "--builder",
        "html",
    ]
    _say("jupyter-book build")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode or not (dest / HTML / "index.html").is_file():
        raise RuntimeError(
            f"jupyter-book build failed:\n{done.stdout[-6000:]}\n{done.stderr[-6000:]}"
        )
    warnings = [line for line in done.stderr.splitlines() if "WARNING" in line]
    pages = dest / HTML
    (pages / ".nojekyll").write_text("")  # GitHub Pages: serve _static/ as it is
    size = sum(p.stat().st_size for p in pages.rglob("*") if p.is_file())
    summary = {
        **held,
        "html": str(pages),
        "bytes": size,
        "seconds": round(time.monotonic() - t0, 1),
        "warnings": warnings,
    }
    (dest / "cardlib-book.json").write_text(json.dumps(summary, indent=1))
    return summary


def site(dest: Path, book: Path, lite_site: Path) -> Path:
    """The book's pages and the JupyterLite site in one folder for a static host: the book
    at ``dest``, the site at ``dest/lite/`` (where the book's links look for it)."""
    pages = book / HTML
    for needed in (pages / "index.html", lite_site / "index.html"):
        if not needed.is_file():
            raise RuntimeError(f"{needed} is missing: run make book and make lite first")
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(pages, dest)
    shutil.copytree(lite_site, dest / LITE.rstrip("/"))
    return dest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/book.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the book into build/book/_build/html")
    b.add_argument("--dest", type=Path, default=ROOT / "build" / "book")
    b.add_argument("--lite", default=LITE, help="the JupyterLite site's address (default lite/)")
    s = sub.add_parser("site", help="the book with the JupyterLite site under lite/")
    s.add_argument("--dest", type=Path, default=ROOT / "build" / "site")
    s.add_argument("--book", type=Path, default=ROOT / "build" / "book")
    s.add_argument("--lite-site", type=Path, default=ROOT / "build" / "lite" / "deploy")
    args = parser.parse_args(argv)
    if args.command == "build":
        summary = build(args.dest.resolve(), lite_url=args.lite)
        mib = summary["bytes"] / 2**20
        _say(
            f"{len(summary['notebooks'])} notebooks and {len(summary['rules'])} rules in "
            f"{summary['html']}: {mib:.0f} MiB, built in {summary['seconds']} s "
            f"({len(summary['warnings'])} warnings)"
        )
    else:
        where = site(args.dest.resolve(), args.book.resolve(), args.lite_site.resolve())
        _say(f"the book and the JupyterLite site in {where}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
