"""The forms of an answer: readers that turn a learner's answer into its normal form, or say
plainly which form is asked for (:class:`~cardlib.exercises.model.FormError`) or that the
placeholder is still there (:class:`~cardlib.exercises.model.Unanswered`); and
:func:`classify`, which asks an engine about each move of a classify exercise."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardlib.catalogue import rules
from cardlib.errors import RuleViolation
from cardlib.exercises.model import FormError, Unanswered

LEGAL = "legal"


def type_name(value: Any) -> str:
    """The form of ``value`` in words, as a learner would name it."""
    return {
        str: "text",
        int: "a whole number",
        bool: "True or False",
        float: "a decimal number",
    }.get(type(value), f"a {type(value).__name__}")


def placeholder(value: Any) -> None:
    """Raise :class:`Unanswered` if ``value`` is still a placeholder (None, ``...``, empty)."""
    if value is None or value is ... or (isinstance(value, Sized) and not len(value)):
        raise Unanswered("Replace the placeholder with your answer and run the cell again.")


Sized = (str, list, tuple, dict, set)


def as_int(value: Any, what: str = "the answer") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().lstrip("+-−").isdigit():
            raise FormError(f"{what} is text, {value!r}; write the number without quotes.")
        raise FormError(f"{what} is {type_name(value)}, {value!r}, not a whole number.")
    return value


def as_bool(value: Any, what: str = "the answer") -> bool:
    if not isinstance(value, bool):
        hint = " (without quotes)" if isinstance(value, str) else ""
        raise FormError(f"{what} is {type_name(value)}, {value!r}; write True or False{hint}.")
    return value


def as_name(value: Any, names: Sequence[str], what: str = "the answer") -> str:
    if not isinstance(value, str):
        raise FormError(f"{what} is {type_name(value)}, {value!r}, not a name in quotes.")
    if value not in names:
        raise FormError(f"{what} is {value!r}, which is not one of {', '.join(names)}.")
    return value


def as_rule(value: Any, what: str = "the answer") -> str:
    if not isinstance(value, str):
        raise FormError(f"{what} is {type_name(value)}, {value!r}, not a rule ID in quotes.")
    text = value.strip().upper()
    if text not in rules:
        raise FormError(
            f"{what} is {value!r}, which is not a rule ID (they look like GOLF-COLUMN)."
        )
    return text


def as_tuple(value: Any, *parts: Callable[[Any], Any]) -> tuple[Any, ...]:
    placeholder(value)
    if not isinstance(value, tuple | list) or len(value) != len(parts):
        raise FormError(f"the answer is {type_name(value)}, {value!r}, not {len(parts)} values.")
    if any(v is None for v in value):
        raise Unanswered("Some of the values are still None.")
    return tuple(read(v) for read, v in zip(parts, value, strict=True))


def as_table(value: Any, keys: Sequence[str], read: Callable[[Any, str], Any]) -> dict[str, Any]:
    placeholder(value)
    if not isinstance(value, Mapping):
        raise FormError(f"the answer is {type_name(value)}, {value!r}, not a dictionary {{...}}.")
    if any(v is None or v == "" for v in value.values()):
        raise Unanswered("Some of the entries are still None.")
    missing = [k for k in keys if k not in value]
    extra = [k for k in value if k not in keys]
    if missing or extra:
        parts = ([f"missing {', '.join(map(repr, missing))}"] if missing else []) + (
            [f"not asked about: {', '.join(map(repr, extra))}"] if extra else []
        )
        raise FormError(f"the dictionary's keys are not the ones asked for ({'; '.join(parts)}).")
    return {k: read(value[k], f"the entry for {k!r}") for k in keys}


def legal_or_rule(value: Any, what: str) -> str:
    if isinstance(value, str) and value.strip().lower() == LEGAL:
        return LEGAL
    try:
        return as_rule(value, what)
    except FormError:
        raise FormError(
            f"{what} is {value!r}; write 'legal', or the ID of the rule that refuses the move."
        ) from None


def wrong_keys(answer: Mapping[str, Any], right: Mapping[str, Any]) -> str:
    """Which entries of a dictionary answer to look at again (never their right values)."""
    wrong = [k for k in right if answer[k] != right[k]]
    return f"{len(right) - len(wrong)} of {len(right)} right; look again at {', '.join(wrong)}."


def classify(game: Any, moves: Sequence[str]) -> dict[str, str]:
    """For each move: ``'legal'``, or the ID of the rule that refuses it (asked of the engine)."""
    verdicts = {}
    for move in moves:
        try:
            game.copy().play(move)
            verdicts[move] = LEGAL
        except RuleViolation as refusal:
            verdicts[move] = refusal.rule
    return verdicts
