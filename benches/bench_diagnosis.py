"""Accuracy of the diagnosis: the tuning suite (tests/diagnose/scenarios), the first held-out
set (tests/diagnose/heldout, now SEEN: the rules were changed after its first run) and the
second pre-registered set (tests/diagnose/heldout2: its first-run figure, kept as it was measured,
and the figure now), side by side, plus leave-one-family-out.

``python benches/bench_diagnosis.py --first-run`` scores heldout2 once and records that figure
with the commit it ran at under ``heldout2.first_run``; later runs keep it unchanged.

Writes benches/results/diagnosis.json. Tuning-suite cases whose inputs no ingest adapter reads
are counted separately (``unreadable``). Held-out figures: top-1 (an undecidable case is right
when it gets a data request and no confirmed finding), hazardous proposals, ``confirmed`` where
two families agree, expected proposals, hot line named, cause chains. Leave-one-family-out
re-scores each held-out case with the files of one evidence family removed (only cases whose
label can still be reached are counted as decidable), and scores held-out cases whose evidence
includes a family the tuning suite never had.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benches._common import write_result  # noqa: E402
from tests.diagnose import heldout_score as ho  # noqa: E402
from tests.diagnose.scenarios.runner import Outcome, run_case  # noqa: E402
from tests.diagnose.scenarios.suite import CASES, TRAPS  # noqa: E402


def _status_ok(o: Outcome) -> bool:
    """The top finding's status (confirmed / hypothesis) is the labelled one."""
    assert o.analysis is not None
    return str(o.analysis.findings[0].status.value) == o.case.status


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def _previous() -> dict[str, object]:
    p = ROOT / "benches" / "results" / "diagnosis.json"
    try:
        figs = json.loads(p.read_text())["figures"]
    except (OSError, ValueError, KeyError):
        return {}
    return figs if isinstance(figs, dict) else {}


def _commit() -> str:
    out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                         text=True, check=False)
    return out.stdout.strip()


def first_run() -> None:
    """Score heldout2 once and keep that figure (with the commit and the load) for good."""
    figures = _previous()
    h2 = dict(figures.get("heldout2") or {})  # type: ignore[call-overload]
    if "first_run" in h2:
        raise SystemExit("heldout2 already has its first-run figure; it is never re-measured")
    load0 = _load()
    scores = [ho.score(lb) for lb in ho.labels(ho.HELDOUT2)]
    first = ho.summary(scores)
    first["per_case"] = _per_case(scores)
    first["commit"] = _commit()
    first["load_avg1"] = [load0, _load()]
    h2["first_run"] = first
    figures["heldout2"] = h2
    write_result("diagnosis", figures)


def _per_case(scores: list[ho.Score]) -> dict[str, object]:
    return {s.label.case: {"ranked": s.ranked[:3], "status": s.statuses[:1], "top1": s.top1,
                           "hazards": s.hazards, "families": s.families, "scopes": s.scopes[:3],
                           "skipped": s.skipped}
            for s in scores}


def main() -> None:
    corpus = Path(os.environ.get("PERFSCOUT_CORPUS", ROOT.parent / "shared" / "corpus"))
    outs = [run_case(c, corpus) for c in CASES]
    ran = [o for o in outs if o.analysis is not None]
    top1 = sum(o.top1 for o in ran)
    top2 = sum(o.top2 for o in ran)
    figures = {
        "cases": len(CASES), "evaluated": len(ran), "unreadable": len(outs) - len(ran),
        "top1_accuracy": round(top1 / len(ran), 3) if ran else None,
        "top2_accuracy": round(top2 / len(ran), 3) if ran else None,
        "status_right": round(sum(_status_ok(o) for o in ran if o.top1 and o.case.expect)
                              / max(1, sum(1 for o in ran if o.top1 and o.case.expect)), 3),
        "status_misses": [o.case.name for o in ran
                          if o.top1 and o.case.expect and not _status_ok(o)],
        "traps_right": {o.case.name: o.top1 for o in ran if o.case.name in TRAPS},
        "misses": [{"case": o.case.name, "expected": o.case.expect, "ranked": o.ranked[:3]}
                   for o in ran if not o.top1],
        "unreadable_cases": [o.case.name for o in outs if o.analysis is None],
    }
    figures["tuning_suite_families"] = sorted(_tuning_families(corpus))
    figures["heldout"] = _heldout(set(figures["tuning_suite_families"]), ho.HELDOUT)
    figures["heldout"]["seen"] = True  # the rules were changed after its first run
    h2 = dict(_previous().get("heldout2") or {})  # type: ignore[call-overload]
    h2["now"] = _heldout(set(figures["tuning_suite_families"]), ho.HELDOUT2)
    figures["heldout2"] = h2
    figures["load_avg1"] = _load()
    path = write_result("diagnosis", figures)
    print(path, {k: figures[k] for k in ("cases", "evaluated", "top1_accuracy", "top2_accuracy")})
    keys = ("cases", "top1", "hazardous_cases", "confirmed_where_two_families_agree",
            "data_request_on_undecidable")
    print("held-out (seen):", {k: figures["heldout"][k] for k in keys})
    print("heldout2 now:", {k: h2["now"][k] for k in keys})
    if "first_run" in h2:
        print("heldout2 first run:", {k: h2["first_run"][k] for k in keys})


def _tuning_families(corpus: Path) -> set[str]:
    from tests.diagnose.scenarios.runner import resolve

    fams: set[str] = set()
    for c in CASES:
        for ref in c.files:
            p = resolve(ref, corpus)
            if p.exists() and p.is_file():
                fams |= ho.file_families(p)
    return fams


def _heldout(tuning_fams: set[str], root: Path) -> dict[str, object]:
    labels = ho.labels(root)
    scores = [ho.score(lb) for lb in labels]
    out = ho.summary(scores)
    out["per_case"] = _per_case(scores)
    case_fams = {lb.case: set().union(*(ho.file_families(f)
                                        for f in ho.case_files(lb.case, root=root)))
                 for lb in labels}
    unseen = [s for s in scores if case_fams[s.label.case] - tuning_fams]
    out["unseen_family_cases"] = {
        "families_not_in_tuning_suite": sorted(set().union(*case_fams.values()) - tuning_fams),
        "top1": sum(s.top1 for s in unseen), "of": len(unseen)}
    lofo: dict[str, dict[str, int]] = {}
    for fam in sorted(set().union(*case_fams.values())):
        hit = [lb for lb in labels if fam in case_fams[lb.case]]
        dropped = [ho.score(lb, drop_family=fam) for lb in hit]
        lofo[fam] = {"cases": len(hit), "top1_without_it": sum(s.top1 for s in dropped),
                     "top1_with_it": sum(s.top1 for s in scores if s.label in hit)}
    out["leave_one_family_out"] = lofo
    return out


if __name__ == "__main__":
    first_run() if "--first-run" in sys.argv[1:] else main()
