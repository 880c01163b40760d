"""A note the user hands over beside their outputs (``note.txt``, ``README``, ``NOTES.md``) that
states a constraint on what may change: the data must keep its precision ("the fields must stay
double precision", "single precision is not an option"), or the results are checked bit for bit
("results are compared bit-for-bit against the operational model").

A careful colleague reads such a note before suggesting anything: halving the bytes with single
precision is the obvious lever for a loop at the bandwidth ceiling, and the one the note rules
out. Each constraint becomes a metric (``constraint.keep_precision``, ``constraint.bitwise``,
value 1) of family ``setting`` (what the user said, never a measurement, so never confirming),
with the note's line as its source and the sentence as its raw name, so the guard that refuses
a conflicting proposal can quote it. A clause that negates the constraint ("we do not need
bit-for-bit results") gives nothing. A note that states no constraint is not read (it stays
among the skipped files, as any prose does).
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_DOUBLE = r"(?:double(?:[- ]precision)?|fp64|64[- ]bit(?: floats?| reals?)?|" \
          r"real\s*\(\s*8\s*\)|real\*8)"
_SINGLE = r"(?:single[- ]precision|single|fp32|float32|32[- ]bit(?: floats?| reals?)?|floats?|" \
          r"real\s*\(\s*4\s*\)|real\*4|reduced precision|lower precision|mixed precision|" \
          r"half precision|fp16)"
_KEEP_PRECISION = (
    # "must stay double precision", "has to remain in double", "need to be kept in fp64"
    re.compile(rf"\b(?:must|need\s+to|needs\s+to|has\s+to|have\s+to|shall|should)\s+"
               rf"(?:stay|remain|be\s+kept|be|keep)\s+(?:in\s+|at\s+)?{_DOUBLE}", re.I),
    # "double precision is required", "fp64 is mandatory"
    re.compile(rf"\b{_DOUBLE}\s+(?:is|are)\s+(?:required|mandatory|needed|a\s+must)", re.I),
    # "cannot use single precision", "no single precision", "must not switch to float"
    re.compile(rf"\b(?:cannot|can't|can\s+not|must\s+not|mustn't|may\s+not|not\s+allowed\s+to|"
               rf"won't|will\s+not)\s+(?:use|switch\s+to|go\s+to|move\s+to|drop\s+to|"
               rf"change\s+to|be\s+(?:changed|converted|reduced)\s+to)\s+{_SINGLE}", re.I),
    re.compile(rf"\bno\s+{_SINGLE}\b", re.I),
    re.compile(rf"\b{_SINGLE}\s+(?:is|are)\s+(?:not\s+(?:an\s+option|allowed|acceptable|"
               rf"possible)|out\s+of\s+the\s+question|ruled\s+out|forbidden)", re.I),
    re.compile(r"\bprecision\s+(?:must|cannot|can't|may\s+not)\s+(?:stay|not\s+change|be\s+"
               r"(?:reduced|lowered|changed))", re.I),
    re.compile(r"必须(?:保持|使用)双精度|不能(?:用|使用|改用|改成)单精度|不(?:允许|可以)(?:用|使用)单精度"),
)
_BITWISE = (
    re.compile(r"\bbit[- ]?(?:for|by)[- ]?bit\b|\bbit[- ]?(?:wise[- ])?(?:identical|exact|"
               r"reproducib\w*)\b|\bbitwise\s+(?:identical|equal|reproducib\w*)\b", re.I),
    re.compile(r"逐位一致|按位一致|比特级一致"),
)
# a clause that says the constraint does not hold
_NEGATED = re.compile(r"\b(?:do\s+not|don't|does\s+not|doesn't|need\s+not|needn't|no\s+need|"
                      r"not\s+required|not\s+necessary|isn't\s+required|aren't\s+required|"
                      r"not\s+need)\b|不需要|不必", re.I)
_SENTENCE = re.compile(r"[^.!?;。！？；]+[.!?;。！？；]?")
#: notes are short; a longer file is not a note
MAX_NOTE_LINES = 400

#: constraint metric name -> the phrases that state it
CONSTRAINTS: dict[str, tuple[re.Pattern[str], ...]] = {
    "constraint.keep_precision": _KEEP_PRECISION,
    "constraint.bitwise": _BITWISE,
}


def stated_constraints(lines: list[tuple[int, str]]) -> dict[str, tuple[int, str]]:
    """{constraint metric: (line number, the clause stating it)} over a note's lines; a
    sentence may span lines (it is read joined, and located at the line of its words that
    state the constraint)."""
    text, starts = "", []  # the joined text, and (offset, line number) of each line
    for no, line in lines:
        starts.append((len(text), no))
        text += line.rstrip("\n") + " "
    found: dict[str, tuple[int, str]] = {}
    for sent in _SENTENCE.finditer(text):
        s = sent.group(0).strip()
        if not s:
            continue
        lead = len(sent.group(0)) - len(sent.group(0).lstrip())
        for name, patterns in CONSTRAINTS.items():
            hit = next((m for p in patterns if (m := p.search(s))), None)
            if name in found or hit is None:
                continue
            clause = _clause(s, hit)
            if _NEGATED.search(clause):  # "we do not need bit-for-bit results"
                continue
            at = sent.start() + lead + hit.start()
            found[name] = (next(n for off, n in reversed(starts) if off <= at), clause)
    if "constraint.bitwise" in found and "constraint.keep_precision" not in found:
        # results checked bit for bit cannot survive a change of precision either
        found["constraint.keep_precision"] = found["constraint.bitwise"]
    return found


def _clause(sentence: str, hit: re.Match[str]) -> str:
    """The part of ``sentence`` between the separators (, : ; parentheses) around ``hit``: what
    the guard quotes ("the fields must stay double precision", not the whole paragraph)."""
    start = max((sentence.rfind(c, 0, hit.start()) for c in ",:;()，：；（）"), default=-1) + 1
    ends = [i for c in ",:;()，：；（）" if (i := sentence.find(c, hit.end())) >= 0]
    return " ".join(sentence[start:min(ends, default=len(sentence))].split()).rstrip(".。")


def _prose(lines: list[str]) -> bool:
    """Mostly sentences: words with spaces, few lines that look like data or commands."""
    text = [ln for ln in lines if ln.strip()]
    if not text:
        return False
    wordy = sum(1 for ln in text if len(re.findall(r"[A-Za-z]{2,}|[\u4e00-\u9fff]", ln)) >= 4
                and not re.match(r"^\s*(?:\$|#!|[\w.]+\s*[=:]\s*[-\d.]+\s*$)", ln))
    return wordy >= max(1, len(text) // 2)


@register_adapter
class UserNoteAdapter(Adapter):
    """A user's note that states a constraint (see module docstring)."""

    name = "user-note"
    description = ("a note from the user that states a constraint (precision that must stay, "
                   "results checked bit for bit)")
    family = "program"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:60]
        if not _prose(lines):
            return 0.0
        if stated_constraints(list(enumerate(lines, 1))):
            return 0.5
        return 0.0

    def parse(self, path: Path) -> Profile:
        lines = []
        for no, line in iter_lines(path):
            if no > MAX_NOTE_LINES:
                raise ParseError(str(path), None, f"a short note (at most {MAX_NOTE_LINES} "
                                                  "lines) that states a constraint")
            lines.append((no, line))
        if not _prose([ln for _, ln in lines]):
            raise ParseError(str(path), None, "a note in sentences that states a constraint")
        found = stated_constraints(lines)
        if not found:
            raise ParseError(str(path), None, "a note that states a constraint (precision "
                                              "that must stay, results checked bit for bit)")
        metrics = tuple(
            Metric(name, 1.0, "flag", Scope(ScopeKind.PROCESS, ""), SourceRef(str(path), no),
                   raw_name=sentence, family="setting")
            for name, (no, sentence) in found.items())
        return Profile(format=self.name, path=str(path), metrics=metrics,
                       meta={"constraints": "\t".join(sorted(found))})
