"""The golden corpus: which games it covers, how one game is played and written down, and
how a stored record is compared with today's.

A *variant* is one engine of a registered game (``cardlib.games.GAMES``) under one rule set
and one set of options.  The variants are read from the registry and the engines' options
classes, never from a list kept here: every engine class a game's package exports, every
rule set (the options' ``rule_set`` field, or the package's ``RULE_SET``), the options at
their defaults, each other option field at each of its other values on its own (with the one
other change the options class needs to accept it, as ``ask_own_card`` needs
``specific_card``), and every switch on at once.  A new option, value, engine or game is a
new variant, and the corpus test says that the corpus must be recorded again.

One game is written as lines of text (its *canonical record*): how it was set up, every
position's listing of legal moves, the refusal of a few illegal moves drawn at random
(:func:`probe`), every move with its event's rules and facts, every so often a copy playing
the same move, and at the end the result, the description and the history.  The record uses
only the public protocol (:class:`cardlib.game.Game`), is seeded everywhere and sorts every
mapping, so the same engines always write the same text; its digest is the first 16 hex
digits of its SHA-256.
"""

from __future__ import annotations

import dataclasses
import functools
import gzip
import hashlib
import importlib
import inspect
import json
import lzma
import os
import random
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlib.errors import CardlibError
from cardlib.games import GAMES
from tests.support.listing import is_listed, listing

HERE = Path(__file__).resolve().parent
#: where the corpus is (GOLDEN_DATA: elsewhere, for a trial recording)
DATA = Path(os.environ.get("GOLDEN_DATA") or HERE / "data")
MANIFEST = DATA / "manifest.json"

#: bump when the canonical record's format changes (the corpus must then be recorded again)
FORMAT = 1
#: games recorded per variant, seeds 0 .. SEEDS-1
SEEDS = 5000
#: games per variant stored in full (seeds 0 .. FULL-1), to show a difference line by line
FULL = 20
#: games per variant written in depth (seeds 0 .. DEEP-1; see play_game)
DEEP = 200
#: random illegal moves tried in every position of a game written in depth, and of the others
PROBES = 3
BROAD_PROBES = 1
#: games per variant whose moves make up the pool of plausible moves (see build_pool)
POOL_SEEDS = 10
#: a game that goes on longer than this is a bug of the engine (or of the corpus)
MAX_PLIES = 20_000
#: every COPY_EVERY-th move is also played on a copy of the game
COPY_EVERY = 16
#: a longer listing of legal moves (Rook's 2002 ways to lay the nest aside) is sampled
LISTED = 256

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")

#: engines that uniform random play would not finish: the share of the moves chosen by the
#: game's own bot (the registry's ``bot``); the others are chosen at random.  A Rook game to
#: 300 under random bidding and random cards goes on for ever (tests/rook/invariants.BOTS).
BOT_SHARE = {"RookGame": 0.9}

#: words that make a move malformed (see mangle)
JUNK = ("", "x", "0", "99", "-5", "ZZ", "1Z", "♠", "Zed", "?", "TL", "all")


def _resume_rook_game(rng: random.Random) -> dict[str, Any]:
    """A Rook game to 300 mostly resumed in progress (the constructor's ``totals`` and
    ``hands_played``): a game from 0 to 300 lasts many hands, a resumed one reaches the end
    (ROOK-GAME) and the seat exchange (ROOK-SEAT-SWAP, every fourth hand) in a few."""
    if rng.randrange(25) == 0:
        return {}
    return {
        "totals": {"NS": rng.randrange(150, 300, 5), "EW": rng.randrange(150, 300, 5)},
        "hands_played": rng.randrange(12),
    }


#: engines whose constructor can resume a game in progress: seeded keyword arguments
RESUME: dict[str, Callable[[random.Random], dict[str, Any]]] = {"RookGame": _resume_rook_game}


# -- the variants, from the registry ------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """One engine of one game under one rule set and one set of options."""

    id: str
    game: str
    engine: type
    rule_set: str
    label: str
    options: Any
    #: the numbers of players the engine accepts with these options
    counts: tuple[int, ...]

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "engine": self.engine.__name__,
            "rule_set": self.rule_set,
            "label": self.label,
            "options": repr(self.options),
            "players": list(self.counts),
        }


def engines(game_id: str) -> list[type]:
    """The engine classes a game's package exports (those whose ``game`` is its ID)."""
    claims = GAMES[game_id].claims
    package = importlib.import_module(claims.__name__.rpartition(".")[0])
    found = {
        obj
        for name in getattr(package, "__all__", dir(package))
        if isinstance(obj := getattr(package, name), type)
        and getattr(obj, "game", None) == game_id
        and callable(getattr(obj, "from_position", None))
        and callable(getattr(obj, "legal_moves", None))
    }
    return sorted(found, key=lambda c: c.__name__)


def options_class(engine: type) -> type:
    """The options dataclass an engine's constructor takes (``options: XOptions | None``)."""
    hint = typing.get_type_hints(engine.__init__)["options"]
    classes = [a for a in typing.get_args(hint) if dataclasses.is_dataclass(a)]
    assert len(classes) == 1, f"{engine.__name__}: options {hint} is not one dataclass"
    return classes[0]


def _values(hint: Any, where: str) -> list[Any]:
    if hint is bool:
        return [False, True]
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return list(typing.get_args(hint))
    if origin in (typing.Union, types.UnionType):
        out: list[Any] = []
        for arg in typing.get_args(hint):
            out += [None] if arg is type(None) else _values(arg, where)
        return out
    raise TypeError(f"{where}: cannot list the values of {hint!r}: teach tests/golden/canon.py")


def field_values(cls: type) -> list[tuple[str, list[Any]]]:
    """Each field of an options class with its values, its default first."""
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        values = _values(hints[f.name], f"{cls.__name__}.{f.name}")
        if f.default is dataclasses.MISSING or f.default not in values:
            raise TypeError(f"{cls.__name__}.{f.name}: its default is not one of {values}")
        out.append((f.name, [f.default] + [v for v in values if v != f.default]))
    return out


def _label(changes: Sequence[tuple[str, Any]], order: list[str]) -> str:
    if not changes:
        return "base"
    ordered = sorted(changes, key=lambda c: order.index(c[0]))
    return "+".join(name if value is True else f"{name}={value}" for name, value in ordered)


def _players_accepted(engine: type, options: Any) -> tuple[int, ...]:
    counts = []
    for n in range(1, len(NAMES) + 1):
        try:
            engine(NAMES[:n], options=options, seed=0)
        except CardlibError:
            continue
        counts.append(n)
    assert counts, f"{engine.__name__} accepts no number of players with {options!r}"
    return tuple(counts)


def variants_of(game_id: str) -> list[Variant]:
    out: list[Variant] = []
    for engine in engines(game_id):
        cls = options_class(engine)
        fields = field_values(cls)
        order = [name for name, _ in fields]
        named = dict(fields)
        if "rule_set" in named:
            rule_sets = [str(r) for r in named.pop("rule_set")]
        else:
            package = importlib.import_module(engine.__module__.rpartition(".")[0])
            rule_sets = [str(package.RULE_SET)]
        singles = [(name, v) for name, values in named.items() for v in values[1:]]
        for rule_set in rule_sets:
            base = {"rule_set": rule_set} if "rule_set" in order else {}

            def make(
                changes: Sequence[tuple[str, Any]], base: dict[str, Any] = base, cls: type = cls
            ) -> Any:
                try:
                    return cls(**base, **dict(changes))
                except (CardlibError, ValueError, TypeError):
                    return None

            chosen: list[tuple[str, Any]] = [("base", make(()))]
            for single in singles:
                if (options := make([single])) is not None:
                    chosen.append((_label([single], order), options))
                    continue
                for other in singles:  # the one other change that makes it acceptable
                    pair = [other, single]
                    if other[0] != single[0] and (options := make(pair)) is not None:
                        chosen.append((_label(pair, order), options))
                        break
            seen: list[Any] = []
            for label, options in chosen:
                if options is None or options in seen:
                    continue
                seen.append(options)
                out.append(
                    Variant(
                        f"{game_id}.{engine.__name__}.{rule_set}.{label}",
                        game_id,
                        engine,
                        rule_set,
                        label,
                        options,
                        _players_accepted(engine, options),
                    )
                )
    return out


@functools.cache
def variants() -> dict[str, Variant]:
    """Every variant of every registered game, by ID, in the registry's order."""
    return {v.id: v for game_id in GAMES for v in variants_of(game_id)}


# -- one game, written down ---------------------------------------------------------------


def value_text(value: Any) -> str:
    """A fact's value as text, the same on every run: mappings sorted by key."""
    if value is None:
        return "~"
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is int or type(value) is float:
        return repr(value)
    if type(value) is str:
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, tuple | list):
        inner = " ".join(value_text(v) for v in value)
        return f"({inner})" if isinstance(value, tuple) else f"[{inner}]"
    if isinstance(value, Mapping):
        items = sorted((value_text(k), value_text(v)) for k, v in value.items())
        return "{" + " ".join(f"{k}:{v}" for k, v in items) + "}"
    if isinstance(value, set | frozenset):
        return "{" + " ".join(sorted(value_text(v) for v in value)) + "}"
    text = str(value)
    if " at 0x" in text:
        raise TypeError(f"{type(value).__name__} has no text of its own: {text}")
    return text


def _name(who: str | None) -> str:
    return "~" if who is None else who


class _Texts(dict[int, str]):
    """``str`` of moves and cards, remembered by identity (the engines keep one object a
    move or card, so most are written once); the objects are kept alive with their text,
    so an identity is never reused while it is remembered."""

    def __init__(self) -> None:
        super().__init__()
        self.alive: list[Any] = []

    def of(self, obj: Any) -> str:
        text = self.get(id(obj))
        if text is None:
            if len(self.alive) > 100_000:
                self.clear()
                self.alive.clear()
            text = self[id(obj)] = str(obj)
            self.alive.append(obj)
        return text


_TEXTS = _Texts()
_text = _TEXTS.of


def event_lines(event: Any) -> list[str]:
    """An event: who moved and how, its rules, and each fact with everything it carries."""
    lines = [f"> {event.player}: {event.move} [{' '.join(event.rules)}]"]
    for f in event.facts:
        cards = " ".join(map(_text, f.cards))
        lines.append(
            f"  {f.kind} [{' '.join(f.rules)}] {_name(f.player)}/{_name(f.other)} "
            f"({cards}) {value_text(f.value)} | {f}"
        )
    return lines


def listing_line(ply: int, mover: str | None, legal: Sequence[Any]) -> str:
    n = len(legal)
    if n <= LISTED:
        return f"{ply} {_name(mover)}: {n} legal: {' | '.join(map(_text, legal))}"
    picks = sorted({0, n // 3, 2 * n // 3, n - 1})
    shown = " | ".join(f"[{i}] {legal[i]}" for i in picks)
    return f"{ply} {_name(mover)}: {n} legal, sampled: {shown}"


def mangle(text: str, rng: random.Random, verbs: Sequence[str]) -> str:
    """A plausible move made malformed: a word short or too many, a word replaced by junk,
    another move's verb, one word's case changed, the words reversed."""
    words = text.split() or [""]
    op = rng.randrange(6)
    if op == 0 and len(words) > 1:
        words.pop()
    elif op == 1:
        words.append(JUNK[rng.randrange(len(JUNK))])
    elif op == 2:
        words[rng.randrange(len(words))] = JUNK[rng.randrange(len(JUNK))]
    elif op == 3:
        words[0] = verbs[rng.randrange(len(verbs))]
    elif op == 4:
        i = rng.randrange(len(words))
        words[i] = words[i].swapcase()
    else:
        words.reverse()
    return " ".join(words)


def probe(
    game: Any,
    legal: Sequence[Any],
    mover: str | None,
    rng: random.Random,
    pool: Sequence[str],
    verbs: Sequence[str],
    lines: list[str],
    strict: bool,
    probes: int = PROBES,
) -> None:
    """Try ``PROBES`` illegal moves and write down each refusal (its kind, rule and reason):
    a move of the pool (legal elsewhere), a legal move played by another player (or by a
    stranger), a malformed notation.  A drawn move that is legal here is written as such.
    ``legal`` is the position's listing, asked of the game once."""
    listed = {_text(m) for m in legal} if len(legal) <= LISTED else None
    for _ in range(probes):
        kind = rng.randrange(3)
        player: str | None = None
        if kind == 1:
            others = [p for p in game.players if p != mover]
            player = "Zed" if rng.randrange(5) == 0 else others[rng.randrange(len(others))]
            text = str(legal[rng.randrange(len(legal))]) if len(legal) else rng.choice(pool)
        elif kind == 0:
            text = pool[rng.randrange(len(pool))]
        else:
            text = mangle(pool[rng.randrange(len(pool))], rng, verbs)
        if player is None and (
            text in listed if kind == 0 and listed is not None else is_listed(game, legal, text)
        ):
            lines.append(f"? {text!r} is legal here")
            continue
        try:
            event = game.play(text) if player is None else game.play(text, player=player)
        except CardlibError as e:
            lines.append(f"x {text!r} by {_name(player)}: {type(e).__name__} {e.rule}: {e.message}")
        except Exception as e:  # not a refusal: a crash, to be written down too
            lines.append(f"x {text!r} by {_name(player)}: CRASH {type(e).__name__}: {e}")
            if strict:
                raise
        else:
            lines.append(f"x {text!r} by {_name(player)}: ACCEPTED {event}")
            if strict:
                raise AssertionError(f"an illegal move was accepted: {lines[-1]}")


def setup(variant: Variant, seed: int) -> tuple[Any, str]:
    """The game of ``seed``: the player counts in turn, every dealer in turn (and the
    engine's default dealer, and its default players where it has them), resumed where
    the engine can resume.  Returns the game and how it was made, as a line of code."""
    counts = variant.counts
    n = counts[seed % len(counts)]
    turn = seed // len(counts)
    kwargs: dict[str, Any] = {}
    default = inspect.signature(variant.engine).parameters["players"].default
    if isinstance(default, tuple) and len(default) == n and (turn // (n + 1)) % 2 == 1:
        players: tuple[str, ...] = default
    else:
        players = NAMES[:n]
        kwargs["players"] = players
    if turn % (n + 1) < n:
        kwargs["dealer"] = players[turn % (n + 1)]
    kwargs["seed"] = seed
    kwargs["options"] = variant.options
    resume = RESUME.get(variant.engine.__name__)
    if resume is not None:
        kwargs.update(resume(random.Random(f"golden/setup/{variant.id}/{seed}")))
    made = f"{variant.engine.__name__}({', '.join(f'{k}={v!r}' for k, v in kwargs.items())})"
    players_arg = kwargs.pop("players", None)
    game = (
        variant.engine(players_arg, **kwargs)
        if players_arg is not None
        else variant.engine(**kwargs)
    )
    return game, made


def play_game(
    variant: Variant,
    seed: int,
    pool: Sequence[str] | None,
    *,
    strict: bool = False,
    seen: set[str] | None = None,
) -> list[str]:
    """The canonical record of game ``seed`` of ``variant``, as lines.

    A game of the first :data:`DEEP` seeds is written in depth: every position's listing of
    legal moves, :data:`PROBES` illegal moves tried in every position and a copy playing
    every :data:`COPY_EVERY`-th move; a later one lists how many moves are legal and tries
    :data:`BROAD_PROBES` illegal moves.  Both write every move, every event's rules and
    facts and the result.

    ``pool`` is the plausible moves the illegal moves are drawn from (None: no refusals are
    tried, for building the pool); ``seen`` collects every move listed as legal.  With
    ``strict`` an illegal move accepted, a crash or an unfinished game raises.  The moves
    are drawn from ``random.Random`` seeded with the variant and seed, the illegal moves from
    another, so that a difference in a refusal leaves the moves of the game alone."""
    game, made = setup(variant, seed)
    deep = seed < DEEP
    probes = PROBES if deep else BROAD_PROBES
    moves_rng = random.Random(f"golden/moves/{variant.id}/{seed}")
    probe_rng = random.Random(f"golden/probes/{variant.id}/{seed}")
    verbs = sorted({p.split()[0] for p in pool if p.split()}) if pool else []
    share = BOT_SHARE.get(variant.engine.__name__, 0.0)
    bot = GAMES[variant.game].bot if share else None
    lines = [f"golden {FORMAT} {variant.id} seed {seed}", made, f"describe {game.describe()}"]
    played: list[tuple[str, str]] = []
    ply = 0
    legal = listing(game)  # each position is listed once, here and after each move
    while not game.is_over:
        if ply >= MAX_PLIES:
            lines.append(f"capped after {ply} moves")
            if strict:
                raise AssertionError(f"{variant.id} seed {seed}: no end after {ply} moves")
            return lines
        mover = game.to_move
        if deep:
            lines.append(listing_line(ply, mover, legal))
        else:
            lines.append(f"{ply} {_name(mover)}: {len(legal)} legal")
        if seen is not None and len(legal) <= LISTED:
            seen.update(map(str, legal))
        if pool:
            probe(game, legal, mover, probe_rng, pool, verbs, lines, strict, probes)
        if bot is not None and moves_rng.random() < share:
            move = bot(game.view(mover), moves_rng)
        else:
            move = legal[moves_rng.randrange(len(legal))]
        text = _text(move)
        if seen is not None:
            seen.add(text)
        # the move as an object or as its notation, with or without naming the player
        arg = text if ply % 2 else move
        twin = game.copy() if deep and ply % COPY_EVERY == COPY_EVERY - 1 else None
        try:
            event = game.play(arg, player=mover) if ply % 4 >= 2 else game.play(arg)
        except Exception as e:
            lines.append(f"refused {text}: {type(e).__name__}: {e}")
            if strict:
                raise
            return lines
        lines += event_lines(event)
        played.append((str(mover), text))
        legal = listing(game)
        if twin is not None:
            lines.append(_copy_line(twin, arg, mover, ply, event, game, legal))
        ply += 1
    lines.append(listing_line(ply, game.to_move, legal))
    if pool:
        probe(game, legal, game.to_move, probe_rng, pool, verbs, lines, strict, PROBES)
    lines += result_lines(game, played)
    return lines


def _copy_line(
    twin: Any, arg: Any, mover: str | None, ply: int, event: Any, game: Any, legal: Sequence[Any]
) -> str:
    """The copy made before the move, playing the same move: the same event, the same moves
    (``legal``: the game's listing after the move)."""
    try:
        again = twin.play(arg, player=mover) if ply % 4 >= 2 else twin.play(arg)
    except Exception as e:
        return f"  copy refused: {type(e).__name__}: {e}"
    if event_lines(again) != event_lines(event):
        return "  copy differs: " + " / ".join(event_lines(again))
    a = listing(twin)
    if listing_line(0, twin.to_move, a) != listing_line(0, game.to_move, legal):
        return "  copy lists other moves: " + listing_line(0, twin.to_move, a)
    return "  copy: the same"


def result_lines(game: Any, played: list[tuple[str, str]]) -> list[str]:
    result = game.result()
    scores = " ".join(f"{p}={value_text(result[p])}" for p in sorted(result))
    winners = " ".join(getattr(result, "winners", ()))
    teams = value_text(dict(getattr(result, "teams", {})))
    lines = [f"result {scores}; winners {winners}; teams {teams}"]
    lines.append(f"describe {game.describe()}")
    history = [(str(p), str(m)) for p, m in game.history]
    if history == played:
        lines.append(f"history: the {len(played)} moves played")
    else:
        lines.append(f"history differs: {len(history)} entries: {history[:3]} ... {history[-3:]}")
    return lines


def digest(lines: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:16]


# -- batches, for worker processes -------------------------------------------------------


def play_batch(
    variant_id: str,
    start: int,
    stop: int,
    pool: Sequence[str],
    full: int,
    strict: bool = False,
    step: int = 1,
) -> list[tuple[int, str, list[str] | None]]:
    """Games ``range(start, stop, step)`` of a variant: (seed, digest, the lines if seed < full)."""
    variant = variants()[variant_id]
    out: list[tuple[int, str, list[str] | None]] = []
    for seed in range(start, stop, step):
        lines = play_game(variant, seed, pool, strict=strict)
        out.append((seed, digest(lines), lines if seed < full else None))
    return out


def pool_batch(variant_id: str, seeds: int) -> list[str]:
    """The moves listed as legal (and played) in the first games of a variant."""
    variant = variants()[variant_id]
    seen: set[str] = set()
    for seed in range(seeds):
        play_game(variant, seed, None, strict=True, seen=seen)
    return sorted(seen)


# -- the corpus on disk --------------------------------------------------------------------


def digests_path(variant_id: str) -> Path:
    return DATA / f"{variant_id}.sha.gz"


def full_path(game_id: str) -> Path:
    return DATA / f"{game_id}.full.jsonl.xz"


def read_manifest() -> dict[str, Any]:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def read_digests(variant_id: str) -> list[str]:
    return gzip.decompress(digests_path(variant_id).read_bytes()).decode("ascii").split()


def write_digests(variant_id: str, digests: Sequence[str]) -> None:
    data = "".join(d + "\n" for d in digests).encode("ascii")
    digests_path(variant_id).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))


@functools.cache
def read_full(game_id: str) -> dict[tuple[str, int], list[str]]:
    """The full records of a game's variants: (variant, seed) -> lines."""
    out = {}
    for line in lzma.decompress(full_path(game_id).read_bytes()).decode("utf-8").splitlines():
        item = json.loads(line)
        out[item["variant"], item["seed"]] = item["lines"]
    return out


def write_full(game_id: str, records: Iterable[tuple[str, int, list[str]]]) -> None:
    text = "".join(
        json.dumps({"variant": v, "seed": s, "lines": lines}, ensure_ascii=False) + "\n"
        for v, s, lines in records
    )
    full_path(game_id).write_bytes(lzma.compress(text.encode("utf-8"), preset=9))


# -- comparing ----------------------------------------------------------------------------


def first_difference(expected: Sequence[str], got: Sequence[str]) -> int | None:
    """The index of the first line that differs (a missing line counts), or None."""
    for i, (a, b) in enumerate(zip(expected, got, strict=False)):
        if a != b:
            return i
    return None if len(expected) == len(got) else min(len(expected), len(got))


def show_difference(expected: Sequence[str], got: Sequence[str], context: int = 2) -> str:
    i = first_difference(expected, got)
    if i is None:
        return "the records are the same"
    out = [f"first difference at line {i + 1} (of {len(expected)} recorded, {len(got)} now):"]
    out += [f"    {expected[j]}" for j in range(max(0, i - context), i)]
    out.append(f"  - recorded: {expected[i] if i < len(expected) else '(no more lines)'}")
    out.append(f"  + now:      {got[i] if i < len(got) else '(no more lines)'}")
    return "\n".join(out)


def report(
    variant_id: str,
    total: int,
    differing: Sequence[int],
    recorded_full: Mapping[int, Sequence[str]],
    now_full: Mapping[int, Sequence[str]],
    shown: int = 10,
) -> str:
    """What a failure says: the variant, how many games and which seeds differ, the first
    differing line of the first of them stored in full, and how to reproduce any seed."""
    seeds = ", ".join(map(str, differing[:shown])) + (", ..." if len(differing) > shown else "")
    out = [
        f"golden corpus: {variant_id}: {len(differing)} of {total} games differ "
        f"from the recorded ones (seeds {seeds})"
    ]
    first = differing[0]
    with_full = [s for s in differing if s in recorded_full and s in now_full]
    if first not in with_full:
        out.append(
            f"seed {first} is not stored in full (seeds 0-{FULL - 1} are); to see it: "
            f"python tests/golden/record.py --diff {variant_id} {first}"
        )
    if with_full:
        s = with_full[0]
        out.append(f"seed {s}: " + show_difference(recorded_full[s], now_full[s]))
    out.append(
        f"reproduce: python tests/golden/record.py --show {variant_id} {first}  "
        f"(the record today; --diff compares it with the recorded engines)"
    )
    out.append(
        "a documented fix? record again: python tests/golden/record.py "
        f"--only {variant_id}, and say so in tests/golden/README.md"
    )
    return "\n".join(out)
