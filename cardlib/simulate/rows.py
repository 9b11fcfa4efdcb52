"""A simulated game's row, and rows written as CSV or JSON Lines."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from json import dumps
from typing import Any

from cardlib import arguments
from cardlib.errors import NotationError


@dataclass(frozen=True, slots=True)
class Row:
    """One simulated game.

    ``seed`` replays it (the engine's seed; the bots draw from ``random.Random(seed + 1)``),
    ``seats`` are the players in seat order and ``bots`` who played them, ``first`` who
    moved first, ``decisions`` the moves the bots chose, ``scores`` the result per player
    (Golf: points, lower is better; Go Fish: books; Rook: the team's points), ``teams`` the
    result per team (Rook), ``winners`` (several on a tie; none when capped).  ``record``
    holds what the game records: Go Fish's books, Golf's column scores, Rook's contract
    and counters.  ``history`` is None unless the simulation asked for it (``history=True``):
    then the game's course, ``{"movers": "0120...", "choices": [...], "standing": [...]}``,
    the seat (its place in ``seats``, a digit) that made each decision, the number of legal
    moves it had, and each seat's standing after the decisions that changed it
    (``[decision, standing of seat 0, of seat 1, ...]``, from decision 0, the deal), and in
    a partnership game ``"sides"``, each seat's side (Rook: ``[0, 1, 0, 1]``).
    """

    index: int
    seed: int
    game: str
    rule_set: str
    seats: tuple[str, ...]
    bots: tuple[str, ...]
    first: str
    decisions: int
    capped: bool
    winners: tuple[str, ...]
    scores: dict[str, int]
    teams: dict[str, int] = field(default_factory=dict)
    record: dict[str, Any] = field(default_factory=dict)
    history: dict[str, Any] | None = None

    def __reduce__(self) -> tuple[type[Row], tuple[Any, ...]]:
        # pickled as its fields, without their names: half the time to unpickle, which a
        # simulation in worker processes does for every row in the one process reading them
        return Row, tuple(getattr(self, name) for name in self.__slots__)

    def as_dict(self) -> dict[str, Any]:
        """The row as plain JSON values (tuples become lists); ``history`` only when kept."""
        out = {
            "index": self.index,
            "seed": self.seed,
            "game": self.game,
            "rule_set": self.rule_set,
            "seats": list(self.seats),
            "bots": list(self.bots),
            "first": self.first,
            "decisions": self.decisions,
            "capped": self.capped,
            "winners": list(self.winners),
            "scores": dict(self.scores),
            "teams": dict(self.teams),
            "record": dict(self.record),
        }
        if self.history is not None:
            out["history"] = dict(self.history)
        return out

    def flat(self) -> dict[str, Any]:
        """The row as one level of columns, for CSV: ``scores.Ann``, ``record.books.Ann``;
        a list is written as a JSON list (``["Mei Lin","Ben"]``), so a name with a space in it
        is one name, whatever the names: ``json.loads`` reads it back."""
        out: dict[str, Any] = {}

        def put(key: str, value: Any) -> None:
            if isinstance(value, Mapping):
                for k, v in value.items():
                    put(f"{key}.{k}", v)
            elif isinstance(value, list | tuple):
                out[key] = dumps(list(value), ensure_ascii=False, separators=(",", ":"))
            else:
                out[key] = value

        for key, value in self.as_dict().items():
            put(key, value)
        return out


def _rows(rows: Sequence[Any]) -> Sequence[Row]:
    for row in rows:
        _row(row)
    return rows


def _row(row: object) -> Row:
    if not isinstance(row, Row):
        raise NotationError(f"each of rows must be a simulation's Row, not {arguments.shown(row)}")
    return row


class Writer:
    """Rows written as CSV (the columns of the first row: every row of a simulation has the
    same) or JSON Lines, as they come."""

    def __init__(self, out: Any, fmt: str) -> None:
        self.out, self.fmt = out, fmt
        self.csv: Any = None

    def write(self, rows: Iterable[Row]) -> None:
        if self.fmt == "jsonl":
            self.out.write(
                "".join(dumps(_row(r).as_dict(), ensure_ascii=False) + "\n" for r in rows)
            )
            return
        for row in rows:
            flat = _row(row).flat()
            if self.csv is None:
                import csv

                self.csv = csv.DictWriter(self.out, list(flat), lineterminator="\n")
                self.csv.writeheader()
            self.csv.writerow(flat)  # a column the first row lacks is a ValueError


def write_rows(rows: Iterable[Row], out: Any, fmt: str = "csv") -> None:
    """Write rows as CSV (one flat column a value, see :meth:`Row.flat`) or JSON Lines.

    A list's CSV has every column of any of its rows; rows from an iterator (such as
    :func:`stream`) are written as they come, under the first row's columns.  ``out`` is a
    text file (anything with a ``write`` method); a value that is not a row is refused when
    it comes (the rows before it are written)."""
    if fmt not in ("csv", "jsonl"):
        raise NotationError(f"fmt must be 'csv' or 'jsonl', not {arguments.shown(fmt)}")
    if not callable(getattr(out, "write", None)):
        raise NotationError(f"out must be a text file to write to, not {arguments.shown(out)}")
    if isinstance(rows, str | bytes | Mapping) or not isinstance(rows, Iterable):
        raise NotationError(f"rows must be a list of rows, not {arguments.shown(rows)}")
    rows = rows if not isinstance(rows, Sequence) else _rows(rows)
    if fmt == "csv" and isinstance(rows, Sequence):
        import csv

        if not rows:  # no games, no columns: nothing to write
            return
        flat = [row.flat() for row in rows]
        columns = list(dict.fromkeys(k for f in flat for k in f))
        writer = csv.DictWriter(out, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(flat)
        return
    Writer(out, fmt).write(rows)
