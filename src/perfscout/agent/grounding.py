"""Is a model's answer grounded in what the tools of this run returned?

A model, small ones most of all, will write "hw.memory_bandwidth CONFIRMED, 3.2x faster" without
having read anything. The loop uses :func:`problems` on every final answer: the finding and
proposal ids and the numbers it states must each appear in a tool result of this run (or in
the user's question), and a plain-text reply that makes such claims without any tool call is
sent back once with the reason and then reported as ``ungrounded``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from perfscout.model.taxonomy import CORE_PROPOSAL_IDS, FINDING_IDS

_IDS = sorted({*FINDING_IDS, *CORE_PROPOSAL_IDS}, key=len, reverse=True)
_ID_RE = re.compile(r"(?<![\w.])(" + "|".join(re.escape(i) for i in _IDS)
                    + r"|llm\.[a-z0-9_]+)(?![\w])")
# a number standing alone ("3.2", "3.2x", "46%"), not a piece of a name or an id ("run-2a9f")
_NUM_RE = re.compile(r"(?<![\w.\-])(\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(?!\d|\.\d|-|[A-Za-wyz_])")
_STATUS_RE = re.compile(r"\bconfirmed\b", re.IGNORECASE)


@dataclass
class Evidence:
    """Everything this run's tools returned (and the question), as ids and numbers."""

    ids: set[str] = field(default_factory=set)
    numbers: list[float] = field(default_factory=list)

    def add(self, obj: Any) -> None:
        """Take in one tool result (any JSON-able value) or a text."""
        text = obj if isinstance(obj, str) else json.dumps(obj, default=str)
        self.ids.update(_ID_RE.findall(text))
        self.numbers.extend(float(m) for m in _NUM_RE.findall(text))

    def has_number(self, text: str) -> bool:
        """``text`` (a number as written) equals a result's number at its stated precision,
        within 1%, or as a percentage of a ratio."""
        x = float(text)
        decimals = len(text.split(".")[1]) if "." in text and "e" not in text.lower() else 0
        half_ulp = 0.5 * 10 ** -decimals
        for v in self.numbers:
            for cand in (v, v * 100.0):
                if abs(cand - x) <= half_ulp + 1e-12 or math.isclose(cand, x, rel_tol=0.01):
                    return True
        return False


@dataclass(frozen=True)
class Claims:
    """What an answer asserts: ids, numbers (as written) and whether it says "confirmed"."""

    ids: tuple[str, ...]
    numbers: tuple[str, ...]
    says_confirmed: bool

    @property
    def any(self) -> bool:
        return bool(self.ids or self.numbers or self.says_confirmed)


def claims_in(texts: Iterable[str]) -> Claims:
    """The claims of an answer. Single-digit whole numbers (counts, "2 threads") are not
    taken as measurements."""
    ids: list[str] = []
    nums: list[str] = []
    confirmed = False
    for t in texts:
        ids += _ID_RE.findall(t)
        nums += [n for n in _NUM_RE.findall(t) if not (n.isdigit() and len(n) == 1)]
        confirmed = confirmed or bool(_STATUS_RE.search(t))
    return Claims(tuple(dict.fromkeys(ids)), tuple(dict.fromkeys(nums)), confirmed)


def answer_texts(answer: str, claims: Any = ()) -> list[str]:
    """The answer and its structured claims as texts to check."""
    extra = json.dumps(claims, default=str) if claims else ""
    return [answer, extra] if extra else [answer]


def problems(texts: Iterable[str], evidence: Evidence) -> list[str]:
    """Why the answer is not grounded in ``evidence`` (empty: it is)."""
    c = claims_in(texts)
    out = [f"{i} appears in no tool result of this run" for i in c.ids if i not in evidence.ids]
    out += [f"the number {n} appears in no tool result of this run"
            for n in c.numbers if not evidence.has_number(n)]
    return out
