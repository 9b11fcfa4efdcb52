"""What the exercises' draws share: names for the players of a variant, and a list said in
words.

>>> import random
>>> names(random.Random(1), 3)
('Hal', 'Eli', 'Ned')
>>> said(["discard", "take", "draw"]), said(["`8S`"], last="or")
('discard, take and draw', '`8S`')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

#: names for the players of a variant: short, no English word, and none of the names the
#: notebooks' own demonstrations use (Ann, Ben, Cy, Lin, An, Mei, Jia, Yi...), so that a
#: variant is never one of those worked examples
NAMES = (
    "Ana",
    "Dee",
    "Eli",
    "Fay",
    "Hal",
    "Ivy",
    "Kai",
    "Lou",
    "Ned",
    "Oli",
    "Pia",
    "Raj",
    "Sol",
    "Tao",
    "Uma",
    "Vic",
    "Wen",
    "Xia",
    "Zoe",
)


def names(rng: random.Random, k: int) -> tuple[str, ...]:
    """``k`` different names from :data:`NAMES`, in the order drawn."""
    return tuple(rng.sample(NAMES, k))


def said(items: Sequence[str], last: str = "and") -> str:
    """``items`` as a list in words: ``a, b and c``."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"
