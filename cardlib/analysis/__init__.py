"""The rule-variant laboratory: what a rule does to a game, measured over many seeded games
with 95% intervals, so that a learner sees when a difference is noise.

:func:`analyse` plays ``n`` games of one rule set (the games' course kept, see
``simulate(history=True)``) and an "order" study (the simple bot among random players),
and reports every measure of :mod:`cardlib.analysis.measures`; :func:`compare` does it for
several variants (rule sets, options) on the same seeds, so the same deals are played
under each rule and a difference is the rule's, not the deal's::

    >>> report = analyse("go-fish", n=40, seed=3, order_games=0, resamples=200)
    >>> report["decisions"].n, report.variant.label
    (40, 'pagat')
    >>> a, b = compare("go-fish", ["pagat", "bicycle"], n=20, seed=3, order_games=0, resamples=50)
    >>> a.deals == b.deals
    True

The rows are reduced as they come (:class:`~cardlib.analysis.measures.Tally`): a few
numbers a game are kept, never a game's history, so a study's memory stays small whatever
its length.  Plots (:func:`cardlib.analysis.output.plot`) need matplotlib (the
``simulation`` extra), imported only when a plot is asked for.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardlib import arguments
from cardlib.analysis.measures import Measure, Tally
from cardlib.errors import NotationError
from cardlib.games import GAMES, known_game
from cardlib.simulate.rows import Row
from cardlib.simulate.run import PROCESSES_FROM, stream, usable_cpus

#: the bootstrap's resamples (percentile intervals) unless told
RESAMPLES = 1000


@dataclass(frozen=True, slots=True)
class Variant:
    """A rule set and options of a game, under a label ("bicycle", "refill=true")."""

    label: str
    rule_set: str | None = None
    options: tuple[tuple[str, Any], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "rule_set": self.rule_set, "options": dict(self.options)}


def variant(given: Variant | str | Mapping[str, Any] | None) -> Variant:
    """A :class:`Variant` from its words: ``"bicycle"`` (a rule set), ``"refill=true"`` (an
    option, its value read as an example's), ``"bicycle,refill=true"``; or a mapping
    ``{"rule_set": ..., "options": {...}, "label": ...}``; None is the game's default."""
    if given is None:
        return Variant("default")
    if isinstance(given, Variant):
        return given
    if isinstance(given, str):
        from cardlib.simulate.command import _option

        rule_set: str | None = None
        options: dict[str, Any] = {}
        for part in (p.strip() for p in given.split(",")):
            if "=" in part:
                name, value = _option(part)
                options[name] = value
            elif part and rule_set is None:
                rule_set = part
            else:
                raise NotationError(
                    f"variant {given!r}: write a rule set and NAME=VALUE options, by commas"
                )
        return Variant(given, rule_set, tuple(sorted(options.items())))
    if isinstance(given, Mapping):
        unknown = set(given) - {"label", "rule_set", "options"}
        if unknown:
            raise NotationError(
                f"a variant has a label, a rule_set and options, not {', '.join(map(repr, sorted(unknown)))}"
            )
        rule_set = arguments.optional_text(given.get("rule_set"), "a variant's rule_set")
        options = dict(arguments.mapping(given.get("options") or {}, "a variant's options"))
        label = given.get("label") or ",".join(
            [rule_set or ""] * bool(rule_set) + [f"{k}={v}" for k, v in sorted(options.items())]
        )
        return Variant(
            arguments.text(label or "default", "a variant's label"),
            rule_set,
            tuple(sorted(options.items())),
        )
    raise NotationError(
        f"a variant is a rule set's name, NAME=VALUE or a mapping, not {arguments.shown(given)}"
    )


def default_variants(game: str) -> list[Variant]:
    """A game's default study: each of its rule sets, then each option that is off by
    default (a true-or-false field of its options) switched on under the first rule set,
    where the rules accept it."""
    spec = GAMES[known_game(game)]
    out = [Variant(r, r) for r in spec.rule_sets]
    first = spec.rule_sets[0]
    try:
        options = spec.options(first, {})
    except (ValueError, TypeError):
        return out
    if dataclasses.is_dataclass(options):
        for f in dataclasses.fields(options):
            if getattr(options, f.name) is False:
                try:
                    spec.options(first, {f.name: True})
                except (ValueError, TypeError):
                    continue
                out.append(Variant(f"{f.name}=true", first, ((f.name, True),)))
    return out


@dataclass(frozen=True)
class Report:
    """One variant's study: ``measures`` by name (each with its interval and ``n``), the
    average ``trends`` by final rank and the ``choices`` profile (0%, 10%, ... 100% of a
    game), ``deals`` a digest of the seeds played, ``standing`` what a seat's standing is."""

    game: str
    variant: Variant
    games: int
    measures: dict[str, Measure]
    trends: dict[int, list[float]] = field(default_factory=dict)
    choices: list[float] = field(default_factory=list)
    deals: str = ""
    standing: str = ""
    better: str | None = None

    def __getitem__(self, name: str) -> Measure:
        return self.measures[name]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant.as_dict(),
            "games": self.games,
            "deals": self.deals,
            "standing": self.standing,
            "better": self.better,
            "measures": {k: m.as_dict() for k, m in self.measures.items()},
            "trends": {str(r): [round(x, 4) for x in v] for r, v in self.trends.items()},
            "choices": [round(x, 4) for x in self.choices],
        }

    def __str__(self) -> str:
        from cardlib.analysis.output import table

        return table([self])


def _count(value: object, what: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise NotationError(
            f"{what} must be a whole number of at least {least}, not {arguments.shown(value)}"
        )
    return value


def analyse(
    game: str,
    n: int = 1000,
    *,
    seed: int = 0,
    variant: Variant | str | Mapping[str, Any] | None = None,
    players: int | Sequence[str] | None = None,
    bots: Any = "simple",
    order_games: int | None = None,
    resamples: int = RESAMPLES,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    max_moves: int = 10_000,
) -> Report:
    """Play ``n`` seeded games of ``game`` under ``variant`` (default: its first rule set)
    with ``bots`` (default: the simple bot in every seat), keeping their course, and
    ``order_games`` more (default ``n``; 0: none) with the simple bot among random players
    for the order measure; report every measure (see :func:`compare`)."""
    (report,) = compare(
        game,
        [variant],
        n,
        seed=seed,
        players=players,
        bots=bots,
        order_games=order_games,
        resamples=resamples,
        workers=workers,
        executor=executor,
        max_moves=max_moves,
    )
    return report


def compare(
    game: str,
    variants: Iterable[Variant | str | Mapping[str, Any] | None] | None = None,
    n: int = 1000,
    *,
    seed: int = 0,
    players: int | Sequence[str] | None = None,
    bots: Any = "simple",
    order_games: int | None = None,
    resamples: int = RESAMPLES,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    max_moves: int = 10_000,
) -> list[Report]:
    """Every measure of each variant of ``game`` (default: :func:`default_variants`), one
    :class:`Report` a variant, each from the same seeds: game ``i`` of every variant is dealt
    from the same seed (common random numbers), so where the rules deal alike the deals are
    the same and a difference between variants is the rules'.

    Every variant is checked before any game is played (a rule set or option the game
    refuses is a :class:`~cardlib.errors.NotationError`, a :class:`ValueError`, in one
    line).  The games run as :func:`cardlib.simulate.simulate` runs them (``workers``,
    ``executor``: local worker processes or a Dask cluster), the rows reduced as they come.
    The bootstrap of variant ``j`` draws from ``random.Random(seed + j)``.
    """
    spec = GAMES[known_game(game)]
    n = _count(n, "n", 1)
    order_games = n if order_games is None else _count(order_games, "order_games", 0)
    resamples = _count(resamples, "resamples", 0)
    seed = arguments.whole(seed, "seed")
    if variants is not None and isinstance(variants, str | bytes | Mapping):
        raise NotationError(f"variants must be a list, not {arguments.shown(variants)}")
    first = Variant(spec.rule_sets[0], spec.rule_sets[0])
    chosen = [
        first if v is None else variant(v)
        for v in (default_variants(game) if variants is None else variants)
    ]
    if not chosen:
        raise NotationError("give at least one variant to compare")
    labels = [v.label for v in chosen]
    if len(set(labels)) != len(labels):
        raise NotationError(f"two variants have the same label: {', '.join(labels)}")

    def rows(v: Variant, bots: Any, games: int, total: int) -> Iterable[Row]:
        # the order study's runs are short, but together as long as the study's: in worker
        # processes when the study's would be
        many = workers if workers is not None else (usable_cpus() if total >= PROCESSES_FROM else 1)
        return stream(
            game,
            games,
            seed=seed,
            players=players,
            rule_set=v.rule_set,
            options=dict(v.options),
            bots=bots,
            workers=many,
            executor=executor,
            max_moves=max_moves,
            history=True,
        )

    checked = [rows(v, bots, n, n) for v in chosen]  # every variant checked before any game
    standing = spec.simulation.standing
    better = None if standing is None else standing.better
    reports = []
    for j, (v, games) in enumerate(zip(chosen, checked, strict=True)):
        tally = Tally(better)
        k = 0
        for row in games:
            tally.add(row)
            k = len(row.seats)
        if order_games and k >= 2:
            seats = spec.seats(k) if players is None or isinstance(players, int) else tuple(players)
            each = max(1, math.ceil(order_games / k))
            for place, seat in enumerate(seats):
                mix = ["random"] * k
                mix[place] = "simple"
                tally.add_order(rows(v, mix, each, order_games), seat)
        reports.append(
            Report(
                game=spec.id,
                variant=v,
                games=tally.games,
                measures=tally.measures(resamples=resamples, seed=seed + j),
                trends=tally.trends(),
                choices=tally.choices_profile(),
                deals=tally.deals,
                standing="" if standing is None else standing.words,
                better=better,
            )
        )
    return reports


__all__ = [
    "RESAMPLES",
    "Measure",
    "Report",
    "Tally",
    "Variant",
    "analyse",
    "compare",
    "default_variants",
    "variant",
]
