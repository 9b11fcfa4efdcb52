"""The notebooks' text that is made from the rule catalogue, written in place and found again.

    python tools/notebook_text.py [FOLDER]           update the notebooks (default: notebooks/)
    python tools/notebook_text.py --check [FOLDER]   exit 1, naming the notebooks that are not
                                                     current; nothing is written

Every cell it writes is a markdown cell tagged ``cardlib-generated``, with its kind (and rule)
in the cell's ``cardlib`` metadata and an id made from them; a run removes the cells it wrote
before and writes them afresh, so a second run changes nothing, and no code cell (what strict
nbval runs and compares) is touched.  What it writes:

* in the notebook of each game of the catalogue (``<game>.ipynb``):
  - under every rule section's ``*Traced to the sources:*`` line, the sentences of the
    statements it names, quoted in the article's language beside their English reading (in a
    fold when long).  The traced line ends its cell: text after it moves to a cell of its own,
    once;
  - before ``## Self-check``: "Summary: the rules in one line each" (the catalogue's one-line
    summaries, by phase of play; it replaces a hand-written summary of that title) with links
    to the game's printable rules sheet and the glossary, then the game's capstone, proving a
    worked example of a game the learner played;
  - at the end: where to next (the simulations and the rule writers' notebooks);
* in ``start-here.ipynb``, after "Where to next": the simulations and rule writers' notebooks;
* in ``simulations.ipynb``, before "Summary": the "design a house rule" project.

Nothing here names a game: the games, their names, rules, summaries and switches come from the
catalogue (``cardlib.catalogue``) and the registry (``cardlib.games``).
"""

from __future__ import annotations

import argparse
import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardlib.catalogue import Statement, rules, sources
from cardlib.files import replace
from cardlib.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TAG = "cardlib-generated"
TRACED = "*Traced to the sources:*"
SUMMARY = "## Summary: the rules in one line each"
#: a statement list longer than this (in characters of quotes) goes in a fold
FOLD_AFTER = 240

Cell = dict[str, Any]

_HEADING = re.compile(r"^## ([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+):", re.M)
# CommonMark's ASCII punctuation that would change what a quote shows (a pair of ~ strikes
# text through: the Go Fish article writes "3~6 人")
_MARKUP = re.compile(r"([\\`*_\[\]<>|~#])")


def _escape(text: str) -> str:
    return _MARKUP.sub(r"\\\1", text)


def _source(cell: Cell) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def kind(cell: Cell) -> str | None:
    """What a cell this tool wrote holds (``sources``, ``summary``, ...), or None."""
    if TAG not in cell.get("metadata", {}).get("tags", []):
        return None
    return str(cell["metadata"].get("cardlib", {}).get("generated", ""))


def _cell(key: str, text: str, rule: str | None = None) -> Cell:
    meta: dict[str, Any] = {"generated": key}
    if rule:
        meta["rule"] = rule
    return {
        "cell_type": "markdown",
        "id": "cardlib-" + "-".join(p.lower() for p in (key, rule) if p),
        "metadata": {"cardlib": meta, "tags": [TAG]},
        "source": _lines(text.rstrip("\n")),
    }


# --------------------------------------------------------------------------- the texts


def _said(s: Statement) -> str:
    """One statement: its ID, the original (marked with its language) and the reading."""
    if s.quotes:
        original = " … ".join(_escape(q) for q in s.quotes)
        head = f'<span lang="{s.language}">{original}</span>'
    else:
        head = f"*the article is silent ({_escape(s.silent or 'nothing to quote')})*"
    return f"* `{s.id}` {head}<br>\n  {_escape(s.says)}"


def sources_text(rule_id: str) -> str:
    """The statements a rule section traces, in the articles' own words."""
    said = sources.for_rule(rule_id)
    languages = list(dict.fromkeys(s.language for s in said if s.quotes))
    items = "\n".join(_said(s) for s in said)
    quoted = sum(len(q) for s in said for q in s.quotes)
    what = (
        f"In the articles' own words ({', '.join(languages)}), each with its English reading"
        if languages
        else "What the articles say"
    )
    if len(said) > 2 or quoted > FOLD_AFTER:
        return (
            f"<details><summary>{what}: {len(said)} statements</summary>\n\n{items}\n\n</details>"
        )
    return f"**{what}:**\n\n{items}"


def summary_text(game: str) -> str:
    """The rules in one line each, by phase of play, and what a learner keeps."""
    named = list(rules.rule_sets(game))
    parts = [SUMMARY, ""]
    for phase, members in rules.phases(game).items():
        parts.append(f"**{phase}**" if phase else "**The rules**")
        parts.append("")
        for r in members:
            only = "" if set(named) <= set(r.rule_sets) else f" *({', '.join(r.rule_sets)})*"
            parts.append(f"* `{r.id}` {_escape(r.summary or r.title)}{only}")
        parts.append("")
    parts.append(
        f"**To keep.** The rules of {rules.name(game)} on one printed page: "
        f"[sheets/{game}.html](sheets/{game}.html) in the student edition (anywhere, "
        f"`cardlib rules --sheet {game} > {game}-rules.html` makes it; print it from a "
        "browser). The games' terms in Traditional Chinese and English: "
        "[docs/glossary.md](docs/glossary.md). `cardlib rules RULE-ID` prints a rule in full "
        "with the articles' sentences in the original."
    )
    return "\n".join(parts)


def capstone_text(game: str) -> str:
    """The game's capstone: a game the learner played, as a worked example the checker proves."""
    spec = GAMES[game]
    name = rules.name(game)
    longer = f" (or {spec.whole_game_words}, if you have the time)" if spec.whole_game else ""
    return f"""## Capstone: prove a game you played

Play a whole hand of {name}{longer} at a real table, with real cards, and write down
as you go every card you can see when it is dealt or turned up and every move, in order. Then
turn it into a worked example that `cardlib check` proves:

1. **Start from the table above.** Play a few moves, click **Save example** and open the YAML
   file it writes (in `my-examples/`): it has the shape of a worked example of {name}, a
   setup, the moves and claims. [docs/examples.md](docs/examples.md) describes every field.
2. **Write your game in that shape:** a setup that fixes the cards as they were dealt (a whole
   pack in order, or a position with the cards you saw), every move in order, and claims the
   rules decide along the way and at the end: whose turn it is, what a move refused, the
   score, who won.
3. **Prove it.** Run `cardlib check my-examples/<your file>.yaml` in a terminal (or, in a cell,
   `from cardlib.cli import main` then `main(["check", "my-examples/<your file>.yaml"])`) until
   it passes. A move the rules refuse or a claim that is wrong is reported at its line, with the
   rule that decides it: find out whether your table played it differently, and say so in a
   `#` comment beside it.
4. **Hand in** the file, and a paragraph: the rules (by ID) that decided your game, and where
   your table's habits differed from the rules here.

The teacher's guide gives the rubric."""


def next_text(for_start: bool = False) -> str:
    """Where to go after a game (or after the start page): the simulations and the appendix."""
    if for_start:
        return (
            "* [Simulations](simulations.ipynb): after the games, test your intuitions against "
            "hundreds of seeded games, write a computer player, and design a house rule of your "
            "own.\n"
            "* [Appendix for rule writers](rule-writers.ipynb): every worked example of the "
            "course, narrated move by move by the checker.\n"
            "* To keep: each game's rules on one printed page (`sheets/` beside the notebooks), "
            "and the games' terms in Traditional Chinese and English "
            "([docs/glossary.md](docs/glossary.md))."
        )
    return (
        "**Where to next.** [Simulations](simulations.ipynb): test your intuitions about the "
        "games against hundreds of seeded games, and design a house rule. "
        "[Appendix for rule writers](rule-writers.ipynb): every worked example, narrated move "
        "by move."
    )


def house_rule_text() -> str:
    """The simulations notebook's project, with the catalogue's house rules and switches."""
    lines = []
    for game in rules.games():
        for r in rules.for_game(game):
            switches = [i.switch for i in r.interpretations if i.switch]
            if switches or set(r.rule_sets) - set(rules.rule_sets(game)):
                words = f"; switch: `{'`; `'.join(switches)}`" if switches else ""
                lines.append(f"* {rules.name(game)}, `{r.id}`: {_escape(r.title)}{words}")
    offered = "\n".join(lines)
    return f"""## Project: design a house rule

Where the sources are silent, or offer a choice, a table agrees a house rule before play. The
catalogue marks these places, and the engines switch between the choices the sources offer:

{offered}

Choose one of these, or design a house rule of your own for any of the games, and find
out what it does:

1. **State it** in one line, as the rules sheets do; name the rule of the catalogue it changes
   and say what the sources say there (`cardlib rules RULE-ID` quotes them).
2. **Predict** before you measure: what will it change, and by how much? The length of a game,
   the first player's share of wins, how often a contract is made.
3. **Measure** it with seeded simulations, with the rule and without it, on the same seeds:
   for a switch the engine has, `compare(game, [*the sources' rule sets, "NAME=VALUE"], n=...,
   seed=...)` from the rule lab above plays the same deals under each and gives every measure
   with its 95% interval; for a rule of your own, a computer player (a bot, as in exercise 2)
   that plays by it, through `simulate(...)`. Give each share or mean with its 95% interval.
4. **Conclude**: is the difference larger than its uncertainty? Would you play with it?

The teacher's guide gives the rubric."""


# --------------------------------------------------------------------------- placing them


def _split_after_traced(cells: list[Cell]) -> list[Cell]:
    """Each traced line ends its cell: what follows it moves to a cell of its own."""
    out: list[Cell] = []
    taken = {c.get("id") for c in cells}
    for cell in cells:
        text = _source(cell)
        if cell["cell_type"] != "markdown" or TRACED not in text or "nbgrader" in cell["metadata"]:
            out.append(cell)
            continue
        pieces, current = [], []
        for line in _lines(text):
            current.append(line)
            if line.startswith(TRACED):
                pieces.append(current)
                current = []
        if "".join(current).strip():
            pieces.append(current)
        elif pieces:
            pieces[-1] += current
        if len(pieces) < 2:  # nothing after the traced line: the cell stays as it is
            out.append(cell)
            continue
        for k, piece in enumerate(pieces):
            part = copy.deepcopy(cell) if k == 0 else {**copy.deepcopy(cell), "id": None}
            if k:
                body = "".join(piece).lstrip("\n")
                part["source"] = _lines(body)
                new_id, n = f"{cell['id']}-{k}", k
                while new_id in taken:
                    n += 1
                    new_id = f"{cell['id']}-{n}"
                taken.add(new_id)
                part["id"] = new_id
            else:
                part["source"] = _lines("".join(piece).rstrip("\n"))
            out.append(part)
    return out


def _with_sources(cells: list[Cell], known: set[str]) -> list[Cell]:
    """A sources cell after each cell whose last line is a rule section's traced line."""
    out: list[Cell] = []
    section = None
    for cell in cells:
        out.append(cell)
        if cell["cell_type"] != "markdown":
            continue
        text = _source(cell)
        headings = _HEADING.findall(text)
        if headings:
            section = headings[-1]
        last = text.rstrip("\n").rsplit("\n", 1)[-1]
        if last.startswith(TRACED) and section in known:
            out.append(_cell("sources", sources_text(section), section))
    return out


def _index(cells: list[Cell], test: Callable[[str], bool]) -> int | None:
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "markdown" and test(_source(cell)):
            return i
    return None


def update_game(nb: dict[str, Any], game: str) -> dict[str, Any]:
    """A game's notebook with its generated cells written afresh."""
    cells = [c for c in nb["cells"] if kind(c) is None]
    cells = [c for c in cells if not _source(c).startswith(SUMMARY)]  # the summary is made here
    known = {r.id for r in rules.for_game(game)}
    cells = _with_sources(_split_after_traced(cells), known)
    end = [_cell("summary", summary_text(game)), _cell("capstone", capstone_text(game))]
    at = _index(cells, lambda s: s.startswith("## Self-check"))
    at = len(cells) if at is None else at
    cells = [*cells[:at], *end, *cells[at:], _cell("next", next_text())]
    return {**nb, "cells": cells}


def update_start(nb: dict[str, Any]) -> dict[str, Any]:
    cells = [c for c in nb["cells"] if kind(c) is None]
    at = _index(cells, lambda s: "## Where to next" in s)
    at = len(cells) if at is None else at + 1
    cells.insert(at, _cell("next", next_text(for_start=True)))
    return {**nb, "cells": cells}


def update_simulations(nb: dict[str, Any]) -> dict[str, Any]:
    cells = [c for c in nb["cells"] if kind(c) is None]
    at = _index(cells, lambda s: s.startswith("## Summary"))
    at = len(cells) if at is None else at
    cells.insert(at, _cell("house-rule", house_rule_text()))
    return {**nb, "cells": cells}


def update(nb: dict[str, Any], name: str) -> dict[str, Any]:
    """A notebook (``name`` is its file's stem) with this tool's cells written afresh; a
    notebook it writes nothing into comes back as it was."""
    if name in rules.games():
        return update_game(nb, name)
    if name == "start-here":
        return update_start(nb)
    if name == "simulations":
        return update_simulations(nb)
    return nb


def dumps(nb: dict[str, Any]) -> str:
    """A notebook as Jupyter writes it."""
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def update_folder(folder: Path, *, check: bool = False) -> list[str]:
    """Bring the notebooks in ``folder`` up to date (with ``check``, only say which are not);
    the names of those that changed (or would)."""
    changed = []
    for path in sorted(folder.glob("*.ipynb")):
        before = path.read_text(encoding="utf-8")
        after = dumps(update(json.loads(before), path.stem))
        if after != before:
            changed.append(path.name)
            if not check:  # whole or not at all, never through a link
                replace(path, after.encode("utf-8"))
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/notebook_text.py", description=__doc__)
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("folder", nargs="?", type=Path, default=NOTEBOOKS)
    parser.add_argument("--check", action="store_true", help="only say what is not current")
    args = parser.parse_args(argv)
    changed = update_folder(args.folder, check=args.check)
    if args.check:
        for name in changed:
            print(f"{args.folder / name}: not current (run python tools/notebook_text.py)")
        return 1 if changed else 0
    print(f"updated: {', '.join(changed)}" if changed else "every notebook was current")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
