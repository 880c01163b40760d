"""The one message catalog: every id in every language with the same placeholders, every id a
stage uses exists, and each English sentence parses back to its id (a stored run, which keeps
only the English, is translated as completely as a live one)."""

from __future__ import annotations

import pickle
import re
import string
from pathlib import Path

import pytest

from perfscout.model.message import CATALOGS, EN, Text, parse, translate

SRC = Path(__file__).resolve().parents[2] / "src" / "perfscout"


def _fields(s: str) -> list[tuple[str, str]]:
    return sorted((f, spec) for _, f, spec, _ in string.Formatter().parse(s) if f is not None)


def test_every_id_has_every_language_with_the_same_placeholders() -> None:
    for lang, cat in CATALOGS.items():
        assert set(cat) == set(EN), (lang, set(cat) ^ set(EN))
        for k in EN:
            assert {f for f, _ in _fields(cat[k])} == {f for f, _ in _fields(EN[k])}, (lang, k)
            assert all(not spec for _, spec in _fields(cat[k])), f"{lang} {k}: a format spec"
            assert cat[k].strip(), (lang, k)


def test_the_chinese_catalog_is_chinese() -> None:
    """Every Chinese entry with words in it has CJK text (a copied English entry fails)."""
    zh = CATALOGS["zh"]
    for k, en in EN.items():
        words = re.sub(r"\{\w+\}|`[^`]*`", "", en)
        if re.search(r"[a-z]{3,} [a-z]{3,}", words):
            assert re.search(r"[\u4e00-\u9fff]", zh[k]), f"{k} is not translated: {zh[k]!r}"


def _used_ids() -> set[str]:
    """Message ids named in the source: ``Text("id", ...)`` and ``Text(f"prefix.{x}")``."""
    out = set()
    for f in SRC.rglob("*.py"):
        if "from perfscout.model.message import Text" not in f.read_text():
            continue  # another Text (rich's)
        for m in re.finditer(r"""\bText\(\s*(f?)"([^"]+)"(?:\s*if\s[^)]*?else\s*"([^"]+)")?""",
                             f.read_text()):
            for key in (m.group(2), m.group(3)):
                if key:
                    out.add(key.split("{")[0] + "*" if m.group(1) else key)
    return out


def test_every_id_the_stages_use_is_in_the_catalog() -> None:
    used = _used_ids()
    assert len(used) > 80, used  # the scan finds the producers
    for key in used:
        if key.endswith("*"):
            assert any(k.startswith(key[:-1]) for k in EN), key
        else:
            assert key in EN, key


@pytest.mark.parametrize("key", sorted(EN))
def test_each_sentence_parses_back_to_its_id(key: str) -> None:
    names = {f for f, _ in _fields(EN[key])}
    params = {n: f"v{i}x" for i, n in enumerate(sorted(names))}
    t = Text(key, **params)
    literal = len(re.sub(r"\{\w+\}", "", EN[key]).replace(" ", ""))
    back = parse(str(t))
    if literal < 6:  # a template that is mostly placeholders is never guessed
        return
    assert back is not None, key
    assert back.render("en") == str(t)
    assert back.render("zh") == t.render("zh"), (key, back.key)


def test_nested_sentences_and_lists_render_in_the_language() -> None:
    basis = Text("donot.basis_ratio", ratio="128%")
    reason = Text("donot.vector_reason", basis=basis)
    assert str(reason) == ("the code is memory-bandwidth-bound (measured bandwidth at 128% of "
                           "peak); wider vectors compute faster but bring no more bytes per second")
    zh = reason.render("zh")
    assert "实测带宽为峰值的 128%" in zh and "measured" not in zh
    assert translate(str(reason), "zh") == zh  # after JSON: the same Chinese
    why = "; ".join([Text("pre.failed_detail", name="numa_nodes >= 2",
                          detail=Text("pre.numa", n=1)), Text("pre.failed", name="cores >= 2")])
    rej = Text("pre.not_met", why=why)
    out = translate(str(rej), "zh")
    assert out is not None and "failed" not in out and "numa_nodes >= 2" in out, out
    assert pickle.loads(pickle.dumps(rej)).render("zh") == out


def test_unknown_ids_and_plain_text() -> None:
    with pytest.raises(KeyError):
        Text("no.such.id")
    assert parse("a sentence nobody catalogued") is None
    assert translate("a sentence nobody catalogued", "zh") is None


def test_no_chinese_entry_holds_an_english_sentence() -> None:
    """Outside code spans and placeholders, a Chinese entry says nothing in English (product
    names of two words are quoted as code)."""
    from tests.i18n.zhcheck import english_left

    zh = CATALOGS["zh"]
    left = english_left([re.sub(r"\{\w+\}", "0", zh[k]) for k in zh if k != "free.english"])
    assert not left, left
