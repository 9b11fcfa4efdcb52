"""What the widget tests share: the text a learner reads, saving a game with the widget's own
button and checking it, and proving that a changed claim fails at its line."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from cardlib.check import check_file


def shown(widget_html: str) -> str:
    """The text a learner reads: the style sheet and tags dropped, entities decoded, spaces
    collapsed."""
    widget_html = re.sub(r"<style>.*?</style>", "", widget_html, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", widget_html)).split())


def checked(widget: Any, tmp_path: Path) -> Path:
    """Save the widget's game with its own button and check the file."""
    widget.folder.value = str(tmp_path)
    widget.save_button.click()
    assert widget.saved is not None and widget.saved.parent == tmp_path, widget.text
    assert f"Saved as {widget.saved}" in shown(widget.status.value)
    (report,) = check_file(widget.saved)
    assert report.passed, [str(p) for p in report.problems]
    saved: Path = widget.saved
    return saved


def changed_number_fails_at_its_line(path: Path, pattern: str) -> None:
    """One claimed number changed by 5: the check fails at that line and no other."""
    lines = path.read_text(encoding="utf-8").splitlines()
    at = max(i for i, line in enumerate(lines) if re.search(pattern, line))
    lines[at] = re.sub(
        pattern + r"(-?\d+)",
        lambda m: m.group(0)[: -len(m.group(1))] + str(int(m.group(1)) + 5),
        lines[at],
        count=1,
    )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (report,) = check_file(path)
    assert not report.passed
    assert [p.line for p in report.problems] == [at + 1], [str(p) for p in report.problems]
