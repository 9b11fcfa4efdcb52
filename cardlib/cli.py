"""The ``cardlib`` command: ``cardlib check [PATH...]``, ``cardlib rules [ID...]`` (also
``--sources``, ``--sheet GAME``, ``--glossary``), ``cardlib schema``, ``cardlib simulate GAME``,
``cardlib analyse GAME`` and ``cardlib compare GAME`` (the rule-variant lab, :mod:`cardlib.analysis`).

Exit status of ``check``: 0 when every example passes, 1 when a move is illegal or a claim
is wrong, 2 when a file cannot be read or is invalid, and on a usage error; 3 only if
cardlib itself fails (a bug: one line says so; ``--debug`` shows the traceback).
``cardlib check -`` reads one file from standard input (for editors and pipes;
``--stdin-filename NAME`` names it in the diagnostics).  ``--format`` is ``text`` (one line a
problem), ``json``, ``github`` (GitHub Actions annotations) or ``sarif`` (SARIF 2.1.0).
``cardlib check`` with no path checks ``examples/`` if the folder it runs in has one, and
otherwise the worked examples that come with cardlib, saying so.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardlib.errors import EXIT_INTERNAL

if TYPE_CHECKING:
    import argparse

    from cardlib.catalogue import Rule

FORMATS = ("text", "json", "github", "sarif")
DEFAULT_FOLDER = "examples"


def _parser() -> argparse.ArgumentParser:
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> None:  # type: ignore[override]
            self.print_usage(sys.stderr)
            print(f"cardlib: error: {message}", file=sys.stderr)
            raise SystemExit(2)

    parser = _Parser(
        prog="cardlib",
        description="Check worked examples of card games against their rules, explain the "
        "rules, and simulate games.",
        epilog="Exit status of check: 0 all passed, 1 a move is illegal or a claim is wrong, "
        "2 a file cannot be read or is invalid (or a usage error), 3 cardlib itself failed.",
    )
    parser.add_argument(
        "--debug", action="store_true", help="show the traceback if cardlib itself fails"
    )
    from cardlib import __version__

    parser.add_argument(
        "--version", action="version", version=f"cardlib {__version__} (cardlib-course)"
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    check = sub.add_parser("check", help="replay worked examples and verify every claim")
    check.add_argument(
        "paths",
        nargs="*",
        help="files or folders (default: examples/ here, or else the examples that come with "
        "cardlib); - reads one file from standard input",
    )
    check.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text (PATH:LINE:COL: RULE message), json, github (GitHub Actions annotations) "
        "or sarif (SARIF 2.1.0)",
    )
    check.add_argument(
        "--stdin-filename",
        metavar="NAME",
        help="the name to report for - (standard input), such as the path of an editor's buffer",
    )
    check.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="narrate every step and the rule that decided it",
    )

    rules = sub.add_parser(
        "rules",
        help="explain rules of the catalogue, with the source articles' own words",
        description="Print rules: each in full, in one line, with the sentences of the source "
        "articles it comes from, quoted in the original beside their English reading.",
    )
    rules.add_argument(
        "ids",
        nargs="*",
        help="rule IDs or a game's ID (a registered game's own too); default: the catalogue's",
    )
    what = rules.add_mutually_exclusive_group()
    what.add_argument(
        "--sources",
        action="store_true",
        help="print the traceability table: each statement of the sources, quoted in the "
        "original and read in English, and what implements it",
    )
    what.add_argument(
        "--sheet",
        action="store_true",
        help="print a game's one-page rules sheet as HTML, ready to print "
        "(cardlib rules --sheet GAME > rules.html)",
    )
    what.add_argument(
        "--glossary",
        action="store_true",
        help="print the glossary of the games' terms in Traditional Chinese and English "
        "(Markdown, as docs/glossary.md)",
    )
    rules.add_argument(
        "--code",
        action="store_true",
        help="print, under each rule, the source of the function that enforces it",
    )

    sub.add_parser("schema", help="print the JSON Schema of a worked example")
    sim = sub.add_parser("simulate", help="play N seeded games with bots; write a row a game")
    from cardlib.games import GAMES

    # GAMES itself, not a list of it: the installed packages' games are read only when a
    # game the course does not ship is named or the help is shown (metavar: not listed here)
    sim.add_argument("game", choices=GAMES, metavar="GAME", help=_Later(_game_words))  # type: ignore[arg-type]
    sim.add_argument("-n", type=int, default=1000, help="games (default 1000)")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--players", nargs="+", help="a number, or the names in seat order")
    sim.add_argument("--rule-set", help=_Later(_rule_set_words))  # type: ignore[arg-type]
    sim.add_argument("--option", action="append", default=[], help="an option: NAME=VALUE")
    sim.add_argument("--bots", nargs="+", default=["random"], help="random, simple or module:fn")
    sim.add_argument("--full-game", action="store_true", help=_Later(_full_game_words))  # type: ignore[arg-type]
    sim.add_argument("--max-moves", type=int, default=10_000, help="cap on decisions a game")
    sim.add_argument("--format", choices=["csv", "jsonl"], default="csv")
    sim.add_argument("-o", "--output", help="file to write (default: standard output)")
    sim.add_argument(
        "--workers",
        type=int,
        help="worker processes (default: by size; at most the CPUs this process may use)",
    )
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="a bar on standard error: games done, rate, time left (default: when it is a terminal)",
    )
    for name, words in (
        ("analyse", "measure one rule set: fairness, luck, length, drama, with 95% intervals"),
        ("compare", "measure several rule sets or options side by side, on the same deals"),
    ):
        lab = sub.add_parser(name, help=words, description=words)
        lab.add_argument("game", choices=GAMES, metavar="GAME", help=_Later(_game_words))  # type: ignore[arg-type]
        if name == "analyse":
            lab.add_argument("--rule-set", help=_Later(_rule_set_words))  # type: ignore[arg-type]
            lab.add_argument("--option", action="append", default=[], help="NAME=VALUE")
        else:
            lab.add_argument(
                "--variant",
                action="append",
                default=[],
                help="a rule set, NAME=VALUE, or both by commas (bicycle,refill=true); "
                "default: every rule set, and each option that is off switched on",
            )
        lab.add_argument("-n", type=int, default=1000, help="games a variant (default 1000)")
        lab.add_argument("--seed", type=int, default=0)
        lab.add_argument("--players", nargs="+", help="a number, or the names in seat order")
        lab.add_argument(
            "--bots", nargs="+", default=["simple"], help="simple (default), random or module:fn"
        )
        lab.add_argument(
            "--order-games",
            type=int,
            help="games of the simple bot among random players, for order (default: -n; 0: none)",
        )
        lab.add_argument(
            "--resamples", type=int, default=1000, help="the bootstrap's resamples (default 1000)"
        )
        lab.add_argument("--max-moves", type=int, default=10_000, help="cap on decisions a game")
        lab.add_argument(
            "--format",
            choices=["table", "csv", "json"],
            help="default: by -o's suffix (.csv, .json), else a table",
        )
        lab.add_argument("-o", "--output", help="file to write (default: standard output)")
        lab.add_argument("--plot", help="also draw a figure, FILE.png or FILE.svg (matplotlib)")
        lab.add_argument(
            "--workers",
            type=int,
            help="worker processes (default: by size; at most the CPUs this process may use)",
        )
        lab.add_argument(
            "--executor",
            metavar="ADDRESS",
            help="play the games on a Dask cluster: its scheduler's address "
            "(tcp://host:8786; needs dask.distributed); the same results as here",
        )
    return parser


class _Later:
    """Help words made from the games' specs only when the help is shown: building the
    parser imports no game, so ``cardlib --version`` and ``cardlib rules`` stay quick."""

    def __init__(self, words: Callable[[], str]) -> None:
        self.words = words

    def __str__(self) -> str:
        return self.words()

    def strip(self) -> str:
        return str(self).strip()

    def __mod__(self, params: object) -> str:  # how argparse fills in a help text
        return str(self) % params


def _or(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _game_words() -> str:
    """``golf, go-fish or rook``: the games there are."""
    from cardlib.games import GAMES

    return f"the game: {_or(list(GAMES))}"


def _rule_set_words() -> str:
    """``Go Fish: pagat, bicycle or gamerules``: the games that have several rule sets."""
    from cardlib.games import GAMES

    several = [s for s in GAMES.values() if len(s.rule_sets) > 1]
    return "; ".join(f"{s.name}: {_or(s.rule_sets)}" for s in several) or "the game's one"


def _full_game_words() -> str:
    """``Rook: play a game to 300``: the games that have a game of several hands."""
    from cardlib.games import GAMES

    return "; ".join(f"{s.name}: play {s.whole_game_words}" for s in GAMES.values() if s.whole_game)


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # never fail on a character the terminal lacks
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    debug = "--debug" in (sys.argv[1:] if argv is None else argv)
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader went away (``cardlib check | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("cardlib: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # the last line of defence: a bug in cardlib, in one line
        if debug:
            raise
        from cardlib.examples import clip

        print(
            f"cardlib: internal error ({type(exc).__name__}: {clip(str(exc), 200)}); "
            "please report it (run with --debug for the traceback)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def _plain_check(argv: Sequence[str]) -> list[str] | None:
    """The paths of ``cardlib check PATH...`` written without an option (the common case),
    as the parser would give them; None for anything else.  Such a command is run without
    building the parser: argparse and its help formatter are a tenth of the time of checking
    one file."""
    if argv[:1] != ["check"] or any(a.startswith("-") and a != "-" for a in argv[1:]):
        return None
    return list(argv[1:])


def _main(argv: Sequence[str] | None) -> int:
    paths = _plain_check(sys.argv[1:] if argv is None else list(argv))
    if paths is not None:
        return _check(paths, "text", False)
    args = _parser().parse_args(argv)
    if args.command == "schema":
        import json

        from cardlib.examples import schema

        print(json.dumps(schema(), indent=2, ensure_ascii=False))
        return 0
    if args.command == "rules":
        if args.sources:
            return _sources(args.ids)
        if args.sheet:
            return _sheet(args.ids)
        if args.glossary:
            return _glossary(args.ids)
        return _rules(args.ids, code=args.code)
    if args.command == "simulate":
        from cardlib.simulate import command

        return command(args)
    if args.command in ("analyse", "compare"):
        from cardlib.analysis.command import command as lab

        return lab(args)
    return _check(args.paths, args.format, args.verbose, args.stdin_filename)


def _rules(ids: list[str], *, code: bool = False) -> int:
    from cardlib.catalogue import rules, sources

    games = {r.game for r in rules.values()}
    chosen = []
    for i in ids or list(rules):
        if i in games:
            chosen.extend(rules.for_game(i))
        elif i in rules:
            chosen.append(rules[i])
        elif (own := _own_rules(i, games)) is not None:
            chosen.extend(own)
        else:
            from cardlib.examples import clip

            print(f"cardlib: '{clip(i)}' is not a rule ID or a game", file=sys.stderr)
            return 2
    for rule in chosen:
        print(rule.explain())
        quoted = sources.quoted(rule.id)
        if quoted:
            print(quoted)
        if code:
            source = rule.code
            if source is None:
                print("  Enforced by: no single function marks this rule yet.")
            else:
                fn = rule.enforced_by
                print(f"  Enforced by: {fn.__module__}.{fn.__qualname__}")  # type: ignore[union-attr]
                print("\n".join("    " + line if line else "" for line in source.splitlines()))
        print()
    return 0


def _own_rules(asked: str, catalogued: set[str]) -> list[Rule] | None:
    """The rules ``asked`` names (a game's ID, or one rule's) among the registered games
    outside the catalogue, each of which keeps its own in its folder (a game from outside
    cardlib: :attr:`cardlib.games.GameSpec.rules`); None if none has it."""
    from cardlib.errors import CardlibError
    from cardlib.games import GAMES

    for game_id in GAMES:
        if game_id in catalogued:
            continue
        try:
            own = GAMES[game_id].rules
        except CardlibError:  # an installed game that does not load is not asked
            continue
        if asked == game_id:
            return list(own.values())
        if asked in own:
            return [own[asked]]
    return None


def _sources(games: list[str]) -> int:
    from cardlib.catalogue import sources
    from cardlib.examples import clip

    known = sources.games()
    for game in games:
        if game not in known:
            print(
                f"cardlib: no traceability table for '{clip(game)}' "
                f"(tables: {', '.join(known) or 'none'})",
                file=sys.stderr,
            )
            return 2
    for game in games or known:
        print(sources.table(game))
    return 0


def _one_game(ids: list[str], option: str) -> str | None:
    """The one game ``--sheet`` is asked for, or None (said on standard error)."""
    from cardlib.catalogue import rules
    from cardlib.examples import clip

    games = rules.games()
    if len(ids) != 1 or ids[0] not in games:
        given = f"'{clip(' '.join(ids))}'" if ids else "nothing"
        print(
            f"cardlib: {option} takes one game ({_or(games)}), not {given}",
            file=sys.stderr,
        )
        return None
    return ids[0]


def _sheet(ids: list[str]) -> int:
    game = _one_game(ids, "--sheet")
    if game is None:
        return 2
    from cardlib.sheets import sheet

    sys.stdout.write(sheet(game))
    return 0


def _glossary(ids: list[str]) -> int:
    if ids:
        from cardlib.examples import clip

        print(f"cardlib: --glossary takes no rule or game ('{clip(ids[0])}')", file=sys.stderr)
        return 2
    from cardlib.sheets import glossary_markdown

    sys.stdout.write(glossary_markdown())
    return 0


def _default_paths() -> list[str]:
    """What ``cardlib check`` with no path checks: ``examples/`` where it runs, else the
    worked examples that come with cardlib (one line on standard error says so)."""
    if os.path.isdir(DEFAULT_FOLDER):
        return [DEFAULT_FOLDER]
    from cardlib.check import shipped_examples

    try:
        folder = shipped_examples()
    except FileNotFoundError:
        return [DEFAULT_FOLDER]  # reported as a folder that is not there
    print(
        f"cardlib: no {DEFAULT_FOLDER}/ folder here: checking the worked examples that come "
        f"with cardlib ({folder})",
        file=sys.stderr,
    )
    return [str(folder)]


def _check(paths: list[str], fmt: str, verbose: bool, stdin_name: str | None = None) -> int:
    from cardlib.check import check_paths, exit_status, summary

    paths = paths or _default_paths()
    reports = check_paths(paths, stdin_name=stdin_name) if stdin_name else check_paths(paths)
    status = exit_status(reports)
    # standard input is not read again for where a value ends (a file of its name may differ)
    unread = {stdin_name or "<stdin>"} if "-" in paths else set()
    if fmt in ("json", "sarif"):
        import json

        from cardlib import formats

        out = (
            formats.as_json(reports, status, unread=unread)
            if fmt == "json"
            else formats.as_sarif(reports, status, unread=unread)
        )
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return status
    if fmt == "github":
        from cardlib import formats

        print(formats.as_github(reports, unread=unread))
        return status
    for r in reports:
        if verbose:
            print(f"{r.path}: {r.title}")
            for line in r.as_dict()["narration"]:
                print(f"  {line}")
        for p in r.problems:
            print(p)
        if verbose:
            print("  passed\n" if r.passed else "  FAILED\n")
    print(summary(reports))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
