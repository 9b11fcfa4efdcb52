"""The articles' own words: every traced statement of cardlib/<game>/sources.yaml quotes
the sentence(s) of the article it reads (``quote:``), verbatim in the article's language,
beside its English reading (``says:``).

The articles are not in the repository, and a clean clone has none, so the checks come in
two parts:

* always: every implemented statement has a quote or records a silence; each quote is
  written in its article's script; every rule has a quoted statement, or is a house rule or
  an interpretation where a statement records that the sources are silent; no quote names
  the articles' publisher; every article has its language and the SHA-256 of its text;
* where the articles are present (``CARDLIB_SEEDS``, by default /work/shared/seeds, where
  the course was written): each article's text has the digest its table records (the quotes
  were taken from that very text) and every quote is found in it, character for character.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import pytest
import yaml

from cardlib.catalogue import Article, Statement, parse_articles, parse_sources, rules, sources

SEEDS = Path(os.environ.get("CARDLIB_SEEDS", "/work/shared/seeds"))

#: what text in each article's language is written in
SCRIPTS = {
    "zh-TW": re.compile(r"[\u4e00-\u9fff]"),
    "bg": re.compile(r"[\u0400-\u04ff]"),
    "id": re.compile(r"^[\x00-\x7f\u2018-\u201f\u2026]*[A-Za-z][\x00-\x7f\u2018-\u201f\u2026]*$"),
}
#: the site that published the Chinese articles (see docs/teaching.md): never quoted
PUBLISHER = ("娛樂城", "阿拉八")


def structure_problems(game: str, table: list[Statement], articles: list[Article]) -> list[str]:
    """What is wrong with a game's quotes whatever the articles say (empty: nothing)."""
    problems = []
    for a in articles:
        if a.language not in SCRIPTS:
            problems.append(f"{a.file}: language {a.language!r} is not one of {sorted(SCRIPTS)}")
        if not re.fullmatch(r"[0-9a-f]{64}", a.sha256):
            problems.append(f"{a.file}: no SHA-256 of the text the quotes were taken from")
    for s in table:
        if s.not_implemented is None and not s.quotes and not s.silent:
            problems.append(f"{s.id}: implemented, but quotes nothing and records no silence")
        if s.quotes and s.silent:
            problems.append(f"{s.id}: quotes the article and says it is silent")
        script = SCRIPTS.get(s.language)
        for q in s.quotes:
            if q != q.strip() or not q:
                problems.append(f"{s.id}: a quote with space around it: {q!r}")
            if script is not None and not script.search(q):
                problems.append(f"{s.id}: {q[:30]!r} is not written in {s.language}")
            if any(name in q for name in PUBLISHER):
                problems.append(f"{s.id}: the quote names the articles' publisher")
    for r in rules.for_game(game):
        mine = [s for s in table if r.id in s.rules]
        if any(s.quotes for s in mine):
            continue
        silent = any(s.silent for s in mine)
        chosen = "house rule" in r.rule_sets or bool(r.interpretations)
        if not (silent and chosen):
            problems.append(
                f"{r.id}: no statement quotes the article for it, and it is not a house rule or "
                "an interpretation where a statement records the sources' silence"
            )
    return problems


def verbatim_problems(table: list[Statement], articles: list[Article], folder: Path) -> list[str]:
    """What the articles in ``folder`` say against the table's digests and quotes."""
    problems = []
    texts = {}
    for a in articles:
        path = folder / a.file
        if not path.is_file():
            problems.append(f"{a.file}: the article is not in {folder}")
            continue
        data = path.read_bytes()
        if hashlib.sha256(data).hexdigest() != a.sha256:
            problems.append(f"{a.file}: not the text the quotes were taken from (SHA-256 differs)")
            continue
        texts[a.file] = data.decode("utf-8")
    for s in table:
        if s.file not in texts:
            continue
        for q in s.quotes:
            if q not in texts[s.file]:
                problems.append(f"{s.id}: not in {s.file} word for word: {q[:40]!r}")
    return problems


@pytest.mark.parametrize("game", sources.games())
def test_every_statement_quotes_its_article_in_its_language(game):
    table = sources.statements(game)
    assert sum(1 for s in table if s.quotes) >= len(table) - 3
    assert structure_problems(game, table, sources.articles(game)) == []


@pytest.mark.parametrize("game", sources.games())
def test_every_quote_is_word_for_word_in_its_article(game):
    if not SEEDS.is_dir():
        pytest.skip(f"the source articles are not here ({SEEDS}; set CARDLIB_SEEDS)")
    table = sources.statements(game)
    assert verbatim_problems(table, sources.articles(game), SEEDS) == []


BAD = """
game: golf
sources:
  - file: a.txt
    title: fixture
    language: zh-TW
    sha256: %s
    statements:
      - {id: a-1, says: pairs score nothing, quote: "同欄同點整欄 0 分", rules: [GOLF-COLUMN]}
      - {id: a-2, says: no quote, rules: [GOLF-DECK]}
      - {id: a-3, says: wrong script, quote: "two rows of three", rules: [GOLF-DEAL]}
      - {id: a-4, says: not in the text, quote: "兩排三欄", rules: [GOLF-DEAL]}
      - {id: a-5, says: names the site, quote: "阿拉八", rules: [GOLF-DEAL]}
      - {id: a-6, says: silent, silent: "nothing", rules: [GOLF-ORDER]}
      - {id: a-7, says: a disclaimer, not_implemented: not a rule}
"""


def test_a_bad_table_fails_for_each_reason(tmp_path):
    text = "先把位置排清楚:同欄同點整欄 0 分。"
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()
    raw = yaml.safe_load(BAD % digest)
    table, articles = parse_sources(raw), parse_articles(raw)
    found = "\n".join(structure_problems("golf", table, articles))
    assert "a-1" not in found and "a-7" not in found
    assert "a-2: implemented, but quotes nothing" in found
    assert "a-3: 'two rows of three' is not written in zh-TW" in found
    assert "a-5: the quote names the articles' publisher" in found
    # a silence is no excuse for a rule the engine decides without an interpretation
    assert "GOLF-ORDER: no statement quotes the article for it" in found
    assert "GOLF-COLUMN" not in found
    verbatim = "\n".join(verbatim_problems(table, articles, tmp_path))
    assert "a-4: not in a.txt word for word" in verbatim and "a-1" not in verbatim
    (tmp_path / "a.txt").write_text(text + "\n", encoding="utf-8")  # the article changed
    assert verbatim_problems(table, articles, tmp_path) == [
        "a.txt: not the text the quotes were taken from (SHA-256 differs)"
    ]
    assert "the article is not in" in verbatim_problems(table, articles, tmp_path / "none")[0]


def test_a_rule_prints_the_articles_own_words_beside_its_reading(cli):
    result = cli("rules", "ROOK-NEST-LAST", "GF-NEXT")
    assert result.returncode == 0 and result.stderr == ""
    for rule_id in ("ROOK-NEST-LAST", "GF-NEXT"):
        block = result.stdout.split(rule_id + "  ", 1)[1].split("\n\n", 1)[0]
        said = sources.for_rule(rule_id)
        assert said
        for s in said:
            entry = block.split(f"    {s.id} (", 1)[1]
            original, english = entry.split("\n")[1:3]
            assert original == f"      {s.language}: {' … '.join(s.quotes)}"
            assert english == f"      English: {s.says}"
    assert "bg: " in result.stdout and "id: " in result.stdout  # GF-NEXT: the other articles


def test_a_silent_article_is_said_so():
    (statement,) = sources.for_rule("ROOK-ALL-PASS")
    assert statement.silent and not statement.quotes
    assert "the article is silent" in sources.quoted("ROOK-ALL-PASS")


@pytest.mark.parametrize("game", sources.games())
def test_the_table_prints_every_quote(game, cli):
    out = cli("rules", "--sources", game).stdout
    for s in sources.statements(game):
        for q in s.quotes:
            assert q in out, s.id
