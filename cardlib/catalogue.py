"""The rule catalogue and the traceability tables, read from package data on first use.

``cardlib.rules["GOLF-COLUMN"]`` is a :class:`Rule`: its game, the rule in plain words,
the sources it comes from, the rule sets it belongs to and the :class:`Interpretation`
choices the engine makes where the sources are silent or offer a choice.

``cardlib.catalogue.sources`` holds, per game, each statement of the source articles (a
rule, a ruling, a table row, a worked example) in a short paraphrase, with the rule IDs
and example files that implement it, or why it is deliberately not implemented
(``cardlib rules --sources``).
"""

from __future__ import annotations

import html
import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: the package data: the rule catalogue (rules/<game>.yaml) and the source tables (sources/)
DATA = Path(__file__).resolve().parent / "data"

#: the one function that enforces each rule ID, filled in as the game packages are imported
#: (each engine marks its rule functions with :func:`enforces`)
ENFORCED_BY: dict[str, Callable[..., Any]] = {}


def enforces(rule_id: str) -> Callable[[F], F]:
    """Mark a function (or method) as the one place that enforces ``rule_id``; its
    docstring's first line is the rule.  A rule enforced twice is a mistake, refused at
    import.

    >>> @enforces("DEMO-ONE")
    ... def demo_one() -> None:
    ...     "A demonstration rule."
    >>> ENFORCED_BY.pop("DEMO-ONE") is demo_one
    True
    """

    def mark(fn: F) -> F:
        if rule_id in ENFORCED_BY and ENFORCED_BY[rule_id] is not fn:
            raise RuntimeError(f"{rule_id} is enforced twice: {ENFORCED_BY[rule_id]} and {fn}")
        ENFORCED_BY[rule_id] = fn
        return fn

    return mark


@dataclass(frozen=True, slots=True)
class Interpretation:
    """A choice the engine makes where the sources are silent or offer alternatives: the
    rule sets it holds in, what the engine does, and the option that switches it (if any)."""

    rule: str
    rule_sets: tuple[str, ...]
    says: str
    switch: str | None = None

    def __str__(self) -> str:
        switch = f" (switch: {self.switch})" if self.switch else ""
        return f"{self.rule} [{', '.join(self.rule_sets)}]: {self.says}{switch}"


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    game: str
    title: str
    text: str
    sources: tuple[str, ...]
    rule_sets: tuple[str, ...]
    interpretations: tuple[Interpretation, ...] = ()

    def __str__(self) -> str:
        return f"{self.id} ({self.title}): {self.text}"

    def explain(self) -> str:
        """The rule as ``cardlib rules`` prints it: ID, title, text, sources, interpretations."""
        lines = [
            f"{self.id}  {self.title}",
            f"  {self.text}",
            f"  Source: {'; '.join(self.sources)}",
        ]
        for i in self.interpretations:
            switch = f" Switch: {i.switch}." if i.switch else ""
            lines.append(f"  Interpretation ({', '.join(i.rule_sets)}): {i.says}{switch}")
        return "\n".join(lines)

    @property
    def enforced_by(self) -> Callable[..., Any] | None:
        """The function that enforces this rule (its game's package is imported to find
        it), or None while the engine has not marked one."""
        from cardlib.games import GAMES

        if self.game in GAMES:
            GAMES[self.game].load()
        return ENFORCED_BY.get(self.id)

    @property
    def code(self) -> str | None:
        """The source of :attr:`enforced_by` (what ``cardlib rules ID --code`` prints)."""
        fn = self.enforced_by
        if fn is None:
            return None
        return inspect.getsource(fn)

    def _repr_html_(self) -> str:
        cites = "; ".join(html.escape(s) for s in self.sources)
        sets = ", ".join(html.escape(s) for s in self.rule_sets)
        chosen = "".join(
            f"<li><i>Interpretation</i> ({html.escape(', '.join(i.rule_sets))}): "
            f"{html.escape(i.says)}"
            + (f" <small>Switch: <code>{html.escape(i.switch)}</code></small>" if i.switch else "")
            + "</li>"
            for i in self.interpretations
        )
        return (
            f'<div class="cardlib-rule"><b>{html.escape(self.id)}</b> '
            f"<i>{html.escape(self.title)}</i><br>{html.escape(self.text)}"
            f"<br><small>Source: {cites}. Rule sets: {sets}.</small>"
            + (f"<ul>{chosen}</ul>" if chosen else "")
            + "</div>"
        )


class RuleBook(Mapping[str, Rule]):
    """A read-only mapping from rule ID to :class:`Rule`, loaded lazily."""

    def __init__(self) -> None:
        self._rules: dict[str, Rule] | None = None
        self._games: dict[str, dict[str, Any]] = {}

    def _load(self) -> dict[str, Rule]:
        if self._rules is None:
            import yaml

            rules: dict[str, Rule] = {}
            games: dict[str, dict[str, Any]] = {}
            folder = DATA / "rules"
            for entry in sorted(folder.iterdir(), key=lambda e: e.name):
                if not entry.name.endswith(".yaml"):
                    continue
                raw = yaml.safe_load(entry.read_text("utf-8"))
                game, sources = raw["game"], raw["sources"]
                games[game] = raw
                for r in raw["rules"]:
                    rules[r["id"]] = Rule(
                        id=r["id"],
                        game=game,
                        title=r["title"],
                        text=r["text"],
                        sources=tuple(sources[s] for s in r["source"]),
                        rule_sets=tuple(r["rule_sets"]),
                        interpretations=tuple(
                            Interpretation(
                                rule=r["id"],
                                rule_sets=tuple(i["rule_sets"]),
                                says=str(i["says"]).strip(),
                                switch=i.get("switch"),
                            )
                            for i in r.get("interpretations") or ()
                        ),
                    )
            self._games = games
            self._rules = rules
        return self._rules

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._load()[rule_id]
        except KeyError:
            raise KeyError(f"{rule_id!r} is not a rule ID of the catalogue") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def for_game(self, game: str) -> list[Rule]:
        """The rules of one game (``"golf"``, ...) in catalogue order."""
        return [r for r in self._load().values() if r.game == game]

    def rule_sets(self, game: str) -> dict[str, str]:
        """The named rule sets of a game with a one-line description of each."""
        self._load()
        return dict(self._games[game]["rule_sets"])

    def interpretations(self, game: str, rule_set: str | None = None) -> list[Interpretation]:
        """The interpretations of a game's rules (of one rule set, if given), in catalogue
        order: what a notebook lists together for a rule set."""
        return [
            i
            for r in self.for_game(game)
            for i in r.interpretations
            if rule_set is None or rule_set in i.rule_sets
        ]

    def __repr__(self) -> str:
        return f"<RuleBook of {len(self)} rules>"


rules = RuleBook()


# -- traceability: each statement of the sources and what implements it -----------------------


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement of a source article (a rule, a ruling, a table row, a worked example),
    in a short paraphrase, with the rule IDs and example files that implement it, or why it
    is deliberately not implemented."""

    id: str
    file: str
    title: str
    section: str
    says: str
    rules: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    not_implemented: str | None = None

    def implemented_by(self) -> str:
        """The rules and examples, or ``not implemented: why``."""
        if self.not_implemented:
            return f"not implemented: {self.not_implemented}"
        return ", ".join((*self.rules, *self.examples))


class Sources:
    """The traceability tables (``cardlib/data/sources/<game>.yaml``), loaded lazily."""

    def __init__(self) -> None:
        self._tables: dict[str, list[Statement]] = {}

    def games(self) -> list[str]:
        """The games that have a table, in name order."""
        folder = DATA / "sources"
        if not folder.is_dir():
            return []
        return sorted(
            e.name.removesuffix(".yaml") for e in folder.iterdir() if e.name.endswith(".yaml")
        )

    def statements(self, game: str) -> list[Statement]:
        """Every statement of a game's sources, in table order."""
        if game not in self._tables:
            import yaml

            entry = DATA / "sources" / f"{game}.yaml"
            self._tables[game] = parse_sources(yaml.safe_load(entry.read_text("utf-8")))
        return self._tables[game]

    def for_rule(self, rule_id: str) -> list[Statement]:
        """The statements a rule implements (for a notebook's rule section)."""
        game = rules[rule_id].game
        if game not in self.games():
            return []
        return [s for s in self.statements(game) if rule_id in s.rules]

    def table(self, game: str) -> str:
        """The table as ``cardlib rules --sources GAME`` prints it."""
        lines: list[str] = []
        current = None
        for s in self.statements(game):
            if s.file != current:
                current = s.file
                lines.append(f"\n{s.file}: {s.title}")
            lines.append(f"  {s.id}  ({s.section}) {s.says}\n      -> {s.implemented_by()}")
        counts = self.counts(game)
        head = (
            f"{game}: {counts['statements']} statements, {counts['implemented']} implemented, "
            f"{counts['not implemented']} deliberately not implemented"
        )
        return "\n".join([head, *lines, ""])

    def counts(self, game: str) -> dict[str, int]:
        """Statements, implemented, deliberately not implemented."""
        table = self.statements(game)
        left = sum(1 for s in table if s.not_implemented)
        return {"statements": len(table), "implemented": len(table) - left, "not implemented": left}


def parse_sources(raw: Any) -> list[Statement]:
    """The statements of one traceability table (the parsed YAML of its file)."""
    out = []
    for source in raw["sources"]:
        for s in source["statements"]:
            out.append(
                Statement(
                    id=str(s["id"]),
                    file=str(source["file"]),
                    title=str(source.get("title", source["file"])),
                    section=str(s.get("section", "")),
                    says=" ".join(str(s["says"]).split()),
                    rules=tuple(s.get("rules") or ()),
                    examples=tuple(s.get("examples") or ()),
                    not_implemented=(
                        " ".join(str(s["not_implemented"]).split())
                        if s.get("not_implemented")
                        else None
                    ),
                )
            )
    return out


sources = Sources()
