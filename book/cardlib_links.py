"""A Sphinx extension of the course's book (tools/book.py): a Markdown link to a file the
book serves as it is (``html_extra_path``: each game's rules sheet, ``sheets/<game>.html``,
which the notebooks link) stays a link to that file, instead of a missing cross-reference."""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.osutil import relative_uri


class ServedFiles(SphinxPostTransform):
    """Before MyST resolves its links (its resolver runs at the default priority, 10)."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        extra = [Path(self.app.confdir, p) for p in self.config.html_extra_path]
        here = self.env.docname
        for node in list(self.document.findall(addnodes.pending_xref)):
            if node.get("reftype") != "myst" or node.get("refdomain") == "doc":
                continue
            target = str(node["reftarget"])
            wanted = posixpath.normpath(posixpath.join(posixpath.dirname(here), target))
            if wanted.startswith("..") or not any((e / wanted).is_file() for e in extra):
                continue
            uri = relative_uri(self.app.builder.get_target_uri(here), wanted)
            link = nodes.reference("", "", internal=False, refuri=uri)
            link.extend(child.deepcopy() for child in node.children)
            node.replace_self(link)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_post_transform(ServedFiles)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
