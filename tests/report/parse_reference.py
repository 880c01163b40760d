"""The reference ``message.parse`` is held to (tests/report/test_message_parse.py) and timed
against (benches/bench_message_parse.py): every English template in order, first full match."""

from __future__ import annotations

import string

from perfscout.model.message import EN, Text, _patterns


def full_scan(text: str) -> Text | None:
    """Every template, most literal text first; the first full match wins."""
    for _literal, key, pattern in _patterns():
        m = pattern.fullmatch(text)
        if m is not None:
            return Text(key, **m.groupdict())
    return None


def rendered(key: str, fill: str) -> str:
    """Template ``key`` with each placeholder filled by ``fill`` and its index."""
    names = {n for _t, n, _s, _c in string.Formatter().parse(EN[key]) if n}
    return EN[key].format(**{n: f"{fill}{i}" for i, n in enumerate(sorted(names))})
