"""The command line's ``cardlib analyse GAME`` and ``cardlib compare GAME``: a study's
measures written as a table, CSV or JSON (standard output or ``-o FILE``) and, with
``--plot FILE.png`` or ``.svg``, a figure (matplotlib).  ``--executor ADDRESS`` plays the
games on the Dask cluster whose scheduler is there, with the same results as here.  A bad argument, an output that
cannot be written or a plot without matplotlib is said in one line, exit status 2, before
any game is played."""

from __future__ import annotations

import concurrent.futures
import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardlib.errors import CardlibError


def command(args: Any) -> int:
    """Run ``cardlib analyse`` or ``cardlib compare`` (parsed by :mod:`cardlib.cli`); the
    exit status: 0 done, 2 refused (a bad argument, an output that cannot be written)."""
    from cardlib.analysis import Variant, compare, variant
    from cardlib.analysis.output import FIGURES, save, text
    from cardlib.files import replaceable, words
    from cardlib.simulate.command import _bot, _option

    def refuse(said: str) -> int:
        print(f"cardlib: error: {said}", file=sys.stderr)
        return 2

    try:
        players: int | list[str] | None = None
        if args.players:
            one = args.players[0]
            players = int(one) if len(args.players) == 1 and one.isdigit() else list(args.players)
        if args.command == "analyse":
            options = dict(_option(o) for o in args.option)
            if args.rule_set is None and not options:
                variants: list[Any] | None = [None]
            else:
                label = ",".join([args.rule_set or ""] * bool(args.rule_set) + list(args.option))
                variants = [Variant(label, args.rule_set, tuple(sorted(options.items())))]
        else:
            variants = [variant(v) for v in args.variant] if args.variant else None
        bots = [_bot(b) for b in args.bots]
        if args.plot is not None:
            suffix = Path(args.plot).suffix.lower().lstrip(".")
            if suffix not in FIGURES:
                return refuse(f"--plot writes a .png or .svg file, not {args.plot!r}")
            try:
                import matplotlib  # noqa: F401
            except ImportError:
                return refuse("--plot needs matplotlib: pip install 'cardlib-course[simulation]'")
        for path in (args.output, args.plot):
            if path is not None:
                try:
                    replaceable(Path(path))
                except CardlibError as e:
                    return refuse(str(e))
                except (OSError, ValueError) as e:
                    return refuse(f"cannot write {path}: {words(e)}")
        with _executor(args.executor) as executor:
            reports = compare(
                args.game,
                variants,
                args.n,
                seed=args.seed,
                players=players,
                bots=bots[0] if len(bots) == 1 else bots,
                order_games=args.order_games,
                resamples=args.resamples,
                workers=args.workers,
                executor=executor,
                max_moves=args.max_moves,
            )
    except (ValueError, TypeError, CardlibError) as e:
        return refuse(str(e))
    try:
        if args.output:
            save(reports, args.output, args.format)
        else:
            sys.stdout.write(text(reports, args.format or "table"))
        if args.plot:
            save(reports, args.plot)
    except CardlibError as e:
        return refuse(str(e))
    return 0


@contextlib.contextmanager
def _executor(address: str | None) -> Iterator[concurrent.futures.Executor | None]:
    """The executor of the Dask cluster whose scheduler is at ``address`` (None: none), its
    client closed afterwards; a cluster that cannot be reached, or no dask.distributed, is
    a :class:`ValueError` said in one line."""
    if address is None:
        yield None
        return
    try:
        import distributed
    except ImportError:
        raise ValueError(
            "--executor needs dask.distributed: pip install 'cardlib-course[simulation]'"
        ) from None
    try:
        client = distributed.Client(address, timeout=10, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as e:
        raise ValueError(f"cannot reach the Dask scheduler at {address!r}: {e}") from None
    with client:
        yield client.get_executor()


__all__ = ["command"]
