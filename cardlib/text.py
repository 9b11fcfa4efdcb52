"""Text for one line of a diagnostic: escaped so that it stays one line, and clipped.

A diagnostic is one line of valid UTF-8 whatever a file holds: its name, a key or a value
may hold line ends, terminal escapes or bytes that are not UTF-8, and a value may be as
long as the file.
"""

from __future__ import annotations

import re

#: what one diagnostic line shows escaped: control characters, line and paragraph
#: separators, lone surrogates (a file name that is not UTF-8) and non-characters
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")


def one_line(text: str) -> str:
    r"""``text`` with everything that could break a line or a terminal escaped, so that one
    diagnostic is always one line of valid UTF-8.

    >>> one_line("Mei\nX")
    'Mei\\nX'
    >>> one_line("bad-\udcfe.yaml")
    'bad-\\xfe.yaml'
    >>> one_line("\x1b[31mred")
    '\\x1b[31mred'
    """
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(_escape, text)


def _escape(m: re.Match[str]) -> str:
    c = m.group()
    n = ord(c)
    if 0xDC80 <= n <= 0xDCFF:  # a byte of a file name that is not UTF-8 (surrogateescape)
        return f"\\x{n - 0xDC00:02x}"
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c) or (
        f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"
    )


def valid(text: str) -> bool:
    r"""Whether ``text`` is valid text: it can be written as UTF-8 (no lone surrogate, such
    as a JSON escape ``"\ud800"`` or a file name's byte that is not UTF-8 makes).

    >>> valid("Mei 梅"), valid("\ud800")
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def clip(text: str, limit: int = 40) -> str:
    """``text`` shortened for a message: the start and how many characters are left out.

    >>> clip("x" * 50)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (10 more characters)'
    >>> clip("two\\nlines")
    'two\\\\nlines'
    """
    text = one_line(text)
    return (
        text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit:,} more characters)"
    )
