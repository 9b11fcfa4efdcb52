"""A *table of verdicts*: the shape of a classify exercise whose variant is a few cases (tables
about to deal, moments of a hand, groups sitting down), each judged by an engine.

Each case says itself (:meth:`Case.said`) and gives the engine's verdict (:meth:`Case.verdict`:
``'legal'`` or the ID of the rule that refuses, and the engine's words).  The exercise asks
one :class:`~cardlib.exercises.forms.Verdict` per case, keyed by the case's label; the right
answer and its explanation are the engine's verdicts, never worked out here.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Case:
...     label: str
...     def said(self) -> str:
...         return f"{self.label}: two players"
...     def verdict(self) -> tuple[str, str]:
...         return "legal", "two may play"
>>> cases = Verdicts(lambda v: v)
>>> variant = (Case("A"), Case("B"))
>>> print(cases.question("May each table play?")(variant))
May each table play?
<BLANKLINE>
* A: two players
* B: two players
>>> cases.solve(variant)
{'A': 'legal', 'B': 'legal'}
>>> cases.why(variant, cases.solve(variant))
'The engine says A: legal (two may play); B: legal (two may play).'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from cardlib.exercises.forms import Table, Verdict

V = TypeVar("V")


class Case(Protocol):
    """One case of the table: its label (``"A"``), what it is, and the engine's verdict."""

    @property
    def label(self) -> str: ...

    def said(self) -> str:
        """The case as the question puts it (one bullet)."""
        ...

    def verdict(self) -> tuple[str, str]:
        """``('legal' or the refusing rule's ID, the engine's words)``."""
        ...


@dataclass(frozen=True)
class Verdicts(Generic[V]):
    """The question, answer form, right answer and explanation of a table of verdicts over
    the cases ``cases(v)`` of a variant ``v``; ``engine`` names who judged them (``"The
    engines say"`` when the cases are of several games)."""

    cases: Callable[[V], Sequence[Case]]
    engine: str = "The engine says"

    def question(self, intro: str) -> Callable[[V], str]:
        """``intro``, then one bullet per case."""
        return lambda v: intro + "\n\n" + "\n".join(f"* {c.said()}" for c in self.cases(v))

    def answer(self) -> Table[V]:
        """A dictionary from each case's label to ``'legal'`` or a rule ID."""
        return Table(lambda v: [c.label for c in self.cases(v)], Verdict())

    def solve(self, v: V) -> dict[str, str]:
        """The engine's verdict on each case."""
        return {c.label: c.verdict()[0] for c in self.cases(v)}

    def why(self, v: V, right: dict[str, str]) -> str:
        """The engine's verdicts with its words."""
        said = "; ".join(f"{c.label}: {right[c.label]} ({c.verdict()[1]})" for c in self.cases(v))
        return f"{self.engine} {said}."
