"""One module a game that lets the checker replay its worked examples (see cardlib.check)."""
