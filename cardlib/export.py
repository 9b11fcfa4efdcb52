"""A played game as a worked example: the setup, every move, and claims the engine computed.

The exported text is in the checked format (``docs/examples.md``), so ``cardlib check``
proves it.  The claims are not computed by a second copy of any rule: the exporter builds
the example's setup with the game's own claims module (as the checker does), replays the
moves through the engine, and asks each claim of the claims table what the rules give --
the very function the checker later compares the claim with.  Which claims a game's
examples make, and when, is its spec's export policy (:class:`cardlib.games.ExportPolicy`,
in ``cardlib/<game>/export.py``):

* ``header(game)``: the ``rule_set`` and ``options`` fields;
* ``position(game)``: the ``setup`` of a game that did not start from a seeded deal, and
  ``earlier(game)``: the moves it had made since that setup (a Rook hand given mid-auction
  replays from its deal), or :class:`~cardlib.errors.ExportError` where it has no setup;
* ``after(event, game)``: the claims to make after a move (a book laid, a trick won);
* ``final(game)``: the claims at the end (scores, tricks, books, the winner).

Claims are asked with *probe* values shaped like the claim (``{player: PROBE}``); every
leaf comes back confirmed or mismatched with the engine's value, which is what is written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

from cardlib import arguments, files
from cardlib.check import play_step
from cardlib.claims import Confirmed
from cardlib.errors import NotationError, SaveError
from cardlib.games import GAMES, PROBE, known_game
from cardlib.text import valid


def plain(value: Any) -> Any:
    """A value as YAML writes it: cards and ranks in notation, tuples as lists."""
    if value is None or type(value) in (bool, int, str):
        return value
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return str(value)


def _leaves(probe: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(probe, Mapping):
        for k, v in probe.items():
            yield from _leaves(v, (*path, k))
    else:
        yield path


def claim_values(claims: ModuleType, state: Any, probes: Mapping[str, Any]) -> dict[str, Any]:
    """What the rules give for each claim in ``probes`` (claim -> a value shaped like it),
    asked of the claims table ``claims.CLAIMS`` exactly as the checker asks it."""
    out: dict[str, Any] = {}
    for key, probe in probes.items():
        results = list(claims.CLAIMS[key](state, probe, ("expect", key)))
        leaves = list(_leaves(probe))
        if len(results) != len(leaves):
            raise AssertionError(f"claim {key}: {len(results)} results for {len(leaves)} values")
        if leaves == [()]:
            r = results[0]
            out[key] = plain(r.value if isinstance(r, Confirmed) else r.actual)
            continue
        tree: dict[str, Any] = {}
        for path, r in zip(leaves, results, strict=True):
            node = tree
            for k in path[:-1]:
                node = node.setdefault(str(k), {})
            node[str(path[-1])] = plain(r.value if isinstance(r, Confirmed) else r.actual)
        out[key] = tree
    return out


def example(
    game_id: str,
    *,
    first: Any,
    moves: Sequence[tuple[str, str]],
    seed: int | None = None,
    title: str,
    source: str,
) -> str:
    """The worked example of a game: ``first`` is the game before the first move (a fresh
    deal with ``seed``, or, with ``seed=None``, a position), ``moves`` the (player, move)
    pairs made since.  Returns YAML text that ``cardlib check`` passes."""
    spec = GAMES[known_game(game_id)]
    _game_of(first, game_id)
    for pair in arguments.sequence(moves, "moves"):
        if not (
            isinstance(pair, Sequence)
            and not isinstance(pair, str)
            and len(pair) == 2
            and all(isinstance(x, str) for x in pair)
        ):
            raise NotationError(
                f"each of moves is a (player, move) pair of texts, not {arguments.shown(pair)}"
            )
    # what is written down is the checked value: plain data, whatever subclass was given
    seed = None if seed is None else arguments.whole(seed, "seed")
    title = arguments.text(title, "title")
    source = arguments.text(source, "source")
    policy, claims = spec.export, spec.claims
    doc: dict[str, Any] = {"example": title, "source": source, "game": game_id}
    doc.update(policy.header(first))
    doc["players"] = list(first.players)
    dealer = _dealer(spec, first)
    if dealer is not None:
        doc["dealer"] = dealer
    earlier: list[tuple[str, str]] = []
    if seed is not None:
        doc["setup"] = {"deal": {"seed": seed}}
    else:
        doc["setup"] = policy.position(first)
        earlier = list(policy.earlier(first))
    state = claims.start(doc)
    steps: list[dict[str, Any]] = []
    for i, (player, move) in enumerate([*earlier, *moves]):
        here = ("steps", i, player)
        event = play_step(state, player, move, here)
        step: dict[str, Any] = _Block({player: move})
        expect = claim_values(claims, state, policy.after(event, state))
        if expect:
            step["expect"] = expect
        steps.append(step)
    final = claim_values(claims, state, policy.final(state))
    if final:
        steps.append(_Block({"expect": final}))
    if not steps:
        steps.append({"note": "no moves were made"})
    doc["steps"] = steps
    return dump(doc)


def _game_of(first: object, game_id: str) -> None:
    """``first`` if it is a game of ``game_id`` (a fresh deal or a position)."""
    from cardlib.game import Game

    if not (isinstance(first, Game) and getattr(first, "game", None) == game_id):
        raise NotationError(f"first must be a {game_id} game, not {arguments.shown(first)}")


def _dealer(spec: Any, first: Any) -> str | None:
    """Who dealt ``first``, where that is not who deals by default (the example's
    ``dealer:``; the turn order starts from the dealer's left, so without it the replay
    would start from the wrong seat). The default is asked of the game itself."""
    dealer = getattr(first, "dealer", None)
    if dealer is None:
        return None
    default = spec.deal(first.players, seed=0, options=first.options, record=False).dealer
    return None if dealer == default else str(dealer)


def session_example(session: Any, *, title: str | None = None, source: str | None = None) -> str:
    """The example of a :class:`cardlib.widgets.session.TableSession`'s game so far."""
    try:
        from cardlib.widgets.session import TableSession
    except ModuleNotFoundError:  # no ipywidgets: no table, so no table's session either
        raise NotationError(
            f"session must be a table's session, not {arguments.shown(session)}"
        ) from None
    arguments.instance(session, TableSession, "session")
    title = arguments.optional_text(title, "title")
    source = arguments.optional_text(source, "source")
    name = GAMES[session.game_id].title
    seeded = session.deal is not None
    where = f"deal {session.seed}" if seeded else "a given position"
    return example(
        session.game_id,
        first=session.first,
        moves=[(s.player, s.move) for s in session.steps],
        seed=session.seed if seeded else None,
        title=title or f"{name}, {where}, played at a cardlib table",
        source=source or f"played in a cardlib widget ({where}, {len(session.steps)} moves)",
    )


class _Dumper(yaml.SafeDumper):
    pass


class _Block(dict[str, Any]):
    """A mapping written in block style (the document and its steps)."""


def _short_lists(dumper: yaml.SafeDumper, data: list[Any]) -> Any:
    flow = all(not isinstance(x, dict | list) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _short_maps(dumper: yaml.SafeDumper, data: dict[str, Any]) -> Any:
    flow = all(not isinstance(x, dict | list) for x in data.values()) and len(data) <= 6
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=flow)


_Dumper.add_representer(list, _short_lists)
_Dumper.add_representer(dict, _short_maps)
_Dumper.add_representer(
    _Block, lambda d, data: d.represent_mapping("tag:yaml.org,2002:map", data, flow_style=False)
)


def dump(doc: Mapping[str, Any]) -> str:
    """A worked example as YAML: top-level fields in the documented order, claims inline."""
    text = yaml.dump(
        _Block(doc), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, indent=2
    )
    return (
        "# a worked example exported from a cardlib table; check it with `cardlib check`\n" + text
    )


def file_name(text: str) -> str:
    """A file name made of words: ``"Golf, deal 17"`` -> ``golf-deal-17``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "example"


def save(text: str, folder: str | Path, name: str) -> Path:
    """Write an exported example into ``folder`` (created if needed) as ``name`` (``.yaml``
    added if missing); nothing already there is ever written over or through: a file, a
    folder or a symbolic link (even one pointing nowhere) of that name makes it the next free
    name (``-2``, ``-3``...).  Each name is taken by creating it exclusively, so no other
    program can slip a link in between looking and writing.  A folder that cannot be
    written raises :class:`~cardlib.errors.SaveError` with the system's ``errno`` (a table
    says why in words)."""
    text = arguments.text(text, "text")
    if not valid(text):  # a lone surrogate: no file can hold it as UTF-8
        raise NotationError(f"text must be valid text, not {arguments.shown(text)}")
    arguments.path(folder, "folder")
    name = arguments.text(name, "name")
    folder = Path(folder)
    stem = file_name(name.removesuffix(".yaml").removesuffix(".yml"))
    data = text.encode("utf-8")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return files.write_new(folder, stem, ".yaml", data)
    except ValueError as exc:  # Python refuses the name itself (a NUL character)
        raise SaveError(f"cannot save into {str(folder)!r}: {exc}") from exc
    except OSError as exc:
        words = exc.strerror or str(exc)
        raise SaveError(f"cannot save into {str(folder)!r}: {words}", exc.errno) from exc


#: what a user calls; the exporter's machinery (``claim_values``, ``dump``, ``plain``,
#: ``file_name``) is imported by name by the tables and the tests, and is not promised
__all__ = ["PROBE", "example", "save", "session_example"]
