"""The exercises of start-here.ipynb: predicting the checker's verdict on a worked example,
and writing one that it passes.  They are about Six Card Golf, the game the notebook checks
an example of."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlib.cards import Card, standard_deck
from cardlib.errors import CardlibError
from cardlib.exercises.drawing import names, said
from cardlib.exercises.forms import Form, Number, Reading, RuleID, Tuple, placeholder, type_name
from cardlib.exercises.model import Chapter, FormError, Unanswered

EXERCISES = Chapter("start-here.ipynb")


def check_text(text: str, name: str = "my-example.yaml") -> list[Any]:
    """The checker's reports on ``text``, written to a file of that name in a folder of its own."""
    from cardlib.check import check_file

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        return check_file(path, display=name)


def _where_said(problem: Any) -> str:
    """A problem of the checker without a file name: the learner never made the file."""
    return f"line {problem.line}, column {problem.column}: {problem.rule} {problem.message}"


# --------------------------------------------------------------------------- sh-1


@dataclass(frozen=True)
class DealClaim:
    """A worked example that deals a golf hand, plays ``turns`` turns of drawing from the
    stock and throwing the card away, and claims the stock holds ``claimed`` cards."""

    players: tuple[str, ...]
    seed: int
    turns: int
    claimed: int

    @property
    def text(self) -> str:
        """The example, as the rule writer wrote it."""
        steps = [f"  - {p}: flip {place}" for p in self.players for place in ("TL", "TM")]
        for turn in range(self.turns):
            player = self.players[turn % len(self.players)]
            steps += [f"  - {player}: draw", f"  - {player}: discard"]
        return (
            "example: A deal, and the stock counted\n"
            "source: a rule writer's example\n"
            "game: golf\n"
            f"players: [{', '.join(self.players)}]\n"
            f"dealer: {self.players[-1]}\n"
            "setup:\n"
            f"  deal: {{seed: {self.seed}}}\n"
            "steps:\n" + "\n".join(steps) + f"\n  - expect: {{stock: {self.claimed}}}\n"
        )

    def facts(self) -> tuple[int, ...]:
        """What decides the answer, as the question says it: how many players are dealt in,
        and how many turns draw from the stock (if any)."""
        return (len(self.players), self.turns) if self.turns else (len(self.players),)

    def position(self) -> Any:
        """The game the example plays, up to its claim."""
        from cardlib.golf import GolfGame

        game = GolfGame(list(self.players), dealer=self.players[-1], seed=self.seed)
        for line in self.text.splitlines():
            words = line.strip().removeprefix("- ").split(": ", 1)
            if len(words) == 2 and words[0] in self.players:
                game.play(words[1], player=words[0])
        return game


def _draw_deal_claim(rng: random.Random) -> DealClaim:
    """Two to four players and up to two turns; never three players and no turn, the count
    the rule's own text gives (33)."""
    while True:
        n, turns = rng.randint(2, 4), rng.randint(0, 2)
        if (n, turns) != (3, 0):
            break
    players = names(rng, n)
    right = 52 - 6 * n - 1 - turns
    claimed = right + rng.choice([-3, -2, -1, 1, 2, 3])
    return DealClaim(players, rng.randint(1, 999), turns, claimed)


def _first_problem(v: DealClaim) -> Any:
    return next(p for r in check_text(v.text) for p in r.problems)


EXERCISES.define(
    id="sh-1",
    kind="predict",
    title="Predict what the checker says",
    form="two values in a tuple: (a rule ID in quotes, a whole number)",
    rules=("GOLF-DEAL",),
    where="'The rule catalogue' and 'Checking your own worked example' in start-here.ipynb",
    nudge="The checker names the rule that says how many cards the stock keeps. How many "
    "cards does the deal take out of the pack, and does a draw take one more?",
    draw=_draw_deal_claim,
    question=lambda v: (
        f"A rule writer's worked example deals a hand to {len(v.players)} players"
        + (
            f", and then plays {v.turns} turn{'s' if v.turns > 1 else ''} of drawing from the stock"
            if v.turns
            else ""
        )
        + ":\n\n```yaml\n"
        + v.text
        + "```\n\n"
        f"`cardlib check` says its claim `stock: {v.claimed}` is wrong. Which rule ID does it "
        "name, and what number does it say the rules give?"
    ),
    answer=Tuple(("the rule the checker names", RuleID()), ("the number the rules give", Number())),
    solve=lambda v: (_first_problem(v).rule, int(v.position().stock_size)),
    why=lambda v, _right: "The checker says, at " + _where_said(_first_problem(v)) + ".",
)


# --------------------------------------------------------------------------- sh-2

_TEMPLATE_MARK = "???"
_PLACES = ("TL", "TM", "TR", "BL", "BM", "BR")


@dataclass(frozen=True)
class TwoLayouts:
    """Two players' layouts, six cards each (top row, then bottom row)."""

    players: tuple[str, str]
    layouts: tuple[tuple[str, ...], tuple[str, ...]]

    def position(self) -> Any:
        """The two layouts, all face up, as a game."""
        from cardlib.golf import GolfGame, Position

        return GolfGame.from_position(
            list(self.players),
            {
                p: {Position(i): (Card.parse(c), True) for i, c in enumerate(cards)}
                for p, cards in zip(self.players, self.layouts, strict=True)
            },
        )


#: the layouts start-here.ipynb checks before its exercises (the article's 9-point layout
#: and its 27-point change): no variant is one of them
SHOWN_LAYOUTS = {("8H", "2S", "AC", "8C", "KD", "QH"), ("8H", "2S", "AC", "QC", "KD", "QH")}


def _draw_two_layouts(rng: random.Random) -> TwoLayouts:
    """Two layouts of twelve different cards, each with a column of one rank (a pair)."""
    while True:
        pack = standard_deck()
        rng.shuffle(pack)
        layouts = []
        for _player in range(2):
            top = pack[:3]
            pair = next((c for c in pack[6:] if c.rank == top[0].rank), None)
            if pair is None:  # the rest of that rank is already in the layouts: draw again
                break
            bottom = [pair, *pack[4:6]]
            pack = [c for c in pack if c not in top and c not in bottom]
            layouts.append(tuple(str(c) for c in [*top, *bottom]))
        if len(layouts) == 2 and not set(layouts) & SHOWN_LAYOUTS:
            a, b = names(rng, 2)
            return TwoLayouts((a, b), (layouts[0], layouts[1]))


def _as_layout(layout: Any) -> tuple[str, ...] | None:
    """A layout of the example in the course's notation, whichever notation the checker
    accepts (``5H``, ``5h``, ``5♥``, ``♥5``, ``down 5H``); None if it is none."""
    from cardlib.golf import Position

    if not isinstance(layout, Mapping):
        return None
    try:
        cards = {
            Position.parse(pos): str(Card.parse(str(text).split()[-1]))
            for pos, text in layout.items()
        }
    except (CardlibError, IndexError, TypeError, ValueError):
        return None
    return tuple(cards[p] for p in Position) if len(cards) == 6 else None


def _keys_upper_case(text: str) -> str:
    """``text`` with the position keys of its layouts (``tl``) written as the checker reads
    them (``TL``), in place: every other character, and so every line, stays as it was."""
    import yaml

    try:
        root = yaml.compose(text)
    except yaml.YAMLError:
        return text
    lines = text.splitlines(keepends=True)
    for key in _layout_keys(root):
        place = key.value.strip().upper()
        if key.value != place and place in _PLACES and key.start_mark.line == key.end_mark.line:
            line = lines[key.start_mark.line]
            start, end = key.start_mark.column, key.end_mark.column
            lines[key.start_mark.line] = line[:start] + line[start:end].upper() + line[end:]
    return "".join(lines)


def _layout_keys(root: Any) -> list[Any]:
    """The key nodes of each layout in ``setup: position: layouts:``."""
    import yaml

    def child(node: Any, name: str) -> Any:
        if isinstance(node, yaml.MappingNode):
            for k, value in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value == name:
                    return value
        return None

    layouts = child(child(child(root, "setup"), "position"), "layouts")
    if not isinstance(layouts, yaml.MappingNode):
        return []
    return [
        k
        for _player, layout in layouts.value
        if isinstance(layout, yaml.MappingNode)
        for k, _card in layout.value
        if isinstance(k, yaml.ScalarNode)
    ]


#: the part of an example made of its claims other than the scores asked for
OTHERS = "the example's other claims"


class Example(Form[TwoLayouts]):
    """A worked example's text that sets up the variant's two layouts and claims both
    scores: each score claim is a part (right when the checker confirms it), and any other
    claim of the example one more (right when they all pass)."""

    noun = "claims"

    def rubric(self) -> str:
        return (
            "one part per score claimed (confirmed by the checker), and one for the other "
            "claims, if the example makes any"
        )

    def read(self, answer: Any, v: TwoLayouts) -> Reading:
        import yaml

        placeholder(answer)
        if not isinstance(answer, str):
            raise FormError(
                f"the answer is {type_name(answer)}, not the text of a YAML example in quotes."
            )
        if _TEMPLATE_MARK in answer:
            raise Unanswered(
                f"Replace each {_TEMPLATE_MARK} in the template and run the cell again."
            )
        text = _keys_upper_case(answer)
        try:
            doc = yaml.safe_load(text)
        except yaml.YAMLError as problem:
            raise FormError(
                f"the text is not valid YAML: {str(problem).splitlines()[0]}."
            ) from None
        if not isinstance(doc, dict) or doc.get("game") != "golf":
            raise FormError("the text is not a golf worked example (it needs 'game: golf').")
        reports = check_text(text)
        problems = [p for r in reports for p in r.problems]
        unread = [p for p in problems if p.kind == "input"]
        if unread:
            raise FormError(
                "the checker cannot read it: at "
                + "; at ".join(_where_said(p) for p in unread[:3])
                + " (the lines of your example, the text in quotes)."
            )
        named = {str(p).casefold(): p for p in doc.get("players") or []}
        layouts = (doc.get("setup") or {}).get("position", {}).get("layouts", {}) or {}
        scores: dict[str, Any] = {}
        for step in doc.get("steps") or []:
            claims = step.get("expect") if isinstance(step, dict) else None
            if isinstance(claims, dict) and isinstance(claims.get("score"), dict):
                scores.update({str(k).casefold(): s for k, s in claims["score"].items()})
        parts: dict[str, Any] = {}
        for player, cards in zip(v.players, v.layouts, strict=True):
            written = named.get(player.casefold())
            if written is None or _as_layout(layouts.get(written)) != cards:
                raise FormError(
                    f"the example must set up {player}'s layout as the question gives it."
                )
            if player.casefold() not in scores:
                raise FormError(f"the example must claim {player}'s score (score: {{...}}).")
            claimed = scores[player.casefold()]
            parts[self.label(player)] = claimed if isinstance(claimed, int) else str(claimed)
        others = [p for p in problems if not (p.kind == "mismatch" and "score of" in p.message)]
        if sum(r.claims for r in reports) > len(v.players):
            parts[OTHERS] = not others
        return Reading(text, parts)

    def marks(self, reading: Reading, right: Any, v: TwoLayouts) -> dict[str, bool]:
        marks = super().marks(
            Reading(reading.value, {k: p for k, p in reading.parts.items() if k != OTHERS}),
            right,
            v,
        )
        if OTHERS in reading.parts:
            marks[OTHERS] = reading.parts[OTHERS] is True
        return marks

    @staticmethod
    def label(player: str) -> str:
        return f"{player}'s score"

    def split(self, right: Any, v: TwoLayouts) -> dict[str, Any]:
        return {self.label(p): s for p, s in right.items()}

    def template(self, v: TwoLayouts) -> str | None:
        return None

    def literal(self, right: Any, v: TwoLayouts) -> str:
        return example_text(v, right)

    def given(self, right: Any, v: TwoLayouts) -> Any:
        return example_text(v, right)

    def wrong(self, right: Any, v: TwoLayouts) -> Any:
        first = v.players[0]
        return example_text(v, {**right, first: right[first] + 1})


def example_text(v: TwoLayouts, scores: Mapping[str, int]) -> str:
    """A worked example of ``v``'s layouts that claims ``scores``."""
    layouts = "\n".join(
        f"      {p}: {{{', '.join(f'{k}: {c}' for k, c in zip(_PLACES, cards, strict=True))}}}"
        for p, cards in zip(v.players, v.layouts, strict=True)
    )
    claimed = ", ".join(f"{p}: {scores[p]}" for p in v.players)
    return (
        "example: Two layouts, scored\n"
        "source: my own example\n"
        "game: golf\n"
        f"players: [{', '.join(v.players)}]\n"
        "setup:\n"
        "  position:\n"
        "    layouts:\n"
        f"{layouts}\n"
        "steps:\n"
        "  - expect:\n"
        f"      score: {{{claimed}}}\n"
    )


def _layout_said(cards: tuple[str, ...]) -> str:
    return (
        " ".join(Card.parse(c).unicode for c in cards[:3])
        + " over "
        + " ".join(Card.parse(c).unicode for c in cards[3:])
    )


EXERCISES.define(
    id="sh-2",
    kind="yaml",
    title="Write a worked example the checker passes",
    form="the text of a YAML example in triple quotes, like layout-9-and-27.yaml",
    rules=("GOLF-COLUMN", "GOLF-VALUES"),
    where="'Checking your own worked example' in start-here.ipynb, and GOLF-COLUMN in golf.ipynb",
    nudge="Score each column: two cards of one rank make a pair; otherwise add the two values.",
    draw=_draw_two_layouts,
    question=lambda v: (
        f"{v.players[0]}'s golf layout is {_layout_said(v.layouts[0])} and {v.players[1]}'s is "
        f"{_layout_said(v.layouts[1])} (top row first; positions `TL TM TR` over `BL BM BR`). "
        "Fill in the template: set up both layouts and claim both scores, so that "
        f"`cardlib check` passes. ({v.players[0]}'s cards in notation: "
        f"`{' '.join(v.layouts[0])}`; {v.players[1]}'s: `{' '.join(v.layouts[1])}`.)"
    ),
    answer=Example(),
    solve=lambda v: {p: int(v.position().result()[p]) for p in v.players},
    why=lambda v, _text: (
        "The checker replays your example and confirms every claim: "
        + said([f"{p} scores {s}" for p, s in dict(v.position().result()).items()])
        + "."
    ),
)
