"""The command line's ``cardlib simulate``: the rows written as their games finish, and a
signal, a failing bot or an output that cannot be written said in one line."""

from __future__ import annotations

import contextlib
import os
import random
import sys
from collections.abc import Callable, Generator
from typing import Any

from cardlib.errors import CardlibError
from cardlib.files import open_to_write, words
from cardlib.simulate.plan import BOTS
from cardlib.simulate.progress import Progress
from cardlib.simulate.progress import bar as tqdm_bar
from cardlib.simulate.rows import Row, Writer
from cardlib.simulate.run import batches as batches_of


def command(args: Any) -> int:
    """Run ``cardlib simulate`` (its arguments parsed by :mod:`cardlib.cli`); the exit status.

    The rows are written as their games finish, a batch at a time, in bounded memory
    whatever ``-n`` is.  SIGINT (Ctrl-C) and SIGTERM stop the games and their worker
    processes and say so in one line (exit status 130 and 143); so does a bot that fails
    (after the rows of the games before it) and an output that cannot be written (exit 2).
    """
    try:
        players: int | list[str] | None = None
        if args.players:
            one = args.players[0]
            players = int(one) if len(args.players) == 1 and one.isdigit() else list(args.players)
        bar = _bar(args)
        batches = batches_of(
            args.game,
            args.n,
            seed=args.seed,
            players=players,
            rule_set=args.rule_set,
            options=dict(_option(o) for o in args.option),
            bots=[_bot(b) for b in args.bots],
            executor=None,
            workers=args.workers,
            batch_size=None,
            max_moves=args.max_moves,
            full_game=args.full_game,
            max_hands=200,
            progress=bar,
        )
    except (ValueError, TypeError, CardlibError) as e:
        print(f"cardlib: error: {e}", file=sys.stderr)
        return 2
    signals = _Signals()
    try:
        try:
            return _write(batches, args, bar)
        finally:
            signals.disarm()  # a signal from here on is noted, never raised
    except _Signalled as stop:
        batches.close()
        if bar is not None:
            bar.close()
        if not args.output:
            _let_go_of_stdout()
        import signal

        said = "interrupted" if stop.signum == signal.SIGINT else "terminated"
        print(f"cardlib: {said}", file=sys.stderr)
        return 128 + stop.signum
    finally:
        batches.close()
        signals.restore()


def _write(batches: Generator[list[Row], None, None], args: Any, bar: Progress | None) -> int:
    """Write the rows batch by batch, each batch flushed; the exit status."""
    where = args.output or "standard output"

    def fail(said: str) -> int:
        batches.close()  # the workers stop before the line is written
        if bar is not None:
            bar.close()
        print(f"cardlib: error: {said}", file=sys.stderr)
        return 2

    with contextlib.ExitStack() as files:
        try:
            out = files.enter_context(open_to_write(args.output)) if args.output else sys.stdout
        except (OSError, ValueError) as e:  # never through a link: said in words
            return fail(f"cannot write {where}: {words(e)}")
        writer = Writer(out, args.format)
        while True:
            try:
                batch = next(batches)
            except StopIteration:
                break
            except (ValueError, TypeError, CardlibError) as e:
                return fail(str(e))
            try:
                writer.write(batch)
                out.flush()
            except BrokenPipeError:
                batches.close()
                raise  # the reader went away: the command stops quietly
            except OSError as e:
                if out is sys.stdout:
                    _let_go_of_stdout()
                else:  # what failed to be written is not tried again on closing
                    files.pop_all()
                    with contextlib.suppress(OSError):
                        out.close()
                return fail(f"cannot write {where}: {e.strerror or e}")
    if bar is not None:
        bar.close()
    return 0


def _let_go_of_stdout() -> None:
    """Standard output, when a pipe or a socket, becomes /dev/null, so that what is left in
    its buffer never holds up the exit (a reader that stopped) or fails it again."""
    import stat

    try:
        fd = sys.stdout.fileno()
        mode = os.fstat(fd).st_mode
    except (OSError, ValueError, AttributeError):
        return
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or (stat.S_ISCHR(mode) and not os.isatty(fd)):
        os.dup2(os.open(os.devnull, os.O_WRONLY), fd)


class _Signalled(BaseException):
    """SIGINT or SIGTERM arrived while ``cardlib simulate`` ran."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _Signals:
    """While armed, the first SIGINT or SIGTERM raises :class:`_Signalled` (the main thread
    only; a signal ignored when the command started stays ignored)."""

    def __init__(self) -> None:
        import signal
        import threading

        self.armed = True
        self.before: dict[int, Any] = {}
        if threading.current_thread() is not threading.main_thread():
            return
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) is not signal.SIG_IGN:
                self.before[signum] = signal.signal(signum, self._handle)

    def _handle(self, signum: int, frame: Any) -> None:
        if self.armed:
            self.armed = False
            raise _Signalled(signum)

    def disarm(self) -> None:
        self.armed = False

    def restore(self) -> None:
        import signal

        for signum, handler in self.before.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
        self.before = {}


def _option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE``, with VALUE read as the example format reads an option's value
    (``true``, ``no``, ``null``, ``5``, ``reshuffle``): the game's options class then
    accepts it or refuses it in one line, as it would in an example."""
    from cardlib.errors import InputError
    from cardlib.examples import read_text

    name, sep, value = text.partition("=")
    if not sep or not name:
        raise ValueError(f"option {text!r}: write NAME=VALUE, e.g. refill=true")
    try:
        docs = read_text(f"value: {value}".encode())
    except InputError as e:
        raise ValueError(f"option {text!r}: {e.message}") from None
    if len(docs) != 1 or set(docs[0]) != {"value"}:
        raise ValueError(f"option {text!r}: the value must be one word or number")
    return name.replace("-", "_"), docs[0]["value"]


def _bot(name: str) -> str | Callable[[Any, random.Random], Any]:
    """A bot's name, or ``module:function`` imported."""
    if name in BOTS:
        return name
    module, sep, attr = name.partition(":")
    if not sep:
        raise ValueError(
            f"{name!r} is not a bot: use {', '.join(map(repr, BOTS))} or module:function"
        )
    import pkgutil

    try:  # "module:" names the module itself, imported as ``import module`` would
        found = pkgutil.resolve_name(f"{module}:")
    except Exception as e:  # the module's own code runs: anything may go wrong in it
        raise ValueError(f"cannot load the bot {name!r}: {type(e).__name__}: {e}") from None
    bot = getattr(found, attr, None)
    if not callable(bot):
        raise ValueError(f"{name!r} is not a function: {module} has no function {attr!r}")
    return bot


def _bar(args: Any) -> Progress | None:
    """The command's progress bar on standard error, when ``--progress`` asks for one or,
    unsaid, when standard error is a terminal: tqdm's (games done, rate, time left), or
    without tqdm (the core install) a plain one."""
    if not (sys.stderr.isatty() if args.progress is None else args.progress):
        return None
    return tqdm_bar(args.n, desc=args.game, file=sys.stderr) or _Bar(args.n)


class _Bar:
    """A plain progress bar on standard error, where tqdm is not installed:
    ``[#####.....] 5,000/10,000 games``."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0

    def __call__(self, k: int) -> None:
        import sys

        self.done += k
        filled = 30 * self.done // max(1, self.total)
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done:,}/{self.total:,} games"
        )
        sys.stderr.flush()

    def close(self) -> None:
        import sys

        sys.stderr.write("\n")
