"""Hostile input: every file of the corpus (tests/hostile/, one file per reproduction of
issue 11, sections 1-4) and every odd path on the command line (section 5) gets the right
exit status and one line per problem, ``PATH:LINE:COL: CODE message``, never a traceback,
valid JSON under ``--format json``, and bounded output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib import cli
from cardlib.examples import MAX_BYTES
from tests.conftest import ROOT, run_cli
from tests.support.examples import DIAGNOSTIC

CORPUS = ROOT / "tests" / "hostile"

#: file -> (exit status, code of the first problem, its line)
EXPECTED: dict[str, tuple[int, str, int]] = {
    "1-bad-date.yaml": (2, "INPUT-SCHEMA", 1),  # a date is text: no example: field here
    "1-binary-tag.yaml": (2, "INPUT-YAML", 1),
    "1-byte-7f.yaml": (2, "INPUT-YAML", 1),
    "1-complex-key.yaml": (2, "INPUT-YAML", 1),
    "1-control-character.yaml": (2, "INPUT-YAML", 1),
    "1-empty-bool-tag.yaml": (2, "INPUT-YAML", 1),
    "1-empty-timestamp-tag.yaml": (2, "INPUT-YAML", 1),
    "1-float-tag-on-text.yaml": (2, "INPUT-YAML", 1),
    "1-hex-int-3600-digits.yaml": (2, "INPUT-LIMIT", 7),
    "1-hex-int-title.yaml": (2, "INPUT-LIMIT", 1),
    "1-int-4301-digits.yaml": (2, "INPUT-LIMIT", 1),
    "1-int-sum-past-4300-digits.yaml": (2, "INPUT-LIMIT", 7),
    "1-int-tag-on-text.yaml": (2, "INPUT-YAML", 1),
    "1-local-tag.yaml": (2, "INPUT-YAML", 1),
    "1-map-tag-on-list.yaml": (2, "INPUT-YAML", 1),
    "1-map-tag-on-text.yaml": (2, "INPUT-YAML", 1),
    "1-merge-key.yaml": (2, "INPUT-SCHEMA", 1),  # "<<" is a plain key, nothing is merged
    "1-nul-byte.yaml": (2, "INPUT-YAML", 1),
    "1-null-key.yaml": (2, "INPUT-SCHEMA", 1),  # a key is the text written: "~", not null
    "1-seq-tag-on-text.yaml": (2, "INPUT-YAML", 1),
    "1-set-tag.yaml": (2, "INPUT-YAML", 1),
    "1-ufffe.yaml": (2, "INPUT-YAML", 1),
    "2-gofish-books-float.yaml": (2, "INPUT-SCHEMA", 14),
    "2-gofish-hand-float.yaml": (2, "INPUT-SCHEMA", 14),
    "2-golf-stock-size-float.yaml": (2, "INPUT-SCHEMA", 10),
    "2-golf-superscript-key.yaml": (2, "INPUT-SCHEMA", 10),
    "2-infinite-float.yaml": (2, "INPUT-SCHEMA", 10),
    "2-rook-hand-float.yaml": (2, "INPUT-SCHEMA", 10),
    "2-rook-bid-arabic-digits.yaml": (2, "INPUT-MOVE", 7),
    "2-rook-legal-float.yaml": (2, "INPUT-SCHEMA", 13),
    "2-rook-legal-long-move.yaml": (2, "INPUT-SCHEMA", 13),
    "2-rook-long-move.yaml": (2, "INPUT-SCHEMA", 13),
    "2-rook-nest-float.yaml": (2, "INPUT-SCHEMA", 13),
    "3-escape-sequence-in-a-player.yaml": (2, "INPUT-PLAYER", 8),
    "3-line-separator-in-a-move.yaml": (2, "INPUT-MOVE", 14),
    "3-newline-in-a-key.yaml": (2, "INPUT-SCHEMA", 15),
    "3-newline-in-a-name.yaml": (2, "INPUT-SCHEMA", 5),  # a name is one line, refused at players
    "4-nest-legal-blowup.yaml": (1, "ROOK-NEST-TAKE", 13),
}


def test_the_corpus_and_the_table_agree():
    assert sorted(p.name for p in CORPUS.iterdir()) == sorted(EXPECTED)


def run_main(capsys, *args: str) -> tuple[int, str, str]:
    """``cardlib ARGS`` in this process (the corpus is large; a few files go through the
    real command line below)."""
    status = cli.main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def check_promise(status: int, out: str, err: str, path: str, expected: tuple[int, str, int]):
    exit_code, code, line = expected
    assert status == exit_code, out + err
    assert err == "" and "Traceback" not in out
    lines = out.splitlines()
    assert 2 <= len(lines) <= 102 and len(out) < 200_000, len(out)
    *problems, summary = lines
    assert "examples" in summary or "example " in summary, summary
    for text in problems:
        m = DIAGNOSTIC.match(text)
        assert m and m["path"] == path, text
    first = DIAGNOSTIC.match(problems[0])
    assert first and first["rule"] == code and int(first["line"]) == line, problems[0]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hostile_file(capsys, name):
    path = str(CORPUS / name)
    status, out, err = run_main(capsys, "check", path)
    check_promise(status, out, err, path, EXPECTED[name])
    status, out, err = run_main(capsys, "check", "--format", "json", path)
    data = json.loads(out)
    assert status == data["status"] == EXPECTED[name][0] and err == ""
    problems = [p for e in data["examples"] for p in e["problems"]]
    assert problems[0]["rule"] == EXPECTED[name][1]
    assert all("\n" not in p["message"] for p in problems)


@pytest.mark.parametrize("name", ["1-nul-byte.yaml", "3-newline-in-a-name.yaml"])
def test_hostile_file_through_the_real_command_line(name):
    path = str(CORPUS / name)
    result = run_cli("check", path)
    check_promise(result.returncode, result.stdout, result.stderr, path, EXPECTED[name])


def test_a_long_quoted_list_says_how_many_more(capsys):
    _, out, _ = run_main(capsys, "check", str(CORPUS / "4-nest-legal-blowup.yaml"))
    first, *_, cut, _summary = out.splitlines()
    assert "... and 1,990 more]" in first and len(first) < 1200
    assert "INPUT-LIMIT more than 100 problems in this file" in cut


# -- the command line's surface (issue 11, section 5) ----------------------------------------


def cli_status(*args: str, **kw) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", **kw.pop("env", {})}
    return subprocess.run(
        [sys.executable, "-m", "cardlib", *args],
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        **kw,
    )


def one_problem(result, code: str, exit_code: int = 2) -> str:
    assert result.returncode == exit_code and result.stderr == b"", result
    lines = result.stdout.decode("utf-8").splitlines()
    assert len(lines) == 2 and DIAGNOSTIC.match(lines[0]), lines
    assert f": {code} " in lines[0], lines[0]
    return lines[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert "not a regular file" in one_problem(cli_status("check", str(fifo)), "INPUT-FILE")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_an_endless_device_is_refused_without_reading(device):
    if not Path(device).exists():
        pytest.skip(f"no {device}")
    assert "not a regular file" in one_problem(cli_status("check", device), "INPUT-FILE")


def test_a_file_is_never_read_past_the_limit(tmp_path, monkeypatch):
    """A file that grows (or whose size stat misreports) is read up to the limit only."""
    from cardlib import examples

    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_BYTES + 10))
    monkeypatch.setattr(
        examples.os, "fstat", lambda fd: os.stat_result((0o100644, 0, 0, 1, 0, 0, 0, 0, 0, 0))
    )
    read: list[int] = []
    real_read = os.read

    def counting_read(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        read.append(len(data))
        return data

    monkeypatch.setattr(examples.os, "read", counting_read)
    with pytest.raises(examples.InputError, match="more than 1000 kB"):
        examples.read_bytes(big)
    assert sum(read) == MAX_BYTES + 1


def test_a_name_too_long_is_input_file(tmp_path):
    assert "too long" in one_problem(
        cli_status("check", str(tmp_path / ("x" * 300 + ".yaml"))), "INPUT-FILE"
    )


def test_a_path_that_cannot_be_looked_at_is_input_file(tmp_path, monkeypatch):
    from cardlib.check import check_paths, exit_status

    def refuse(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "is_dir", refuse)
    reports = check_paths([tmp_path / "locked" / "x.yaml"])
    assert exit_status(reports) == 2
    assert reports[0].problems[0].rule == "INPUT-FILE"
    assert "Permission denied" in reports[0].problems[0].message


def test_an_unreadable_sub_folder_is_reported(tmp_path, monkeypatch):
    from cardlib import check

    (tmp_path / "ok").mkdir()
    (tmp_path / "locked").mkdir()
    good = ROOT / "examples" / "golf" / "two-twos.yaml"
    (tmp_path / "ok" / "a.yaml").write_bytes(good.read_bytes())
    real_walk = os.walk

    def walk(top, onerror=None):
        for folder, subs, files in real_walk(top, onerror=onerror):
            if Path(folder).name == "locked":
                onerror(PermissionError(13, "Permission denied", folder))
                continue
            yield folder, subs, files

    monkeypatch.setattr(check.os, "walk", walk)
    reports = check.check_paths([tmp_path])
    assert check.exit_status(reports) == 2
    (locked,) = [p for r in reports for p in r.problems]
    assert locked.path == str(tmp_path / "locked") and locked.rule == "INPUT-FILE"
    assert "Permission denied" in locked.message
    assert sum(r.passed for r in reports) >= 1


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses such names")
@pytest.mark.parametrize("encoding", ["utf-8", None])
def test_a_file_name_that_is_not_utf8_is_escaped(tmp_path, encoding):
    folder = os.fsencode(tmp_path)
    bad = folder + b"/bad-\xfe.yaml"
    with open(bad, "wb") as f:
        f.write(b"example: [\n")
    env = {"LC_ALL": "C.UTF-8"}
    if encoding is None:
        env["PYTHONIOENCODING"] = ""
    text = cli_status("check", os.fsdecode(bad), env=env)
    assert "bad-\\xfe.yaml:" in one_problem(text, "INPUT-YAML")
    as_json = cli_status("check", "--format", "json", os.fsdecode(bad), env=env)
    assert as_json.returncode == 2 and as_json.stderr == b""
    data = json.loads(as_json.stdout.decode("utf-8"))
    assert data["examples"][0]["path"].endswith("bad-\\xfe.yaml")


def test_dash_reads_standard_input():
    good = (ROOT / "examples" / "golf" / "two-twos.yaml").read_bytes()
    result = cli_status("check", "-", input=good)
    assert result.returncode == 0 and " in 1 file: " in result.stdout.decode()
    bad = cli_status("check", "-", input=b"example: [\n")
    assert one_problem(bad, "INPUT-YAML").startswith("<stdin>:")
    assert cli_status("check", "-", input=b"x" * (MAX_BYTES + 5)).returncode == 2


def test_standard_input_that_cannot_be_read_is_input_file(tmp_path):
    """- with standard input closed, open only for writing, or set not to wait and empty."""
    import fcntl

    closed = cli_status("check", "-", stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0))
    assert "cannot read standard input: it is closed" in one_problem(closed, "INPUT-FILE")
    with open(tmp_path / "out.txt", "wb") as write_only:
        result = cli_status("check", "-", stdin=write_only)
    assert one_problem(result, "INPUT-FILE").startswith("<stdin>:1:1: INPUT-FILE cannot read")
    r, w = os.pipe()
    try:
        fcntl.fcntl(r, fcntl.F_SETFL, fcntl.fcntl(r, fcntl.F_GETFL) | os.O_NONBLOCK)
        result = cli_status("check", "-", stdin=r)
    finally:
        os.close(r)
        os.close(w)
    assert "nothing has been written to it yet" in one_problem(result, "INPUT-FILE")


def test_an_empty_path_is_not_the_current_folder(tmp_path):
    (tmp_path / "a.yaml").write_bytes((ROOT / "examples" / "golf" / "two-twos.yaml").read_bytes())
    result = subprocess.run(
        [sys.executable, "-m", "cardlib", "check", ""],
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    line = one_problem(result, "INPUT-FILE")
    assert line.startswith("<empty path>:1:1: INPUT-FILE an empty path names no file"), line


def test_the_last_line_of_defence(capsys, monkeypatch):
    """A bug in cardlib (never an input: the tests above and the fuzz tests make sure) is
    one line and exit 3; ``--debug`` shows the traceback."""
    from cardlib import check

    def broken(paths):
        raise KeyError("a bug")

    monkeypatch.setattr(check, "check_paths", broken)
    status, out, err = run_main(capsys, "check", "examples")
    assert status == 3 and out == "" and len(err.splitlines()) == 1
    assert "internal error (KeyError: 'a bug')" in err and "--debug" in err
    with pytest.raises(KeyError):
        cli.main(["--debug", "check", "examples"])
