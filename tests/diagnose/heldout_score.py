"""Scoring of the pre-registered held-out cases (tests/diagnose/heldout/<case>/label.yaml).

Used by benches/bench_diagnosis.py and tests/diagnose/test_heldout.py. A case is analysed as a
user would run it: ``perfscout analyze <case>/data --platform <case>/platform.json``.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot

HERE = Path(__file__).parent
HELDOUT = HERE / "heldout"  # seen: the rules were changed after its first run
HELDOUT2 = HERE / "heldout2"  # pre-registered after that, seen since


def sets(base: Path = HERE) -> dict[str, Path]:
    """Every held-out set under ``base``: a ``heldout*`` folder holding case folders with a
    ``label.yaml``, by folder name (``heldout``, ``heldout2``, ...), in name order."""
    return {d.name: d for d in sorted(base.glob("heldout*"))
            if d.is_dir() and any(d.glob("*/label.yaml"))}


@dataclass(frozen=True)
class Label:
    case: str
    top: str | None
    alternatives: tuple[str, ...]
    expected_proposals: tuple[str, ...]
    forbidden_proposals: tuple[str, ...]
    undecidable: bool
    confirmable: bool
    hot_lines: tuple[str, ...]
    chain: dict[str, str]
    label_wrong: str | None
    root: Path = HELDOUT


@dataclass
class Score:
    label: Label
    ranked: list[str] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    top1: bool = False
    hazards: list[str] = field(default_factory=list)
    confirmed_ok: bool | None = None  # None: not a confirmable case
    request_ok: bool | None = None  # None: not an undecidable case
    proposal_ok: bool | None = None  # None: no expectation
    hot_ok: bool | None = None
    line_data: bool | None = None  # None: no hot lines labelled; else the data name their file
    chain_ok: bool | None = None
    scopes: list[str] = field(default_factory=list)
    families: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    error: str = ""


def labels(root: Path = HELDOUT, with_data: bool = True) -> list[Label]:
    """Every held-out case of the set in ``root`` with its produced data (or every
    pre-registered label when ``with_data`` is False), sorted by name."""
    out = []
    for f in sorted(root.glob("*/label.yaml")):
        raw: dict[str, Any] = yaml.safe_load(f.read_text())
        if with_data and not (f.parent / "data").is_dir():
            continue
        out.append(Label(
            case=f.parent.name,  # the folder is the case
            top=raw.get("top"), alternatives=tuple(raw.get("alternatives") or ()),
            expected_proposals=tuple(raw.get("expected_proposals") or ()),
            forbidden_proposals=tuple(raw.get("forbidden_proposals") or ()),
            undecidable=bool(raw.get("undecidable")), confirmable=bool(raw.get("confirmable")),
            hot_lines=tuple(str(x) for x in raw.get("hot_lines") or ()),
            chain=dict(raw.get("chain") or {}), label_wrong=raw.get("label_wrong"), root=root))
    return out


def platform(case: str, root: Path = HELDOUT) -> PlatformSnapshot | None:
    p = root / case / "platform.json"
    if not p.is_file():
        return None
    raw = json.loads(p.read_text())
    if "data" in raw:
        raw = raw["data"].get("snapshot", raw["data"])
    return from_jsonable(PlatformSnapshot, raw)


def case_files(case: str, drop_family: str = "", root: Path = HELDOUT) -> list[Path]:
    """The case's data files, without those of ``drop_family`` (leave-one-family-out)."""
    files = sorted((root / case / "data").iterdir())
    if not drop_family:
        return files
    return [f for f in files if drop_family not in file_families(f)]


def file_families(f: Path) -> set[str]:
    """The evidence families one file holds (interleaved reports hold two)."""
    from perfscout.diagnose.engine import source_kind
    from perfscout.ingest.registry import load

    try:
        p = load(f)
    except Exception:  # an unreadable file holds no family
        return set()
    return {m.family or source_kind(p.format, m.name) for m in p.metrics} or {
        source_kind(p.format)}


def score(label: Label, drop_family: str = "") -> Score:
    """Analyse one case and compare with its label."""
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    s = Score(label)
    files = case_files(label.case, drop_family, label.root)
    if not files:
        s.error = "no files left"
        return s
    with tempfile.TemporaryDirectory(prefix="perfscout-heldout-") as ws:
        try:
            a = analyze(files, snapshot=platform(label.case, label.root),
                        runner=default_runner(Path(ws)))
        except Exception as exc:  # a case that cannot be analysed is a miss, with the reason
            s.error = f"{type(exc).__name__}: {exc}"
            return s
    s.skipped = [f"{Path(x.file).name}: {x.reason}" for x in a.skipped]
    s.ranked = [f.id for f in a.findings]
    s.statuses = [str(f.status.value) for f in a.findings]
    fams: set[str] = set()
    for f in a.findings[:1]:
        fams |= {e.source_kind for e in f.evidence}
    s.families = sorted(fams)
    proposed = [p.id for p in a.proposals]
    s.scopes = [f"{p.id}@{p.scope}" for p in a.proposals if getattr(p, "scope", "")]
    s.hazards = [p for p in proposed if p in label.forbidden_proposals]
    if label.undecidable:
        confirmed = [f for f in a.findings if str(f.status.value) == "confirmed"]
        s.request_ok = bool(a.data_requests) and not confirmed
        s.top1 = s.request_ok
    else:
        s.top1 = bool(s.ranked) and s.ranked[0] in {label.top, *label.alternatives}
        if label.confirmable:
            s.confirmed_ok = s.top1 and s.statuses[0] == "confirmed"
    if label.expected_proposals:
        s.proposal_ok = any(p in proposed for p in label.expected_proposals)
    if label.hot_lines:
        targets = [p.scope for p in a.proposals if getattr(p, "scope", "")]
        s.hot_ok = any(t.rsplit("/", 1)[-1] in label.hot_lines for t in targets)
        s.line_data = names_hot_files(files, label.hot_lines)
    if label.chain:
        by_id = {f.id: f for f in a.findings}
        s.chain_ok = all(sym in by_id and cause in by_id[sym].caused_by
                         for sym, cause in label.chain.items())
    return s


def names_hot_files(files: Iterable[Path], hot_lines: Iterable[str]) -> bool:
    """Whether any data file names the source file of a labelled hot line (a line-level
    profile, annotated source or a srcline report does; a report by function does not): the
    cases where a hot line can be named at all. Read from the raw text, not through perfscout's
    readers, so a reader that drops line data does not excuse itself."""
    names = {h.rsplit(":", 1)[0].rsplit("/", 1)[-1] for h in hot_lines}
    for f in files:
        try:
            text = f.read_text(errors="replace")
        except OSError:
            continue
        if any(n and n in text for n in names):
            return True
    return False


def summary(scores: Iterable[Score]) -> dict[str, Any]:
    """Held-out figures: top-1, hazards, confirmed where two families agree, data requests on
    undecidable cases, expected proposals, hot lines, chains."""
    ss = list(scores)

    def rate(xs: list[bool | None]) -> dict[str, Any]:
        vals = [x for x in xs if x is not None]
        return {"right": sum(vals), "of": len(vals),
                "rate": round(sum(vals) / len(vals), 3) if vals else None}

    return {
        "cases": len(ss),
        "top1": rate([s.top1 for s in ss]),
        "top1_decidable": rate([s.top1 for s in ss if not s.label.undecidable]),
        "hazardous_cases": [f"{s.label.case}: {', '.join(s.hazards)}" for s in ss if s.hazards],
        "confirmed_where_two_families_agree": rate([s.confirmed_ok for s in ss]),
        "data_request_on_undecidable": rate([s.request_ok for s in ss]),
        "expected_proposal_present": rate([s.proposal_ok for s in ss]),
        "hot_line_named": rate([s.hot_ok for s in ss]),
        "hot_line_named_where_data_name_its_file": rate(
            [s.hot_ok for s in ss if s.line_data]),
        "cause_chain_right": rate([s.chain_ok for s in ss]),
        "wrong_labels": [s.label.case for s in ss if s.label.label_wrong],
        "misses": [{"case": s.label.case, "expected": s.label.top, "ranked": s.ranked[:3],
                    "status": s.statuses[:1], "error": s.error} for s in ss if not s.top1],
    }
