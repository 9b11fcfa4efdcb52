"""A study's reports written out: a table in words, CSV (one line a measure and variant),
JSON, and a figure (matplotlib, imported only here and only when a plot is asked for)."""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardlib.analysis import Report

#: what each output format is written as
FORMATS = ("table", "csv", "json")
#: the figures' formats, by the file's suffix
FIGURES = ("png", "svg")


def _num(x: float | None) -> str:
    return "-" if x is None or math.isnan(x) else f"{x:.3f}"


def table(reports: Sequence[Report]) -> str:
    """The measures, a line each, a column a variant: ``value [low, high]``; a measure's
    games (``n``) after its name, as the first variant counts them."""
    names = list(dict.fromkeys(name for r in reports for name in r.measures))
    head = ["measure"] + [r.variant.label for r in reports]
    lines = [head]
    for name in names:
        first = next(r.measures[name] for r in reports if name in r.measures)
        cells = [f"{name} (n={first.n})"]
        for r in reports:
            m = r.measures.get(name)
            cells.append("" if m is None else f"{_num(m.value)} [{_num(m.low)}, {_num(m.high)}]")
        lines.append(cells)
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    game = reports[0].game if reports else ""
    said = [f"{game}: {reports[0].games if reports else 0} games a variant, 95% intervals"]
    said += [
        "  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in lines
    ]
    return "\n".join(said) + "\n"


def csv_text(reports: Sequence[Report]) -> str:
    """One line a variant and measure: game, variant, rule_set, options (JSON), measure,
    value, low, high, n, source."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["game", "variant", "rule_set", "options", "measure", "value", "low", "high", "n", "source"]
    )
    for r in reports:
        options = json.dumps(dict(r.variant.options), ensure_ascii=False, sort_keys=True)
        for m in r.measures.values():
            d = m.as_dict()
            writer.writerow(
                [
                    r.game,
                    r.variant.label,
                    r.variant.rule_set or "",
                    options,
                    m.name,
                    d["value"],
                    d["low"],
                    d["high"],
                    m.n,
                    m.source,
                ]
            )
    return out.getvalue()


def json_text(reports: Sequence[Report]) -> str:
    """The reports as JSON: ``{"reports": [...]}``, each :meth:`Report.as_dict`."""
    return (
        json.dumps({"reports": [r.as_dict() for r in reports]}, indent=2, ensure_ascii=False) + "\n"
    )


def text(reports: Sequence[Report], fmt: str) -> str:
    """The reports in ``fmt`` (one of :data:`FORMATS`)."""
    return {"table": table, "csv": csv_text, "json": json_text}[fmt](reports)


#: the measures a figure shows unless told, where the reports have them
SHOWN = (
    "first_player_advantage",
    "fairness",
    "ties",
    "decisions",
    "order",
    "lead_changes",
    "drama",
    "decisiveness",
    "convergence",
)


def plot(reports: Sequence[Report], measures: Sequence[str] | None = None) -> Any:
    """A matplotlib figure: a panel a measure, each variant's value with its interval, and
    a last panel with the average trend of the first variant by final rank.  Needs matplotlib
    (``pip install cardlib-course[simulation]``); a :class:`ModuleNotFoundError` without it."""
    from matplotlib.figure import Figure

    shown = [m for m in (measures or SHOWN) if any(m in r.measures for r in reports)]
    panels = len(shown) + (1 if reports and reports[0].trends else 0)
    cols = min(3, max(1, panels))
    rows = max(1, -(-panels // cols))
    fig = Figure(figsize=(4 * cols, 2.6 * rows), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False).ravel()
    labels = [r.variant.label for r in reports]
    for ax, name in zip(axes, shown, strict=False):
        for i, r in enumerate(reports):
            m = r.measures.get(name)
            if m is None or math.isnan(m.value):
                continue
            low = 0.0 if math.isnan(m.low) else m.value - m.low
            high = 0.0 if math.isnan(m.high) else m.high - m.value
            ax.errorbar(
                [i], [m.value], yerr=[[max(0.0, low)], [max(0.0, high)]], fmt="o", capsize=4
            )
        ax.set_title(name, fontsize=9)
        ax.set_xticks(range(len(labels)), labels, rotation=30, ha="right", fontsize=7)
    if reports and reports[0].trends:
        ax = axes[len(shown)]
        for rank, values in reports[0].trends.items():
            ax.plot([10 * i for i in range(len(values))], values, label=f"rank {rank}")
        ax.set_title(f"average trend ({reports[0].variant.label})", fontsize=9)
        ax.set_xlabel("% of the game", fontsize=7)
        ax.set_ylabel(reports[0].standing, fontsize=7)
        ax.legend(fontsize=6)
    for ax in axes[panels:]:
        ax.set_visible(False)
    fig.suptitle(f"{reports[0].game if reports else ''}: 95% intervals", fontsize=10)
    return fig


def save(reports: Sequence[Report], path: str | Path, fmt: str | None = None) -> Path:
    """Write the reports to ``path``: a figure if its suffix is .png or .svg, else in
    ``fmt`` (default: by the suffix, .csv, .json, else the table), whole or not at all and
    never through a link (:func:`cardlib.files.replace`)."""
    from cardlib.files import replace

    path = Path(path)
    suffix = path.suffix.lower().lstrip(".")
    if suffix in FIGURES:
        figure = plot(reports)
        out = io.BytesIO()
        figure.savefig(
            out, format=suffix, **({"metadata": {"Date": None}} if suffix == "svg" else {})
        )
        data = out.getvalue()
    else:
        chosen = fmt or (suffix if suffix in ("csv", "json") else "table")
        data = text(reports, chosen).encode()
    replace(path, data)
    return path


__all__ = ["FIGURES", "FORMATS", "SHOWN", "csv_text", "json_text", "plot", "save", "table", "text"]
