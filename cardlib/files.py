"""Writing a file where a learner's or a teacher's folder may hold a planted link.

Every file cardlib (and the course's tools) writes is written here, so that the rule is kept
in one place: a file is never written through a symbolic link, not even one pointing nowhere
(which would make a file outside the folder), and never over something that is not a file.

* :func:`create`: a new file, taken by creating it exclusively (``O_EXCL``, ``O_NOFOLLOW``),
  so no other program can slip a link in between looking and writing;
* :func:`write_new`: a new file at the first free name ``stem``, ``stem-2``... (an exported
  example: nothing already there is written over);
* :func:`replace`: a file written whole or not at all: into a new file of its own in the
  same folder, then renamed over the name (which replaces a name and never follows a link);
  a link or a folder of that name is refused, and so is a file that is not the writer's own;
* :func:`folder`: a folder made where it is missing, refused where a link has its name;
* :func:`open_to_write`: a file opened to be written as it goes (a stream of rows), never
  through a link.

Each refusal is a :class:`~cardlib.errors.SaveError` in one line that names the file.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

from cardlib.errors import SaveError
from cardlib.text import one_line

#: never follow a link at the last step of a path (where the system has the flag)
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

#: the most of an existing file read to decide whether it is the writer's own
MAX_OWN_BYTES = 1 << 22


def named(path: str | os.PathLike[str]) -> str:
    """A path as a message names it: quoted, on one line whatever it holds."""
    return repr(one_line(os.fspath(path)))


def words(exc: OSError | ValueError) -> str:
    """Why the system (or Python, for a name it cannot spell) would not write a file, in
    words: a link met where ``O_NOFOLLOW`` forbids one is said as such."""
    if isinstance(exc, OSError):
        if exc.errno == errno.ELOOP:
            return "it is a link, and a file is never written through one"
        return exc.strerror or str(exc)
    return str(exc)


def failed(path: str | os.PathLike[str], exc: OSError | ValueError) -> SaveError:
    """The system's (or Python's) refusal to write ``path``, as a
    :class:`~cardlib.errors.SaveError` in words with the system's ``errno``."""
    code = exc.errno if isinstance(exc, OSError) else None
    return SaveError(f"cannot write {named(path)}: {words(exc)}", code)


def create(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Write ``data`` as the new file ``path``; :class:`FileExistsError` where anything (a
    file, a folder, a link even to nowhere) already has its name."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, mode)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def write_new(folder: Path, stem: str, suffix: str, data: bytes) -> Path:
    """Write ``data`` into the first free name ``stem+suffix``, ``stem-2+suffix``... of
    ``folder``, each taken by :func:`create`; the path written.  The system's errors are
    raised as they are (the caller says where it was saving)."""
    for n in range(1, 10_000):
        path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        try:
            create(path, data)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(errno.EEXIST, f"{folder / stem}{suffix} and 9,998 other names are taken")


def _existing(path: Path) -> os.stat_result | None:
    """What has ``path``'s name (not following a link), or None."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _read_own(path: Path) -> bytes:
    """The start of the file ``path`` (at most :data:`MAX_OWN_BYTES`), read without
    following a link."""
    fd = os.open(path, os.O_RDONLY | NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as file:
        return file.read(MAX_OWN_BYTES)


def replaceable(
    path: Path, *, ours: Callable[[bytes], bool] | None = None, what: str = "a file"
) -> int:
    """The permissions :func:`replace` gives ``path``, or the
    :class:`~cardlib.errors.SaveError` it would refuse it with (a writer of several files
    asks of each before it writes any, so that a refusal changes nothing)."""
    try:
        there = _existing(path)
        if there is None:
            return 0o644
        if stat.S_ISLNK(there.st_mode):
            raise SaveError(
                f"cannot write {named(path)}: it is a link, and a file is never written "
                "through one (move it away)"
            )
        if not stat.S_ISREG(there.st_mode):
            raise SaveError(
                f"cannot write {named(path)}: something that is not a file has its name"
            )
        if ours is not None and not ours(_read_own(path)):
            raise SaveError(
                f"cannot write {named(path)}: a file that is not {what} has its name (move it away)"
            )
        return stat.S_IMODE(there.st_mode)
    except (OSError, ValueError) as exc:
        if isinstance(exc, SaveError):
            raise
        raise failed(path, exc) from exc


def replace(
    path: Path,
    data: bytes,
    *,
    ours: Callable[[bytes], bool] | None = None,
    what: str = "a file",
) -> None:
    """Write ``data`` as ``path``, whole or not at all (a new file in the same folder,
    renamed over ``path``); a file already there keeps its permissions.  Refused with a
    :class:`~cardlib.errors.SaveError` (see :func:`replaceable`): a link at ``path`` (even one
    pointing nowhere), anything there that is not a file, and, given ``ours`` (which is told
    the file's start), a file that is not the writer's own (``what`` says what that is)."""
    mode = replaceable(path, ours=ours, what=what)
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            os.fchmod(fd, mode)
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except (OSError, ValueError) as exc:
        raise failed(path, exc) from exc


def folder(path: Path) -> Path:
    """``path`` as a folder to write in: made (with its parents) where it is missing; a
    link of that name, or something that is not a folder, is refused."""
    try:
        there = _existing(path)
        if there is None:
            path.mkdir(parents=True, exist_ok=True)
            there = os.lstat(path)
        if stat.S_ISLNK(there.st_mode):
            raise SaveError(
                f"cannot write in {named(path)}: it is a link, and nothing is written through "
                "one (move it away)"
            )
        if not stat.S_ISDIR(there.st_mode):
            raise SaveError(f"cannot write in {named(path)}: it is not a folder")
    except (OSError, ValueError) as exc:
        if isinstance(exc, SaveError):
            raise
        raise failed(path, exc) from exc
    return path


def open_to_write(path: str | os.PathLike[str]) -> IO[str]:
    """``path`` opened to write text (UTF-8, newlines as written), emptied if it is a file
    already, never through a link: the system's :class:`OSError` (``ELOOP`` for a link,
    said by :func:`words`) or Python's :class:`ValueError` (a name it cannot spell) where
    it cannot be."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | NOFOLLOW, 0o644)
    return os.fdopen(fd, "w", newline="", encoding="utf-8")


__all__ = [
    "create",
    "failed",
    "folder",
    "named",
    "open_to_write",
    "replace",
    "replaceable",
    "words",
    "write_new",
]
