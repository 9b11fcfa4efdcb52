"""The glossary for learners who read Chinese (cardlib/data/glossary.yaml): each term as the
Traditional Chinese articles write it, in English, with the rules it belongs to; rendered as
docs/glossary.md and on each game's rules sheet.

Where the articles are present (see tests/core/test_quotes.py), every term is found in a
Traditional Chinese article of each game its rules belong to, and that article is the text
the traceability table's digest names."""

from __future__ import annotations

import fnmatch
import hashlib
import re
import tomllib

import pytest

from cardlib.catalogue import DATA, glossary, rules, sources
from cardlib.sheets import glossary_markdown, sheet
from tests.conftest import ROOT
from tests.core.test_quotes import SEEDS

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_every_term_is_written_in_chinese_and_english_and_names_real_rules():
    terms = glossary.terms()
    assert len({t.zh for t in terms}) == len(terms), "a term is listed twice"
    for t in terms:
        assert HAN.search(t.zh) and not re.search(r"[A-Za-z]", t.zh), t.zh
        assert t.en.strip() and t.means.strip() and t.rules, t.zh
        for rule_id in t.rules:
            assert rule_id in rules, (t.zh, rule_id)


def test_the_issues_terms_are_there_with_their_english():
    """The terms issue 28 names, as the glossary gives them."""
    wanted = {"同欄": "column", "牌庫": "stock", "棄牌堆": "discard pile", "底牌": "nest"}
    wanted |= {"鳥牌": "Rook", "叫牌": "bid"}
    by_zh = {t.zh: t for t in glossary.terms()}
    for zh, en in wanted.items():
        assert en in by_zh[zh].en, zh


def test_every_game_has_its_terms():
    for game in rules.games():
        terms = glossary.for_game(game)
        assert len(terms) >= 10, game
        assert all(game in t.games() for t in terms)


@pytest.mark.parametrize("game", rules.games())
def test_every_term_is_in_an_article_of_each_of_its_games(game):
    if not SEEDS.is_dir():
        pytest.skip(f"the source articles are not here ({SEEDS}; set CARDLIB_SEEDS)")
    articles = [a for a in sources.articles(game) if a.language == "zh-TW"]
    assert articles, game
    texts = []
    for a in articles:
        data = (SEEDS / a.file).read_bytes()
        assert hashlib.sha256(data).hexdigest() == a.sha256, a.file
        texts.append(data.decode("utf-8"))
    for t in glossary.for_game(game):
        assert any(t.zh in text for text in texts), (t.zh, game)


def test_docs_glossary_is_current(cli):
    """docs/glossary.md is what ``cardlib rules --glossary`` prints (run it to update)."""
    result = cli("rules", "--glossary")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == glossary_markdown()
    assert (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8") == glossary_markdown()
    for t in glossary.terms():
        assert f"| {t.zh} | {t.en} | {t.means} |" in result.stdout


def test_each_sheet_prints_its_games_terms():
    for game in rules.games():
        page = sheet(game)
        for t in glossary.for_game(game):
            assert f'<span lang="zh-TW">{t.zh}</span>' in page, (game, t.zh)


def test_the_glossary_is_packaged():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    packaged = patterns["package-data"]["cardlib"]
    path = (DATA / "glossary.yaml").relative_to(DATA.parent).as_posix()
    assert any(fnmatch.fnmatch(path, p) for p in packaged), path
