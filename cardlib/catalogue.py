"""The rule catalogue and the traceability tables, read from the games' folders on first use.

A game's part of the catalogue is ``catalogue.yaml`` in its folder (``cardlib/<game>/``)
and its traceability table ``sources.yaml`` beside it: the catalogue finds them in the
folders themselves (:func:`game_folders`) and never imports the registry
(:mod:`cardlib.games`), which stands above it.  A game from outside cardlib keeps its
catalogue the same way, in its own package's folder: :func:`book_of` reads it there (a
game's spec asks for it: :attr:`cardlib.games.GameSpec.rules`), apart from the course's.

``cardlib.rules["GOLF-COLUMN"]`` is a :class:`Rule`: its game, the rule in plain words,
the sources it comes from, the rule sets it belongs to and the :class:`Interpretation`
choices the engine makes where the sources are silent or offer a choice.

``cardlib.catalogue.sources`` holds, per game, each statement of the source articles (a
rule, a ruling, a table row, a worked example) in a short paraphrase, the sentence(s) of the
article it reads quoted in the article's language, and the rule IDs and example files that
implement it, or why it is deliberately not implemented (``cardlib rules --sources``).

``cardlib.catalogue.glossary`` holds the games' terms in Traditional Chinese, as the
articles write them, and in English, each with the rules it belongs to.
"""

from __future__ import annotations

import html
import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: the cardlib package, whose folders hold the games
PACKAGE = Path(__file__).resolve().parent

#: the package data the games share: the glossary (and the example schema)
DATA = PACKAGE / "data"

#: the file of a game's folder that holds its part of the rule catalogue
CATALOGUE = "catalogue.yaml"

#: the file of a game's folder that holds its traceability table
SOURCES = "sources.yaml"


def game_folders(root: Path = PACKAGE) -> list[Path]:
    """The folders of ``root`` (the cardlib package) that hold a game's part of the
    catalogue (a :data:`CATALOGUE` file), in name order: the catalogue reads its games from
    their folders, never from the registry (:mod:`cardlib.games` reads the catalogue)."""
    return sorted(
        (entry for entry in root.iterdir() if (entry / CATALOGUE).is_file()),
        key=lambda e: e.name,
    )


#: the one function that enforces each rule ID, filled in as the game packages are imported
#: (each engine marks its rule functions with :func:`enforces`)
ENFORCED_BY: dict[str, Callable[..., Any]] = {}


def enforces(rule_id: str) -> Callable[[F], F]:
    """Mark a function (or method) as the one place that enforces ``rule_id``; its
    docstring's first line is the rule, and ``fn.rule_id`` its ID (:func:`rule_of`).  A rule
    enforced twice is a mistake, refused at import.

    >>> @enforces("DEMO-ONE")
    ... def demo_one() -> None:
    ...     "A demonstration rule."
    >>> rule_of(demo_one)
    'DEMO-ONE'
    >>> ENFORCED_BY.pop("DEMO-ONE") is demo_one
    True
    """

    def mark(fn: F) -> F:
        if rule_id in ENFORCED_BY and ENFORCED_BY[rule_id] is not fn:
            raise RuntimeError(f"{rule_id} is enforced twice: {ENFORCED_BY[rule_id]} and {fn}")
        ENFORCED_BY[rule_id] = fn
        fn.rule_id = rule_id  # type: ignore[attr-defined]
        return fn

    return mark


def rule_of(fn: Callable[..., Any]) -> str:
    """The ID of the rule a function enforces (marked with :func:`enforces`)."""
    rule_id = getattr(fn, "rule_id", None)
    if rule_id is None:
        raise LookupError(f"{fn!r} is not marked as enforcing a rule")
    return str(rule_id)


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
class ValuesTable:
    """A table of values that a rule gives card by card (Golf's card values, Rook's
    counters), as the rule book prints it.  The catalogue says which cards to show
    (``ask``: a label and the argument the rule's function is asked with); the values
    themselves are the answers of the function that enforces the rule (a rule of values, as
    GOLF-VALUES), or of the function of its module named ``of`` where the rule's function
    answers as every rule does, with a refusal or None (ROOK-COUNT's ``card_points``), so the
    table cannot say other than the engine."""

    rule: str
    title: str
    head: tuple[str, str]
    ask: tuple[tuple[str, Any], ...]
    of: str | None = None

    def rows(self) -> list[tuple[str, Any]]:
        """Each label with the value the rule's function gives (the game is imported)."""
        fn = rules[self.rule].enforced_by
        if fn is None:
            raise LookupError(f"no function enforces {self.rule}, so its table has no values")
        if self.of is not None:
            fn = getattr(inspect.getmodule(fn), self.of)
        return [(label, fn(argument)) for label, argument in self.ask]


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of the catalogue.  ``summary`` is the rule in one line with its numbers and
    conditions; ``phase`` the part of play it belongs to (the rules sheet's groups);
    ``worked_case`` the part of ``text`` that works one case through, not a rule of its own;
    ``table`` a values table the rule gives."""

    id: str
    game: str
    title: str
    text: str
    sources: tuple[str, ...]
    rule_sets: tuple[str, ...]
    interpretations: tuple[Interpretation, ...] = ()
    summary: str = field(default="", repr=False)
    phase: str = field(default="", repr=False)
    worked_case: str = field(default="", repr=False)
    table: ValuesTable | None = field(default=None, repr=False)
    package: str = field(default="", repr=False)

    def __str__(self) -> str:
        return f"{self.id} ({self.title}): {self.text}"

    def explain(self) -> str:
        """The rule as ``cardlib rules`` prints it: ID, title, text, its line, sources,
        interpretations."""
        lines = [f"{self.id}  {self.title}", f"  {self.text}"]
        if self.summary:
            lines.append(f"  In one line: {self.summary}")
        lines.append(f"  Source: {'; '.join(self.sources)}")
        for i in self.interpretations:
            switch = f" Switch: {i.switch}." if i.switch else ""
            lines.append(f"  Interpretation ({', '.join(i.rule_sets)}): {i.says}{switch}")
        return "\n".join(lines)

    @property
    def enforced_by(self) -> Callable[..., Any] | None:
        """The function that enforces this rule, or None while the engine has not marked
        one.  The package of the game's folder (:attr:`package`, the folder its catalogue
        was read from) is imported to find it: importing a game's package imports its
        engine, whose rule functions mark themselves."""
        if self.package and self.id not in ENFORCED_BY:
            import_module(self.package)
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


def _cardlib_folders() -> list[tuple[Path, str]]:
    """The shipped games' folders, each with its package (``cardlib.golf``)."""
    return [(folder, f"{__package__}.{folder.name}") for folder in game_folders()]


class RuleBook(Mapping[str, Rule]):
    """A read-only mapping from rule ID to :class:`Rule`, loaded lazily from the
    :data:`CATALOGUE` files of ``folders()``, (folder, its package) pairs (default: the
    games cardlib ships, :func:`game_folders`)."""

    def __init__(self, folders: Callable[[], list[tuple[Path, str]]] = _cardlib_folders) -> None:
        self._where = folders
        self._rules: dict[str, Rule] | None = None
        self._games: dict[str, dict[str, Any]] = {}
        self._folders: dict[str, Path] = {}

    def _load(self) -> dict[str, Rule]:
        if self._rules is None:
            import yaml

            rules: dict[str, Rule] = {}
            games: dict[str, dict[str, Any]] = {}
            folders: dict[str, Path] = {}
            for folder, package in self._where():
                raw = yaml.safe_load((folder / CATALOGUE).read_text("utf-8"))
                game, sources = raw["game"], raw["sources"]
                games[game] = raw
                folders[game] = folder
                for r in raw["rules"]:
                    table = r.get("table")
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
                        summary=str(r.get("summary", "")),
                        phase=str(r.get("phase", "")),
                        worked_case=str(r.get("worked_case", "")),
                        table=None
                        if table is None
                        else ValuesTable(
                            rule=r["id"],
                            title=str(table["title"]),
                            head=(str(table["head"][0]), str(table["head"][1])),
                            ask=tuple((str(k), v) for k, v in table["ask"].items()),
                            of=table.get("of"),
                        ),
                        package=package,
                    )
            self._games = games
            self._folders = folders
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

    def games(self) -> list[str]:
        """The games the catalogue has rules for, in the order of its files."""
        self._load()
        return list(self._games)

    def folder(self, game: str) -> Path:
        """The folder a game's catalogue was read from (``cardlib/<folder>/``)."""
        self._load()
        return self._folders[game]

    def name(self, game: str) -> str:
        """A game's name as the catalogue gives it (``"Six Card Golf"``)."""
        self._load()
        return str(self._games[game]["name"])

    def phases(self, game: str) -> dict[str, list[Rule]]:
        """A game's rules grouped by :attr:`Rule.phase`, the groups in the order of their
        first rule in the catalogue (the order the game is played)."""
        grouped: dict[str, list[Rule]] = {}
        for rule in self.for_game(game):
            grouped.setdefault(rule.phase, []).append(rule)
        return grouped

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

#: each game's rules by the package of its folder, read once (:func:`book_of`)
_BOOKS: dict[str, Mapping[str, Rule]] = {}


def book_of(package: str) -> Mapping[str, Rule]:
    """The rules of the game whose folder is the package ``package`` (the package of its
    spec's claims module): a shipped game's part of :data:`rules`; for a game from outside
    cardlib, the :data:`CATALOGUE` of its own package's folder, found as the shipped games'
    are, and kept apart from the course's catalogue (empty if it has none)."""
    book = _BOOKS.get(package)
    if book is None:
        mine = [r for r in rules.values() if r.package == package]
        if mine:
            book = {r.id: r for r in mine}
        else:
            try:
                found = find_spec(package)
            except (ImportError, ValueError):  # a package that is not there has no rules
                found = None
            where = [Path(p) for p in (found.submodule_search_locations or ())] if found else []
            book = RuleBook(lambda: [(f, package) for f in where[:1] if (f / CATALOGUE).is_file()])
        _BOOKS[package] = book
    return book


# -- traceability: each statement of the sources and what implements it -----------------------


@dataclass(frozen=True, slots=True)
class Article:
    """One source article of a traceability table: its file name, title, language (a BCP 47
    tag: ``zh-TW``, ``bg``, ``id``) and the SHA-256 of the text its quotes were taken from.
    The articles themselves are not part of cardlib (see ``tests/core/test_quotes.py``)."""

    file: str
    title: str
    language: str
    sha256: str


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement of a source article (a rule, a ruling, a table row, a worked example),
    in a short paraphrase (``says``) beside the sentence(s) of the article it reads, quoted
    verbatim in the article's language (``quotes``), with the rule IDs and example files that
    implement it, or why it is deliberately not implemented.  ``silent`` marks a statement
    that records what the article does not say (there is nothing to quote)."""

    id: str
    file: str
    title: str
    section: str
    says: str
    rules: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    not_implemented: str | None = None
    quotes: tuple[str, ...] = ()
    language: str = ""
    silent: str | None = None

    def implemented_by(self) -> str:
        """The rules and examples, or ``not implemented: why``."""
        if self.not_implemented:
            return f"not implemented: {self.not_implemented}"
        return ", ".join((*self.rules, *self.examples))

    def original(self) -> str:
        """The quoted passages, separated by `` … ``; what is said instead when the
        statement records a silence, or has no quote."""
        if self.quotes:
            return " … ".join(self.quotes)
        return f"(the article is silent: {self.silent})" if self.silent else "(no quote)"


class Sources:
    """The traceability tables (``sources.yaml`` in a game's folder, beside its
    ``catalogue.yaml``), loaded lazily."""

    def __init__(self) -> None:
        self._raw: dict[str, Any] = {}
        self._tables: dict[str, list[Statement]] = {}

    def games(self) -> list[str]:
        """The games that have a table, in name order."""
        return sorted(game for game in rules.games() if (rules.folder(game) / SOURCES).is_file())

    def _read(self, game: str) -> Any:
        if game not in self._raw:
            import yaml

            entry = rules.folder(game) / SOURCES
            self._raw[game] = yaml.safe_load(entry.read_text("utf-8"))
        return self._raw[game]

    def statements(self, game: str) -> list[Statement]:
        """Every statement of a game's sources, in table order."""
        if game not in self._tables:
            self._tables[game] = parse_sources(self._read(game))
        return self._tables[game]

    def articles(self, game: str) -> list[Article]:
        """The articles a game's table reads, in table order."""
        return parse_articles(self._read(game))

    def for_rule(self, rule_id: str) -> list[Statement]:
        """The statements a rule implements (for a notebook's rule section); none for a
        rule of a game from outside the catalogue."""
        rule = rules.get(rule_id)
        if rule is None or rule.game not in self.games():
            return []
        game = rule.game
        return [s for s in self.statements(game) if rule_id in s.rules]

    def quoted(self, rule_id: str) -> str:
        """The statements a rule implements, each quoted in the article's language beside
        its English reading: what ``cardlib rules ID`` prints under the rule."""
        lines = []
        for s in self.for_rule(rule_id):
            lines.append(f"    {s.id} ({s.section})")
            lines.append(f"      {s.language or 'original'}: {s.original()}")
            lines.append(f"      English: {s.says}")
        if not lines:
            return ""
        game = rules[rule_id].game
        return "\n".join([f"  From the articles (cardlib rules --sources {game}):", *lines])

    def table(self, game: str) -> str:
        """The table as ``cardlib rules --sources GAME`` prints it."""
        lines: list[str] = []
        current = None
        for s in self.statements(game):
            if s.file != current:
                current = s.file
                lines.append(f"\n{s.file}: {s.title} ({s.language})")
            lines.append(
                f"  {s.id}  ({s.section}) {s.says}\n      {s.language}: {s.original()}"
                f"\n      -> {s.implemented_by()}"
            )
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


def _passages(value: Any) -> tuple[str, ...]:
    """A statement's ``quote:``: one passage, or a list of them, kept exactly as written."""
    if value is None:
        return ()
    return (str(value),) if isinstance(value, str) else tuple(str(v) for v in value)


def parse_articles(raw: Any) -> list[Article]:
    """The articles of one traceability table (the parsed YAML of its file)."""
    return [
        Article(
            file=str(source["file"]),
            title=str(source.get("title", source["file"])),
            language=str(source.get("language", "")),
            sha256=str(source.get("sha256", "")),
        )
        for source in raw["sources"]
    ]


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
                    quotes=_passages(s.get("quote")),
                    language=str(source.get("language", "")),
                    silent=str(s["silent"]) if s.get("silent") else None,
                )
            )
    return out


sources = Sources()


# -- the glossary: the games' terms in Traditional Chinese and English ------------------------


@dataclass(frozen=True, slots=True)
class Term:
    """One term: as the Traditional Chinese articles write it (``zh``), the English word the
    course uses (``en``), the rules it belongs to and a short definition (``means``)."""

    zh: str
    en: str
    rules: tuple[str, ...]
    means: str

    def games(self) -> list[str]:
        """The games of its rules, in catalogue order."""
        mine = {rules[r].game for r in self.rules}
        return [g for g in rules.games() if g in mine]


class Glossary:
    """The glossary (``cardlib/data/glossary.yaml``), loaded lazily.

    >>> nest = next(t for t in glossary.terms() if t.zh == "底牌")
    >>> nest.en, nest.games()
    ('nest', ['rook'])
    """

    def __init__(self) -> None:
        self._terms: list[Term] | None = None

    def terms(self) -> list[Term]:
        """Every term, in the file's order."""
        if self._terms is None:
            import yaml

            raw = yaml.safe_load((DATA / "glossary.yaml").read_text("utf-8"))
            self._terms = [
                Term(
                    zh=str(t["zh-TW"]),
                    en=str(t["en"]),
                    rules=tuple(str(r) for r in t["rules"]),
                    means=" ".join(str(t["means"]).split()),
                )
                for t in raw["terms"]
            ]
        return self._terms

    def for_game(self, game: str) -> list[Term]:
        """The terms of a game's rules, in the file's order."""
        return [t for t in self.terms() if game in t.games()]


glossary = Glossary()
