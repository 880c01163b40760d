"""advise over the diagnose scenario suite: how often the expected proposal ranks first, how
many forbidden ones slip through, and what one advise() call costs next to diagnose.

Writes benches/results/advise.json (medians over repeats; the advise/diagnose ratio is the
figure to compare across machines, absolute times are noisy on a shared host).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benches._common import median, write_result  # noqa: E402
from tests.advise.scenario_expectations import EXPECT  # noqa: E402
from tests.diagnose.scenarios.runner import run_case  # noqa: E402
from tests.diagnose.scenarios.suite import CASES, PLATFORMS  # noqa: E402

from perfscout.advise import advise  # noqa: E402
from perfscout.diagnose.engine import diagnose  # noqa: E402
from perfscout.sandbox import default_runner  # noqa: E402

REPEATS = 5


def main() -> None:
    corpus = Path(os.environ.get("PERFSCOUT_CORPUS", ROOT.parent / "shared" / "corpus"))
    check = default_runner(Path(tempfile.mkdtemp(prefix="bench-advise-"))).check
    top_ok = forbidden = evaluated = 0
    t_adv: list[float] = []
    t_diag: list[float] = []
    for case in CASES:
        out = run_case(case, corpus)
        a = out.analysis
        if a is None or not a.findings or case.name not in EXPECT:
            continue
        e = EXPECT[case.name]
        ids = [p.id for p in a.proposals]
        evaluated += 1
        top_ok += (bool(e.top) and bool(ids) and ids[0] in e.top) or (not e.top and not ids)
        forbidden += len(set(ids) & e.forbidden)
        snap = PLATFORMS.get(case.platform)
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            diagnose(a.profiles, snap)
            t1 = time.perf_counter()
            advise(a.findings, snap, a.profiles, policy_check=check)
            t2 = time.perf_counter()
            t_diag.append(t1 - t0)
            t_adv.append(t2 - t1)
    figures = {
        "scenarios_with_findings": evaluated,
        "top_proposal_expected": round(top_ok / evaluated, 3) if evaluated else None,
        "forbidden_offered": forbidden,
        "advise_median_ms": round(median(t_adv) * 1e3, 3),
        "diagnose_median_ms": round(median(t_diag) * 1e3, 3),
        "advise_over_diagnose": round(median(t_adv) / median(t_diag), 3),
    }
    path = write_result("advise", figures)
    print(path, figures)


if __name__ == "__main__":
    main()
