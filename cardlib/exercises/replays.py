"""The worked examples of a game replayed by the checker, as a compact table (what a game's
notebook shows with ``replay_table(game)``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardlib.games import known_game


class ReplayTable:
    """The worked examples of one game, checked: example, what it shows, claims, result."""

    def __init__(self, game: str) -> None:
        from cardlib.check import check_paths, shipped_examples

        self.game = known_game(game)
        self.reports = check_paths([shipped_examples(game)])
        self.rows = [
            (
                Path(r.path).stem
                + (
                    f" #{i}"
                    if sum(Path(o.path).stem == Path(r.path).stem for o in self.reports) > 1
                    else ""
                ),
                r.title,
                r.claims,
                "passed" if r.passed else f"{len(r.problems)} problem(s)",
            )
            for i, r in _numbered(self.reports)
        ]

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.reports)

    def __repr__(self) -> str:
        width = max(len(row[0]) for row in self.rows)
        lines = [f"{'example':<{width}}  claims  result  what it shows"]
        lines += [f"{a:<{width}}  {c:>6}  {d:<6}  {b}" for a, b, c, d in self.rows]
        total = sum(row[2] for row in self.rows)
        lines.append(f"{len(self.rows)} examples, {total} claims checked")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        body = "".join(
            f"<tr><td><code>{html.escape(a)}</code></td><td>{html.escape(b)}</td>"
            f"<td style='text-align:right'>{c}</td><td>{html.escape(d)}</td></tr>"
            for a, b, c, d in self.rows
        )
        return (
            "<table class='cardlib-replays'><thead><tr><th>example</th><th>what it shows</th>"
            f"<th>claims checked</th><th>result</th></tr></thead><tbody>{body}</tbody></table>"
        )


def _numbered(reports: Sequence[Any]) -> list[tuple[int, Any]]:
    seen: dict[str, int] = {}
    out = []
    for r in reports:
        seen[r.path] = seen.get(r.path, 0) + 1
        out.append((seen[r.path], r))
    return out


def replay_table(game: str) -> ReplayTable:
    """Every worked example of ``game`` replayed by the checker, as a compact table."""
    return ReplayTable(game)
