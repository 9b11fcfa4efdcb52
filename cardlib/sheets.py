"""Material a class keeps, made from the rule catalogue so that it cannot drift from it.

* :func:`sheet`: a game's rules on one printed page (print-ready HTML, A4 or Letter): each
  rule in one line with its numbers and conditions (:attr:`~cardlib.catalogue.Rule.summary`),
  grouped as the game is played (:attr:`~cardlib.catalogue.Rule.phase`), the rule sets and
  where they differ, the values tables computed by the rules' own functions, and the game's
  terms in Traditional Chinese and English.  ``cardlib rules --sheet golf > golf-rules.html``
  prints one; the course's student edition has one for every game in ``sheets/``.
* :func:`glossary_markdown`: the glossary as ``docs/glossary.md`` holds it
  (``cardlib rules --glossary``).

Everything here is read from the catalogue (``cardlib/data``); no game is named.

>>> page = sheet("golf")
>>> "GOLF-COLUMN" in page and "@media print" in page and "同欄" in page
True
>>> glossary_markdown().splitlines()[0]
'# Glossary: the games’ terms in Traditional Chinese and English'
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from cardlib import arguments, files
from cardlib.arguments import shown
from cardlib.catalogue import Rule, Term, glossary, rules
from cardlib.errors import NotationError

#: what every sheet's footer says first: how :func:`write_sheets` knows a sheet it wrote
MARK = "Made from cardlib's rule catalogue"

#: the sheet's style: one page of A4 or Letter (the printable area common to both is about
#: 186 x 255 mm with these margins); on a screen the same page, centred
STYLE = """
@page { margin: 11mm 12mm; }
* { box-sizing: border-box; }
body { font: 8.6pt/1.22 "Noto Sans", "Segoe UI", Arial, "Noto Sans CJK TC", "Microsoft JhengHei",
  "PingFang TC", sans-serif; color: #111; margin: 0; }
h1 { font-size: 13pt; margin: 0; }
h1 small { font-size: 8.6pt; font-weight: normal; color: #444; }
h2 { font-size: 9pt; margin: 1.8mm 0 0.5mm; padding-bottom: 0.2mm; border-bottom: 0.3mm solid #999; }
ul { list-style: none; margin: 0; padding: 0; }
li { margin: 0 0 0.3mm; padding-left: 2.5mm; text-indent: -2.5mm; }
.id { font: bold 7.4pt "DejaVu Sans Mono", Consolas, monospace; color: #333; }
.sets { margin: 0.8mm 0 0; }
.only { font-size: 7.4pt; color: #555; white-space: nowrap; }
table { border-collapse: collapse; margin: 0.6mm 0; font-size: 8pt; }
th, td { border: 0.25mm solid #999; padding: 0.2mm 1.6mm; text-align: center; }
th { background: #eee; text-align: left; }
.terms { columns: 5; column-gap: 3mm; font-size: 7.8pt; }
.terms li { break-inside: avoid; margin: 0; }
[lang="zh-TW"] { font-weight: bold; }
footer { margin-top: 1.5mm; font-size: 7pt; color: #555; }
@media screen { body { max-width: 190mm; margin: 8mm auto; padding: 0 4mm; } }
@media print { section, li, table { break-inside: avoid; } a { color: inherit; text-decoration: none; } }
"""


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _only(rule: Rule, named: list[str]) -> str:
    """Where a rule does not hold in every named rule set: the sets (or kinds) it holds in."""
    if set(named) <= set(rule.rule_sets):
        return ""
    return f' <span class="only">[{_e(", ".join(rule.rule_sets))}]</span>'


def _rule_sets(game: str) -> str:
    named = rules.rule_sets(game)
    listed = "; ".join(f"<b>{_e(name)}</b>: {_e(words)}" for name, words in named.items())
    label = "Rule set" if len(named) == 1 else "Rule sets"
    notes = []
    if len(named) > 1:
        notes.append("A rule marked with rule sets holds only in those.")
    # the kinds of rule that are not a named rule set: "house rule", "variant"
    kinds = sorted({s for r in rules.for_game(game) for s in r.rule_sets if s not in named})
    if kinds:
        marks = " or ".join(f"[{_e(k)}]" for k in kinds)
        notes.append(f"A rule marked {marks} holds when the table agrees it before play.")
    return f'<p class="sets">{label}: {listed}. {" ".join(notes)}</p>'


def _phases(game: str) -> str:
    named = list(rules.rule_sets(game))
    out = []
    for phase, members in rules.phases(game).items():
        items = "".join(
            f'<li><span class="id">{_e(r.id)}</span> {_e(r.summary or r.title)}'
            f"{_only(r, named)}</li>"
            for r in members
        )
        out.append(f"<section><h2>{_e(phase or 'The rules')}</h2><ul>{items}</ul></section>")
    return "".join(out)


def _tables(game: str) -> str:
    out = []
    for rule in rules.for_game(game):
        if rule.table is None:
            continue
        rows = rule.table.rows()
        head, value = rule.table.head
        labels = "".join(f"<td>{_e(str(label))}</td>" for label, _ in rows)
        values = "".join(f"<td>{_e(str(v))}</td>" for _, v in rows)
        out.append(
            f"<section><h2>{_e(rule.table.title)} <span class='id'>{_e(rule.id)}</span></h2>"
            f"<table><tr><th>{_e(head)}</th>{labels}</tr>"
            f"<tr><th>{_e(value)}</th>{values}</tr></table></section>"
        )
    return "".join(out)


def _term(term: Term) -> str:
    return f'<li><span lang="zh-TW">{_e(term.zh)}</span> {_e(term.en)}</li>'


def sheet(game: str) -> str:
    """A game's rules on one printed page, as a complete HTML document (a name that is not
    a game of the catalogue is a :class:`~cardlib.errors.NotationError`)."""
    if not isinstance(game, str) or game not in rules.games():
        known = ", ".join(rules.games())
        raise NotationError(f"{shown(game)} has no rules in the catalogue (games: {known})")
    name = rules.name(game)
    terms = glossary.for_game(game)
    cited = list(dict.fromkeys(s for r in rules.for_game(game) for s in r.sources))
    glossary_part = (
        "<section><h2>Terms in the articles: 中文 (zh-TW) and English</h2>"
        f'<ul class="terms">{"".join(_term(t) for t in terms)}</ul></section>'
        if terms
        else ""
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_e(name)}: the rules on one page</title>\n<style>{STYLE}</style>\n</head>\n"
        "<body>\n<header>"
        f"<h1>{_e(name)} <small>the rules on one page, each in one line</small></h1>"
        f"{_rule_sets(game)}</header>\n<main>{_phases(game)}{_tables(game)}{glossary_part}"
        f"</main>\n<footer>{MARK} "
        f"(<code>cardlib rules --sheet {_e(game)}</code>); each line names its rule ID, and "
        f"<code>cardlib rules ID</code> gives the rule in full with the articles' own words. "
        f"Sources: {_e('; '.join(cited))}.</footer>\n</body>\n</html>\n"
    )


def write_sheets(folder: str | os.PathLike[str]) -> list[Path]:
    """Write ``<game>.html``, the rules sheet of every game of the catalogue, in ``folder``
    (made if needed); the paths written.  Each sheet is written whole or not at all (a new
    file renamed over its name), so a sheet written before is replaced; a link of that name
    (even one pointing nowhere), a folder, or a file that is not a rules sheet is never
    written over or through: a :class:`~cardlib.errors.SaveError` names it before any sheet
    is written, as it does a folder that cannot be written."""
    arguments.path(folder, "folder")
    where = Path(folder)
    try:
        where.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        raise files.failed(where, exc) from exc
    written = [where / f"{game}.html" for game in rules.games()]
    for path in written:  # every name is asked first: a refusal writes no sheet
        files.replaceable(path, ours=_a_sheet, what="a rules sheet")
    for game, path in zip(rules.games(), written, strict=True):
        files.replace(path, sheet(game).encode("utf-8"), ours=_a_sheet, what="a rules sheet")
    return written


def _a_sheet(start: bytes) -> bool:
    """Whether a file that starts so is a rules sheet (:func:`sheet` writes :data:`MARK`)."""
    return start.startswith(b"<!DOCTYPE html>") and MARK.encode("utf-8") in start


def glossary_markdown() -> str:
    """The glossary as ``docs/glossary.md`` holds it: a table of terms per game."""
    lines = [
        "# Glossary: the games’ terms in Traditional Chinese and English",
        "",
        "<!-- Made by `cardlib rules --glossary` from cardlib/data/glossary.yaml: edit that file,",
        "     then run `cardlib rules --glossary > docs/glossary.md` (a test checks it is current). -->",
        "",
        "For learners who read Chinese: the words the course's three Traditional Chinese rule articles use "
        "for the rules, as those articles write them (zh-TW), beside the English word the "
        "notebooks use, with the rules each belongs to. `cardlib rules RULE-ID` prints a rule "
        "with the articles' sentences in the original beside their English reading, and "
        "`cardlib rules --sheet GAME` a one-page rules sheet with these terms.",
    ]
    for game in rules.games():
        terms = glossary.for_game(game)
        if not terms:
            continue
        lines += [
            "",
            f"## {rules.name(game)}",
            "",
            "| 中文 (zh-TW) | English | what it means | rules |",
            "|---|---|---|---|",
        ]
        for t in terms:
            mine = [r for r in t.rules if rules[r].game == game]
            lines.append(f"| {t.zh} | {t.en} | {t.means} | {', '.join(mine)} |")
    return "\n".join(lines) + "\n"


__all__ = ["glossary_markdown", "sheet", "write_sheets"]
