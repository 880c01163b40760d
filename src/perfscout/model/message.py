"""Sentences the stages generate, kept as a message id and its parameters (:class:`Text`).

A stage that writes a sentence for a person (a guard's reason, a limit, a do-not entry, an
expected gain's basis, an experiment's reason) builds ``Text("donot.small_hotspot", name=...,
share="0.9%")``. A :class:`Text` *is* its English sentence (a ``str``), so JSON output, tables
and comparisons see plain English; the report renders the same id in another language through
the one catalog (:data:`CATALOGS`). After a JSON round trip only the English string is left:
:func:`parse` recovers the id and parameters from it by matching the English templates, so a
stored run is translated as completely as a live one.

Rules of the catalog (checked by ``tests/i18n``): every id has every language, the same
placeholders in each, and no format spec in a placeholder: producers format their numbers
(``f"{x:.1%}"``), which read the same in every language.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from perfscout.model.messages_en import EN
from perfscout.model.messages_zh import ZH

#: language -> message id -> template (``str.format`` placeholders, no format specs)
CATALOGS: dict[str, dict[str, str]] = {"en": EN, "zh": ZH}


def render(key: str, params: Mapping[str, object], lang: str = "en") -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in; a parameter that is itself a
    sentence (a :class:`Text`, or English that :func:`parse` recognises) is rendered in
    ``lang`` too. A language without the key falls back to English."""
    template = CATALOGS.get(lang, EN).get(key) or EN[key]
    return template.format(**{k: _param(v, lang) for k, v in params.items()})


def _param(value: object, lang: str) -> str:
    if isinstance(value, Text):
        return value.render(lang)
    if lang != "en" and isinstance(value, str):
        # a list of sentences joined by "; " (each parsed), else one sentence
        parts = [parse(p) for p in value.split("; ")] if "; " in value else []
        if parts and all(parts):
            return "; ".join(p.render(lang) for p in parts if p is not None)
        inner = parse(value)
        if inner is not None:
            return inner.render(lang)
    return str(value)


class Text(str):
    """A generated sentence: its English text, plus the message id and parameters that render
    it in any catalog language. Built by the stage that decides what to say; the report calls
    :meth:`render` (or :func:`translate` on a plain string that lost its id in JSON)."""

    key: str
    params: Mapping[str, Any]

    def __new__(cls, key: str, **params: object) -> Text:
        if key not in EN:
            raise KeyError(f"message id {key!r} is not in the catalog")
        fields = {k: v if isinstance(v, Text) else str(v) for k, v in params.items()}
        obj = super().__new__(cls, render(key, fields))
        obj.key = key
        obj.params = fields
        return obj

    def render(self, lang: str) -> str:
        """This sentence in ``lang``."""
        return str(self) if lang == "en" else render(self.key, self.params, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.key, dict(self.params)))


def _rebuild(key: str, params: Mapping[str, object]) -> Text:
    return Text(key, **params)


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[int, str, re.Pattern[str]]]:
    """Each English template as an anchored regex, most literal text first (a template that is
    only placeholders, like ``{a}: {b}``, is never used to guess an id)."""
    out = []
    for key, template in EN.items():
        parts, literal = [], 0
        for text, name, _spec, _conv in string.Formatter().parse(template):
            parts.append(re.escape(text))
            literal += len(text.strip())
            if name:
                parts.append(f"(?P<{name}>.*?)" if f"(?P<{name}>" not in "".join(parts)
                             else f"(?P={name})")
        if literal >= 6:
            out.append((literal, key, re.compile("".join(parts), re.S)))
    return sorted(out, key=lambda t: -t[0])


_Row = tuple[str, str, str, re.Pattern[str]]  # literal prefix, longest literal, key, regex


def _literals(template: str) -> list[str]:
    """The literal segments of a template, in order (the first is its prefix, maybe "")."""
    return [text for text, _name, _spec, _conv in string.Formatter().parse(template)]


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, tuple[_Row, ...]], tuple[_Row, ...]]:
    """:func:`_patterns` as rows, by the first character of their literal prefix; each bucket
    also holds the templates that start with a placeholder, in the order of :func:`_patterns`,
    so the first full match in a bucket is the first in the whole list."""
    rows = []
    for _literal, key, pattern in _patterns():
        lits = _literals(EN[key])
        rows.append((lits[0], max(lits, key=len), key, pattern))
    firsts = {r[0][0] for r in rows if r[0]}
    buckets = {c: tuple(r for r in rows if not r[0] or r[0][0] == c) for c in firsts}
    return buckets, tuple(r for r in rows if not r[0])


def parse(text: str) -> Text | None:
    """The :class:`Text` whose English rendering is ``text`` (the id and parameters recovered
    from a string that went through JSON), or ``None`` when no template matches.

    Only the templates whose literal prefix ``text`` starts with, and whose longest literal
    it contains, are tried (a template can match nothing else), in the order of
    :func:`_patterns`: the answer is the full scan's."""
    if isinstance(text, Text):
        return text
    buckets, open_start = _index()
    for prefix, longest, key, pattern in buckets.get(text[:1], open_start):
        if not text.startswith(prefix) or longest not in text:
            continue
        m = pattern.fullmatch(text)
        if m is not None:
            return Text(key, **m.groupdict())
    return None


def translate(text: str, lang: str) -> str | None:
    """``text`` in ``lang`` when it is a catalog sentence (with or without its id attached),
    else ``None``."""
    if lang == "en":
        return str(text)
    found = parse(text)
    return found.render(lang) if found is not None else None
