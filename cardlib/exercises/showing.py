"""An exercise as it is asked of the current student: :func:`show` (its title, the question
of the student's variant and the form of an answer) and :func:`variant` (the variant's
data, what the question says: never the answer)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from cardlib.exercises.model import keys, lookup, variant_of
from cardlib.exercises.students import DEFAULT_STUDENT, student, where_from

_CODE = re.compile(r"`([^`]*)`")
_STRONG = re.compile(r"\*\*([^*]+)\*\*")
_FENCE = re.compile(r"```\w*\n(.*?)```\n?", re.S)


def _plain(text: str) -> str:
    """Markdown as plain text: code blocks as they are, inline marks dropped."""
    out, at = [], 0
    for block in _FENCE.finditer(text):
        out.append(_STRONG.sub(r"\1", _CODE.sub(r"\1", text[at : block.start()])))
        out.append(block.group(1))
        at = block.end()
    out.append(_STRONG.sub(r"\1", _CODE.sub(r"\1", text[at:])))
    return "".join(out).strip()


def _html(text: str) -> str:
    """The little Markdown the questions use as HTML: paragraphs, code blocks, `code`, **bold**."""

    def inline(words: str) -> str:
        words = html.escape(words, quote=False)
        return _CODE.sub(r"<code>\1</code>", _STRONG.sub(r"<b>\1</b>", words))

    out, at = [], 0
    for block in _FENCE.finditer(text):
        out += [
            f"<p>{inline(p.strip())}</p>"
            for p in text[at : block.start()].split("\n\n")
            if p.strip()
        ]
        out.append(f"<pre><code>{html.escape(block.group(1), quote=False)}</code></pre>")
        at = block.end()
    out += [f"<p>{inline(p.strip())}</p>" for p in text[at:].split("\n\n") if p.strip()]
    return "".join(out)


@dataclass(frozen=True)
class Question:
    """One exercise as one student is asked it: shown as Markdown or HTML in a notebook,
    as plain text elsewhere (``str``)."""

    exercise: str
    kind: str
    title: str
    text: str  # Markdown: `code` for notation, **bold**
    form: str
    template: str | None
    points: float
    student: str
    whose: str

    def _who(self) -> str:
        if self.student == DEFAULT_STUDENT:
            return f"the variant of student {self.student!r} ({self.whose})"
        return f"student {self.student!r}'s variant ({self.whose})"

    def __str__(self) -> str:
        lines = [
            f"Exercise {self.exercise} ({self.kind}, {_points(self.points)}): {self.title}",
            _plain(self.text),
            f"Your answer: {self.form}.",
        ]
        if self.template:
            lines.append(f"Start from: {self.template}")
        lines.append(f"This is {self._who()}.")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_markdown_(self) -> str:
        parts = [
            f"**Exercise {self.exercise}** ({self.kind}, {_points(self.points)}): **{self.title}**",
            self.text,
            f"*Your answer:* {self.form}.",
        ]
        if self.template:
            parts.append(f"Start from `{self.template}`.")
        parts.append(f"*This is {self._who()}.*")
        return "\n\n".join(parts)

    def _repr_html_(self) -> str:
        rows = [
            f"<p><b>Exercise {html.escape(self.exercise)}</b> ({html.escape(self.kind)}, "
            f"{_points(self.points)}): <b>{html.escape(self.title)}</b></p>",
            _html(self.text),
            f"<p><i>Your answer:</i> {html.escape(self.form)}.</p>",
        ]
        if self.template:
            rows.append(f"<p>Start from <code>{html.escape(self.template)}</code>.</p>")
        rows.append(f"<p><i>This is {html.escape(self._who())}.</i></p>")
        return f"<div class='cardlib-question'>{''.join(rows)}</div>"


def _points(points: float) -> str:
    return f"{points:g} point" + ("" if points == 1 else "s")


def question(exercise_id: str, student_id: str | None = None) -> Question:
    """``exercise_id`` as ``student_id`` (default: the current student) is asked it."""
    e = lookup(exercise_id)
    key = keys()[e.id]
    who = student_id or student()
    v = variant_of(e.id, who)
    return Question(
        e.id,
        e.kind,
        e.title,
        key.question(v),
        e.form,
        key.answer.template(v),
        e.points,
        who,
        where_from() if student_id is None else "as asked",
    )


def show(exercise_id: str) -> Question:
    """The exercise ``exercise_id`` as the current student is asked it: its title, the
    question of the student's variant and the form of an answer (a notebook shows it as
    Markdown; ``print`` gives plain text)."""
    return question(exercise_id)


def variant(exercise_id: str) -> Any:
    """The data of the current student's variant of ``exercise_id``: what its question says
    (the layout, the hands, the moves asked about), never the answer."""
    lookup(exercise_id)
    return variant_of(exercise_id, student())
