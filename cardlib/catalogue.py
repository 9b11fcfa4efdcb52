"""The rule catalogue, read from package data on first use.

``cardlib.rules["GOLF-COLUMN"]`` is a :class:`Rule`: its game, the rule in plain words,
the sources it comes from and the rule sets it belongs to.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    game: str
    title: str
    text: str
    sources: tuple[str, ...]
    rule_sets: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.id} ({self.title}): {self.text}"

    def _repr_html_(self) -> str:
        cites = "; ".join(html.escape(s) for s in self.sources)
        sets = ", ".join(html.escape(s) for s in self.rule_sets)
        return (
            f'<div class="cardlib-rule"><b>{html.escape(self.id)}</b> '
            f"<i>{html.escape(self.title)}</i><br>{html.escape(self.text)}"
            f"<br><small>Source: {cites}. Rule sets: {sets}.</small></div>"
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
            from importlib import resources

            folder = resources.files("cardlib").joinpath("data/rules")
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

    def __repr__(self) -> str:
        return f"<RuleBook of {len(self)} rules>"


rules = RuleBook()
