"""Accuracy of the diagnosis: the tuning suite (tests/diagnose/scenarios) and the
pre-registered held-out set (tests/diagnose/heldout), side by side, plus leave-one-family-out.

Writes benches/results/diagnosis.json. Tuning-suite cases whose inputs no ingest adapter reads
are counted separately (``unreadable``). Held-out figures: top-1 (an undecidable case is right
when it gets a data request and no confirmed finding), hazardous proposals, ``confirmed`` where
two families agree, expected proposals, hot line named, cause chains. Leave-one-family-out
re-scores each held-out case with the files of one evidence family removed (only cases whose
label can still be reached are counted as decidable), and scores held-out cases whose evidence
includes a family the tuning suite never had.
"""

from __future__ import annotations

import os
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
    figures["heldout"] = _heldout(set(figures["tuning_suite_families"]))
    path = write_result("diagnosis", figures)
    print(path, {k: figures[k] for k in ("cases", "evaluated", "top1_accuracy", "top2_accuracy")})
    h = figures["heldout"]
    print("held-out:", {k: h[k] for k in ("cases", "top1", "hazardous_cases",
                                          "confirmed_where_two_families_agree",
                                          "data_request_on_undecidable")})


def _tuning_families(corpus: Path) -> set[str]:
    from tests.diagnose.scenarios.runner import resolve

    fams: set[str] = set()
    for c in CASES:
        for ref in c.files:
            p = resolve(ref, corpus)
            if p.exists() and p.is_file():
                fams |= ho.file_families(p)
    return fams


def _heldout(tuning_fams: set[str]) -> dict[str, object]:
    labels = ho.labels()
    scores = [ho.score(lb) for lb in labels]
    out = ho.summary(scores)
    out["per_case"] = {s.label.case: {"ranked": s.ranked[:3], "status": s.statuses[:1],
                                      "top1": s.top1, "hazards": s.hazards,
                                      "families": s.families, "scopes": s.scopes[:3]}
                       for s in scores}
    case_fams = {lb.case: set().union(*(ho.file_families(f) for f in ho.case_files(lb.case)))
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
    main()
