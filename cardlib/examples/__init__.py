"""Worked-example files: reading them, and checking them against the JSON Schema.

* :mod:`cardlib.examples.reading` -- the bytes of a file or of standard input, with hard
  limits, and safe YAML that keeps the line and column of every value (:class:`Map`,
  :class:`Seq`, :func:`read_documents`);
* :mod:`cardlib.examples.validation` -- the JSON Schema of a worked example and checking a
  document against it (:func:`validate`);
* :mod:`cardlib.examples.words` -- what the schema refuses, in a learner's words.

The names other modules use are here: ``from cardlib.examples import read_documents``.
"""

from __future__ import annotations

import os  # noqa: F401 -- the tests reach os.fstat and os.read as cardlib.examples.os

from cardlib.errors import InputError as InputError
from cardlib.examples.reading import (
    FREE_TEXT,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_DOCUMENTS,
    MAX_TEXT,
    STDIN,
    read_documents,
    read_text,
)
from cardlib.examples.reading import (
    Map as Map,
)
from cardlib.examples.reading import (
    Seq as Seq,
)
from cardlib.examples.reading import (
    locate as locate,
)
from cardlib.examples.reading import (
    read_bytes as read_bytes,
)
from cardlib.examples.validation import schema, validate
from cardlib.text import clip as clip
from cardlib.text import one_line as one_line

#: the public names: reading a file or its bytes and checking a document against the schema.
#: The reading machinery the checker uses (``Map``, ``Seq``, ``locate``, ``read_bytes``,
#: ``clip``, ``one_line``, ``InputError``) is imported from here by name, but is not
#: promised to users.
__all__ = [
    "FREE_TEXT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_DOCUMENTS",
    "MAX_TEXT",
    "STDIN",
    "read_documents",
    "read_text",
    "schema",
    "validate",
]
