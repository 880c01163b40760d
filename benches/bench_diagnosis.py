"""Top-1 / top-2 accuracy of the diagnosis over the labelled scenario suite.

Writes benches/results/diagnosis.json. Cases whose inputs no merged ingest adapter reads are
counted separately (``unreadable``), never as hits or misses.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benches._common import write_result  # noqa: E402
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
    path = write_result("diagnosis", figures)
    print(path, {k: figures[k] for k in ("cases", "evaluated", "top1_accuracy", "top2_accuracy")})


if __name__ == "__main__":
    main()
