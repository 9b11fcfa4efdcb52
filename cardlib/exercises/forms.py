"""The forms of an answer: how it is read, split into parts and marked.

A :class:`Form` turns a learner's answer into a :class:`Reading`: the answer in its normal
form and its **parts**, each a value to mark (a tuple's values, a dictionary's entries, the
cards of a list).  A part still ``None`` is :data:`BLANK`; a part that is not of the form
asked for is a :class:`Misread` (the message says which form).  An answer that is not of the
form at all (text where a tuple is asked) raises :class:`~cardlib.exercises.model.FormError`;
one that is still its placeholder raises :class:`~cardlib.exercises.model.Unanswered`.

The right answer is split the same way (:meth:`Form.split`); an answer scores the parts
that equal the right answer's.  Reading is lenient where the notation allows it: names and
keys in any case, or as an unambiguous beginning (``'ben'``, ``'pag'``), moves through the
game's own parser (``'replace tr'``), rule IDs and cards as the catalogue and the games read
them; a wrong form never costs a try.

The forms for one value: :class:`Number`, :class:`Truth`, :class:`Name`, :class:`RuleID`,
:class:`Verdict` ('legal' or the rule that refuses a move); for several: :class:`Tuple`
(named values), :class:`Table` (a dictionary over keys the variant gives) and
:class:`CardSet` (a list of cards, in any order).  A widget's answer is read by
:class:`~cardlib.exercises.answers.Played`, a YAML example's by its exercise.

>>> form = Tuple(("who wins", Name(lambda v: v)), ("the total", Number()))
>>> reading = form.read(("ana", 23), ("Ana", "Bo"))
>>> reading.value, reading.parts
(('Ana', 23), {'the first value (who wins)': 'Ana', 'the second value (the total)': 23})
>>> form.read(("Ana", None), ("Ana", "Bo")).blanks
['the second value (the total)']
>>> form.template(("Ana", "Bo")), form.literal(("Ana", 23), ("Ana", "Bo"))
('(None, None)', '("Ana", 23)')
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from cardlib.catalogue import rules
from cardlib.errors import CardlibError, RuleViolation
from cardlib.exercises.model import FormError, Unanswered

V = TypeVar("V")
LEGAL = "legal"
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


class _Blank:
    """A part of an answer still ``None`` (see :data:`BLANK`)."""

    def __repr__(self) -> str:
        return "BLANK"


#: a part of an answer that is still its placeholder
BLANK: Any = _Blank()


@dataclass(frozen=True)
class Misread:
    """A part of an answer that is not of the form asked for; ``message`` says which form."""

    message: str


@dataclass(frozen=True)
class Reading:
    """An answer read: ``value`` in its normal form (what an exercise's ``why`` is told),
    and ``parts``, each part's label and its value (or :data:`BLANK`, or a
    :class:`Misread`)."""

    value: Any
    parts: dict[str, Any]

    @property
    def blanks(self) -> list[str]:
        return [label for label, part in self.parts.items() if part is BLANK]

    @property
    def misread(self) -> list[Misread]:
        return [part for part in self.parts.values() if isinstance(part, Misread)]


def type_name(value: Any) -> str:
    """The form of ``value`` in words, as a learner would name it."""
    return {
        str: "text",
        int: "a whole number",
        bool: "True or False",
        float: "a decimal number",
        list: "a list",
        tuple: "a tuple",
        dict: "a dictionary",
        type(None): "None",
    }.get(type(value), f"a {type(value).__name__}")


Sized = (str, list, tuple, dict, set)


def placeholder(value: Any) -> None:
    """Raise :class:`Unanswered` if ``value`` is still a placeholder (None, ``...``, empty)."""
    if value is None or value is ... or (isinstance(value, Sized) and not len(value)):
        raise Unanswered("Replace the placeholder with your answer and run the cell again.")


def same(part: Any, right: Any) -> bool:
    """A part is right when it is the right value, of the same type (``True`` is not ``1``)."""
    if part is BLANK or part is None or isinstance(part, Misread):
        return False
    return type(part) is type(right) and bool(part == right)


def _blank(value: Any) -> bool:
    return value is None or value is ... or (isinstance(value, str) and not value.strip())


def _python(value: Any) -> str:
    """``value`` as a learner writes it in Python (double quotes, as the notebooks do)."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, tuple):
        inner = ", ".join(_python(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(_python(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_python(k)}: {_python(v)}" for k, v in value.items()) + "}"
    return repr(value)


class Form(Generic[V]):
    """How an answer of one form is read and marked, for a variant ``V`` of an exercise."""

    #: what the parts are called in the feedback ("2 of the 4 entries are right")
    noun: ClassVar[str] = "parts"
    #: the value a part missing from a reading counts as (a card left out of a list: False)
    absent: ClassVar[Any] = None

    def read(self, answer: Any, v: V) -> Reading:
        """``answer`` read; :class:`FormError` or :class:`Unanswered` if it cannot be."""
        raise NotImplementedError

    def rubric(self) -> str:
        """How an answer of this form is scored, in words (the teacher's rubric)."""
        raise NotImplementedError

    def split(self, right: Any, v: V) -> dict[str, Any]:
        """The right answer by part, labelled as :meth:`read` labels an answer's parts."""
        raise NotImplementedError

    def marks(self, reading: Reading, right: Any, v: V) -> dict[str, bool]:
        """Each part of ``reading`` (and of the right answer): right or not.  A part still
        blank, or misread, is never right; a part one side lacks counts as :attr:`absent`."""
        split = self.split(right, v)
        labels = [*split, *(label for label in reading.parts if label not in split)]
        return {
            label: same(reading.parts.get(label, self.absent), split.get(label, self.absent))
            for label in labels
        }

    def blank(self, v: V) -> Any:
        """The placeholder a learner replaces."""
        return None

    def template(self, v: V) -> str | None:
        """A blank answer as the learner writes it in Python, or None if there is none."""
        return None

    def literal(self, right: Any, v: V) -> str:
        """The right answer as a learner writes it (the teacher's answer key)."""
        return _python(right)

    def wrong(self, right: Any, v: V) -> Any:
        """An answer of the right form that is not right (to check that it scores less)."""
        raise NotImplementedError

    def given(self, right: Any, v: V) -> Any:
        """The right answer as a learner gives it: :meth:`literal` read back as Python."""
        return ast.literal_eval(self.literal(right, v))


# --------------------------------------------------------------------------- one value


class Value(Form[V]):
    """A form of one value: the answer is one part."""

    noun = "answer"
    label = "the answer"

    def rubric(self) -> str:
        return "one part: all or nothing"

    def normal(self, value: Any, v: V, what: str) -> Any:
        """``value`` in its normal form, or :class:`FormError` saying which form is asked."""
        raise NotImplementedError

    def other(self, right: Any, v: V) -> Any:
        """A value of this form that is not ``right``."""
        raise NotImplementedError

    def read(self, answer: Any, v: V) -> Reading:
        placeholder(answer)
        value = self.normal(answer, v, "the answer")
        return Reading(value, {self.label: value})

    def split(self, right: Any, v: V) -> dict[str, Any]:
        return {self.label: right}

    def wrong(self, right: Any, v: V) -> Any:
        return self.other(right, v)


class Number(Value[V]):
    """A whole number (``20``, ``-100``); text or a decimal is the wrong form."""

    def normal(self, value: Any, v: V, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str) and value.strip().lstrip("+-−").isdigit():
                raise FormError(f"{what} is text, {value!r}; write the number without quotes.")
            raise FormError(f"{what} is {type_name(value)}, {value!r}, not a whole number.")
        return int(value)

    def other(self, right: Any, v: V) -> int:
        return int(right) + 1


class Truth(Value[V]):
    """``True`` or ``False``; the text ``'True'`` is the wrong form."""

    def normal(self, value: Any, v: V, what: str) -> bool:
        if not isinstance(value, bool):
            hint = " (without quotes)" if isinstance(value, str) else ""
            raise FormError(f"{what} is {type_name(value)}, {value!r}; write True or False{hint}.")
        return bool(value)

    def other(self, right: Any, v: V) -> bool:
        return not right


def _choose(text: str, options: Sequence[str]) -> str | None:
    """The option ``text`` names: the same in any case, or the one option it begins."""
    wanted = text.strip().casefold()
    if not wanted:
        return None
    same = [o for o in options if o.casefold() == wanted]
    if same:
        return same[0]
    begun = [o for o in options if o.casefold().startswith(wanted)]
    return begun[0] if len(begun) == 1 else None


@dataclass
class Name(Value[V]):
    """One of the names the variant gives (``names(v)``): a player, a seat, a rule set.
    Read in any case, or as the unambiguous beginning of one (``'ben'``, ``'N'``)."""

    names: Callable[[V], Sequence[str]]
    kind: str = "a name"

    def normal(self, value: Any, v: V, what: str) -> str:
        options = list(self.names(v))
        if not isinstance(value, str):
            raise FormError(f"{what} is {type_name(value)}, {value!r}, not {self.kind} in quotes.")
        chosen = _choose(value, options)
        if chosen is None:
            raise FormError(f"{what} is {value!r}, which is not one of {', '.join(options)}.")
        return chosen

    def other(self, right: Any, v: V) -> str:
        return next(n for n in self.names(v) if n != right)


class RuleID(Value[V]):
    """A rule ID of the catalogue, in any case (``'golf-deal'``)."""

    def normal(self, value: Any, v: V, what: str) -> str:
        if not isinstance(value, str):
            raise FormError(f"{what} is {type_name(value)}, {value!r}, not a rule ID in quotes.")
        text = value.strip().upper()
        if text not in rules:
            raise FormError(
                f"{what} is {value!r}, which is not a rule ID (they look like {next(iter(rules))})."
            )
        return text

    def other(self, right: Any, v: V) -> str:
        return next(r for r in rules if r != right)


class Verdict(Value[V]):
    """A move's verdict: ``'legal'``, or the ID of the rule that refuses it."""

    def normal(self, value: Any, v: V, what: str) -> str:
        if isinstance(value, str) and value.strip().lower() == LEGAL:
            return LEGAL
        try:
            return RuleID[V]().normal(value, v, what)
        except FormError:
            raise FormError(
                f"{what} is {value!r}; write 'legal', or the ID of the rule that refuses the move."
            ) from None

    def other(self, right: Any, v: V) -> str:
        return next(iter(rules)) if right == LEGAL else LEGAL


# --------------------------------------------------------------------------- several values


class Tuple(Form[V]):
    """Several values in a tuple, each a part: ``Tuple(("who wins", Name(...)), ("the
    total", Number()))``.  A list of the right length is read as the tuple."""

    noun = "values"

    def __init__(self, *parts: tuple[str, Value[V]]) -> None:
        self.parts = parts

    def rubric(self) -> str:
        return f"{len(self.parts)} parts, one per value: {'; '.join(w for w, _f in self.parts)}"

    def labels(self) -> list[str]:
        return [f"the {_ORDINALS[i]} value ({what})" for i, (what, _f) in enumerate(self.parts)]

    def read(self, answer: Any, v: V) -> Reading:
        placeholder(answer)
        n = len(self.parts)
        if not isinstance(answer, tuple | list) or len(answer) != n:
            raise FormError(f"the answer is {type_name(answer)}, {answer!r}, not {n} values.")
        if all(_blank(x) for x in answer):
            raise Unanswered("The values are still None.")
        read: dict[str, Any] = {}
        for label, (_what, form), x in zip(self.labels(), self.parts, answer, strict=True):
            if _blank(x):
                read[label] = BLANK
                continue
            try:
                read[label] = form.normal(x, v, label)
            except FormError as why:
                read[label] = Misread(str(why))
        return Reading(tuple(read.values()), read)

    def split(self, right: Any, v: V) -> dict[str, Any]:
        return dict(zip(self.labels(), right, strict=True))

    def template(self, v: V) -> str:
        return "(" + ", ".join("None" for _p in self.parts) + ")"

    def wrong(self, right: Any, v: V) -> Any:
        return (self.parts[0][1].other(right[0], v), *right[1:])


@dataclass(frozen=True)
class Keys:
    """How a dictionary's keys are matched to the keys asked for: as text in any case or an
    unambiguous beginning (:data:`TEXT`), or as moves through the game's own parser
    (:meth:`moves`), compared in any case."""

    parse: Callable[[str], Any] | None = None
    prefixes: bool = True

    @classmethod
    def moves(cls, parse: Callable[[str], Any]) -> Keys:
        return cls(parse=parse, prefixes=False)

    def _normal(self, text: str) -> str:
        if self.parse is not None:
            try:
                return str(self.parse(text)).casefold()
            except (CardlibError, TypeError, ValueError, AttributeError):
                pass
        return " ".join(text.split()).casefold()

    def match(self, given: Any, asked: Sequence[str]) -> str | None:
        """The key of ``asked`` that ``given`` names, or None."""
        if not isinstance(given, str):
            return None
        normal = self._normal(given)
        same = [k for k in asked if self._normal(k) == normal]
        if same:
            return same[0]
        return _choose(given, asked) if self.prefixes else None


TEXT = Keys()


@dataclass
class Table(Form[V]):
    """A dictionary from each key the variant asks about (``keys(v)``: the moves, the rule
    sets...) to a value of ``value``'s form; each entry is a part.  ``key`` matches the
    keys written to those asked (:data:`TEXT`, or :meth:`Keys.moves`)."""

    keys: Callable[[V], Sequence[str]]
    value: Value[V]
    key: Keys = field(default=TEXT)
    noun: ClassVar[str] = "entries"

    def rubric(self) -> str:
        return "one part per entry of the dictionary"

    def read(self, answer: Any, v: V) -> Reading:
        placeholder(answer)
        asked = list(self.keys(v))
        if not isinstance(answer, Mapping):
            raise FormError(
                f"the answer is {type_name(answer)}, {answer!r}, not a dictionary {{...}}."
            )
        named: dict[str, Any] = {}
        extra, twice = [], []
        for given, x in answer.items():
            key = self.key.match(given, asked)
            if key is None:
                extra.append(given)
            elif key in named:
                twice.append(key)
            else:
                named[key] = x
        missing = [k for k in asked if k not in named]
        if missing or extra or twice:
            said = (
                ([f"missing {', '.join(map(repr, missing))}"] if missing else [])
                + ([f"not asked about: {', '.join(map(repr, extra))}"] if extra else [])
                + ([f"given twice: {', '.join(map(repr, twice))}"] if twice else [])
            )
            raise FormError(
                f"the dictionary's keys are not the ones asked for ({'; '.join(said)})."
            )
        if all(_blank(named[k]) for k in asked):
            raise Unanswered("The entries are still None.")
        read: dict[str, Any] = {}
        for k in asked:
            if _blank(named[k]):
                read[k] = BLANK
                continue
            try:
                read[k] = self.value.normal(named[k], v, f"the entry for {k!r}")
            except FormError as why:
                read[k] = Misread(str(why))
        return Reading(dict(read), read)

    def split(self, right: Any, v: V) -> dict[str, Any]:
        return dict(right)

    def template(self, v: V) -> str:
        return "{" + ", ".join(f"{_python(k)}: None" for k in self.keys(v)) + "}"

    def wrong(self, right: Any, v: V) -> Any:
        first = next(iter(right))
        return {**right, first: self.value.other(right[first], v)}


@dataclass
class CardSet(Form[V]):
    """A list of cards in any order (``['R6', 'Rook']``), each read by ``parse`` (a game's
    card parser, which reads the notations the game reads); ``of(v)`` is the cards the
    question offers (a hand).  Each card named, in the answer or in the right one, is a
    part: right when both have it (so the score is the right cards over all those named)."""

    parse: Callable[[str], Any]
    of: Callable[[V], Sequence[str]]
    noun: ClassVar[str] = "cards named in your list or in the right one"
    absent: ClassVar[Any] = False

    def rubric(self) -> str:
        return (
            "one part per card named in the answer or in the right one: the cards both name, "
            "over all the cards either names"
        )

    def read(self, answer: Any, v: V) -> Reading:
        placeholder(answer)
        if isinstance(answer, str) or not isinstance(answer, list | tuple | set):
            raise FormError(f"the answer is {type_name(answer)}, {answer!r}, not a list of cards.")
        cards = []
        for item in answer:
            try:
                cards.append(str(self.parse(item)))
            except (CardlibError, TypeError, AttributeError, ValueError):
                raise FormError(
                    f"{item!r} is not a card (write them as the question does)."
                ) from None
        named = sorted(set(cards))
        return Reading(tuple(named), dict.fromkeys(named, True))

    def split(self, right: Any, v: V) -> dict[str, Any]:
        return dict.fromkeys(right, True)

    def blank(self, v: V) -> Any:
        return []

    def template(self, v: V) -> str:
        return "[]"

    def literal(self, right: Any, v: V) -> str:
        return _python(list(right))

    def wrong(self, right: Any, v: V) -> Any:
        if len(right) > 1:
            return list(right[1:])
        return [*right, next(c for c in self.of(v) if c not in right)]


# --------------------------------------------------------------------------- helpers


def classify(game: Any, moves: Sequence[str]) -> dict[str, str]:
    """For each move: ``'legal'``, or the ID of the rule that refuses it (asked of the engine,
    on a copy of ``game``)."""
    verdicts = {}
    for move in moves:
        try:
            game.copy().play(move)
            verdicts[move] = LEGAL
        except RuleViolation as refusal:
            verdicts[move] = refusal.rule
    return verdicts
