"""``message.parse`` answers exactly what a scan of every English template in order answers
(the reference, tests/report/parse_reference.py), for every catalog sentence and for text
that is not one."""

from __future__ import annotations

import pytest
from tests.report.parse_reference import full_scan, rendered

from perfscout.model.message import EN, Text, _patterns, parse


def _same(a: Text | None, b: Text | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.key, dict(a.params), str(a)) == (b.key, dict(b.params), str(b))


SENTENCE = next(EN[k] for k in sorted(EN) if "{" not in EN[k] and len(EN[k]) > 20)


@pytest.mark.parametrize("fill", ["x", "", "3.5%", "the job", SENTENCE])
def test_every_catalog_template_parses_as_the_full_scan_does(fill: str) -> None:
    for key in EN:
        text = rendered(key, fill)
        assert _same(parse(text), full_scan(text)), key


@pytest.mark.parametrize("text", ["", "x", "no template says this", " leading space",
                                  "Traceback (most recent call last):", "{a}: {b}"])
def test_text_no_template_matches_is_none_or_as_thefull_scan(text: str) -> None:
    assert _same(parse(text), full_scan(text))


def test_a_recognised_sentence_round_trips() -> None:
    """Every template with enough literal text to be recognised gives its sentence back."""
    for _literal, key, _pattern in _patterns():
        text = rendered(key, "v")
        found = parse(text)
        assert found is not None and str(found) == text, key
