"""A/A and planted-gain benchmark of the experiment statistics on real runs.

A/A: the same program as baseline and variant (byte-identical builds), N experiments; the
fraction declared win or loss is the false-positive rate (target <= 5%). Planted: the variant's
outer loop skips 10% of the rows of the matmul by construction (its checksum differs, so the
correctness check is off for this bench only); the fraction declared win is the power (target
>= 90%) at the default budget (config experiment.repetitions / max_repetitions).

usage: python benches/bench_experiment_aa.py [N]   (default 40)
"""

from __future__ import annotations

import hashlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import write_result

from perfscout.config import load_config
from perfscout.experiment.runner import run_experiment
from perfscout.experiment.spec import Check, ExperimentSpec, Variant
from perfscout.experiment.store import Store
from perfscout.sandbox.runner import default_runner

SIZE = 160
PLANTED = ("--- a/matmul.c\n+++ b/matmul.c\n@@ -8,3 +8,3 @@\n"
           " static void multiply(long n, const double *A, const double *B, double *C) {\n"
           "-  for (long i = 0; i < n; i++)\n"
           "+  for (long i = 0; i < n - n / 10; i++)\n"
           "     for (long j = 0; j < n; j++) {\n")


def main() -> None:
    n_exp = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    cfg = load_config(env={})
    work = Path(tempfile.mkdtemp(prefix="ps-aa-"))
    store = Store(work / "bench.db")
    runner = default_runner(work)
    verdicts: dict[str, list[str]] = {"aa": [], "planted": []}
    ratios: dict[str, list[float]] = {"aa": [], "planted": []}
    rounds: dict[str, list[int]] = {"aa": [], "planted": []}
    identical = True
    t0 = time.monotonic()
    for i in range(n_exp):
        for kind, variant, check in (
            ("aa", Variant("same"), Check()),
            ("planted", Variant("planted", patch=PLANTED), Check("none")),
        ):
            spec = ExperimentSpec(f"{kind}-{i}", Variant("baseline"), (variant,), kernel="matmul",
                                  size=SIZE, check=check, seed=i)
            res = run_experiment(spec, runner, store, work, cfg_get=cfg.get)
            v = res.variants[0]
            verdicts[kind].append(v.verdict)
            ratios[kind].append(v.ratio or 0.0)
            rounds[kind].append(res.rounds)
            if kind == "aa":
                d = work / "experiments" / res.id
                h = {hashlib.sha256((d / x / "prog").read_bytes()).hexdigest()
                     for x in ("baseline", "same")}
                identical = identical and len(h) == 1
        print(f"{i + 1}/{n_exp}: aa={verdicts['aa'][-1]} planted={verdicts['planted'][-1]}",
              file=sys.stderr)
    store.close()

    def frac(kind: str, which: tuple[str, ...]) -> float:
        return sum(v in which for v in verdicts[kind]) / len(verdicts[kind])

    write_result("experiment_aa", {
        "experiments_each": n_exp,
        "kernel": f"matmul n={SIZE} (best of 3 multiplies per run)",
        "default_budget": {"repetitions": cfg.get("experiment.repetitions"),
                           "max_repetitions": cfg.get("experiment.max_repetitions"),
                           "warmup": cfg.get("experiment.warmup"),
                           "alpha": cfg.get("experiment.alpha")},
        "aa_binaries_identical": identical,
        "aa_false_positive_fraction": frac("aa", ("win", "loss")),
        "aa_invalid_fraction": frac("aa", ("invalid",)),
        "aa_median_ratio": statistics.median(ratios["aa"]),
        "aa_median_rounds": statistics.median(rounds["aa"]),
        "planted_true_ratio": round(1 / 0.9, 4),
        "planted_win_fraction": frac("planted", ("win",)),
        "planted_invalid_fraction": frac("planted", ("invalid",)),
        "planted_median_ratio": statistics.median(ratios["planted"]),
        "planted_median_rounds": statistics.median(rounds["planted"]),
        "targets": {"aa_false_positive_fraction": "<= 0.05", "planted_win_fraction": ">= 0.90"},
        "wall_s": round(time.monotonic() - t0, 1),
    })


if __name__ == "__main__":
    main()
