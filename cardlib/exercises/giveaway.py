"""What a text gives away of an answer: the values an answer is made of (:func:`atoms`), and
whether a text states one of them (:meth:`Atom.said_in`).

A value is stated when it is written in the text as a whole token, in one of the ways the
course writes that kind of value: a number as digits (``20``, ``-2``, ``−2``, ``minus 2``) or,
from two to twelve, as a word (``three``); a card in notation or with its suit symbol
(``QS``, ``♠Q``, ``Q♠``); a name, a rule ID or a move as written (``Ben``, ``GOLF-DRAW``,
``replace TR``).  ``True``, ``False`` and ``'legal'`` are never counted: a two-way verdict
is not a value a text can be said to give.

The hints use it to leave out of a rule's text any sentence that states a value of the
answer (:func:`without`); the answer key's checks use it on the hints and the notebooks.

>>> sorted(str(a) for a in atoms(("Ben", 20, True)))
['20', 'Ben']
>>> Atom(20).said_in("a jack over a queen scores 20."), Atom(2).said_in("two minus 2")
(True, True)
>>> Atom(-2).said_in("two minus 2"), Atom(2).said_in("the 2S and 12")
(True, False)
>>> without("Ace 1, two minus 2. King 0. Suits never matter.", atoms(0))
('Ace 1, two minus 2. Suits never matter.', 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

#: the numbers the course also writes as words ("three players")
NUMBER_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
    12: "twelve",
}
_CARD = re.compile(r"(?:10|[2-9JQKA])[SHDC]")
#: what may not touch a token on either side: letters, digits, and the joins of IDs and
#: decimals (``gf0-1-2``, ``GOLF-DEAL``, ``2.5``)
_EDGE = r"[\w\-−.]"
_NEVER = ("legal",)


@dataclass(frozen=True)
class Atom:
    """One value of an answer: a whole number or a piece of text (a name, a card, a rule ID,
    a move)."""

    value: int | str

    def __str__(self) -> str:
        return str(self.value)

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        spellings: list[str] = []
        if isinstance(self.value, int):
            n = self.value
            if n < 0:
                spellings += [f"-{-n}", f"−{-n}", f"minus {-n}"]
            else:
                spellings.append(str(n))
                if n in NUMBER_WORDS:
                    spellings += [NUMBER_WORDS[n], NUMBER_WORDS[n].capitalize()]
            body = "|".join(re.escape(s) for s in spellings)
            # a plain number never counts when a minus sign stands before it
            before = rf"(?<!{_EDGE})(?<!minus )(?<![-−] )" if n >= 0 else rf"(?<!{_EDGE})"
            return re.compile(rf"{before}(?:{body})(?!{_EDGE}\w|[\w])")
        text = self.value
        spellings.append(text)
        if _CARD.fullmatch(text):
            from cardlib.cards import Card

            card = Card.parse(text)
            spellings += [card.unicode, card.unicode[1:] + card.unicode[0]]
        body = "|".join(re.escape(s) for s in spellings)
        return re.compile(rf"(?<![\w\-])(?:{body})(?![\w\-])")

    def said_in(self, text: str) -> bool:
        """True if ``text`` states this value (see the module's text)."""
        return bool(self._pattern.search(text))


def atoms(value: Any) -> set[Atom]:
    """The values ``value`` is made of: the numbers and pieces of text of a number, a text,
    a tuple, a list, a set or a dictionary's values (``True``, ``False`` and ``'legal'`` left
    out)."""
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, int):
        return {Atom(int(value))}
    if isinstance(value, str):
        return set() if value.strip().lower() in _NEVER or not value.strip() else {Atom(value)}
    if isinstance(value, Mapping):
        return _union(atoms(v) for v in value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return _union(atoms(v) for v in value)
    return set()


def _union(sets: Iterable[set[Atom]]) -> set[Atom]:
    found: set[Atom] = set()
    for s in sets:
        found |= s
    return found


def stated(text: str, values: Iterable[Atom]) -> list[Atom]:
    """The values of ``values`` that ``text`` states."""
    return [a for a in values if a.said_in(text)]


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences (after a full stop, a question or an exclamation mark)."""
    return [s for s in _SENTENCE_END.split(text.strip()) if s]


def without(text: str, values: Iterable[Atom]) -> tuple[str, int]:
    """``text`` without the sentences that state any of ``values``, and how many were left out."""
    values = list(values)
    kept = [s for s in sentences(text) if not stated(s, values)]
    return " ".join(kept), len(sentences(text)) - len(kept)
