"""A/A and planted-gain benchmark of the experiment verdicts, on a calm and on a loaded machine.

A/A: the same program as baseline and variant (byte-identical builds), N experiments; the
fraction declared win or loss is the false-positive rate (target <= 5%). Planted: the variant's
outer loop skips 10% of the rows of the matmul by construction (its checksum differs, so the
correctness check is off for this bench only); the fraction declared win is the power (target
>= 90%) at the default budget (config experiment.repetitions / max_repetitions, margin).

Each condition runs both: ``calm`` (whatever else runs on the machine: the load average is
recorded) and ``loaded``, under a background load the bench starts itself, like the one a
shared login node sees: ``stress-ng --cpu 5C --cpu-load 50 --vm C --vm-bytes 1G --hdd 1
--hdd-bytes 1G`` for C online CPUs (on 2 cores: 10 CPU hogs at 50%, 2 memory thrashers, one
disk writer), in its own process group, stopped by its pid. Each condition is judged on the
kernel's wall-clock metric (GFLOP/s) and on ``cpu_s`` (the process tree's CPU time, valid for
this single-threaded compute kernel).

usage: python benches/bench_experiment_aa.py [N] [--conditions calm,loaded]
       [--metrics gflops,cpu_s]   (default N=40, both conditions, both metrics)
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import background_load, write_result

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


def run_condition(name: str, metric: str, n_exp: int, cfg: Any, work: Path) -> dict[str, Any]:
    """N A/A and N planted experiments on ``metric``; the fractions and what the load was."""
    store = Store(work / f"{name}-{metric}.db")
    runner = default_runner(work)
    verdicts: dict[str, list[str]] = {"aa": [], "planted": []}
    ratios: dict[str, list[float]] = {"aa": [], "planted": []}
    rounds: dict[str, list[int]] = {"aa": [], "planted": []}
    waits: list[float] = []
    loads: list[float] = []
    identical = True
    t0 = time.monotonic()
    for i in range(n_exp):
        for kind, variant, check in (
            ("aa", Variant("same"), Check()),
            ("planted", Variant("planted", patch=PLANTED), Check("none")),
        ):
            spec = ExperimentSpec(f"{name}-{metric}-{kind}-{i}", Variant("baseline"), (variant,),
                                  kernel="matmul", size=SIZE, check=check, seed=i,
                                  metric="" if metric == "gflops" else metric)
            res = run_experiment(spec, runner, store, work, cfg_get=cfg.get)
            v = res.variants[0]
            verdicts[kind].append(v.verdict)
            ratios[kind].append(v.ratio or 0.0)
            rounds[kind].append(res.rounds)
            if res.busy is not None:
                if res.busy.wait_fraction is not None:
                    waits.append(res.busy.wait_fraction)
                loads += [x for x in (res.busy.load_min, res.busy.load_max) if x is not None]
            if kind == "aa":
                d = work / "experiments" / res.id
                h = {hashlib.sha256((d / x / "prog").read_bytes()).hexdigest()
                     for x in ("baseline", "same")}
                identical = identical and len(h) == 1
        print(f"{name}/{metric} {i + 1}/{n_exp}: aa={verdicts['aa'][-1]} "
              f"planted={verdicts['planted'][-1]} ({ratios['planted'][-1]:.3f})",
              file=sys.stderr, flush=True)
    store.close()

    def frac(kind: str, *which: str) -> float:
        return round(sum(v in which for v in verdicts[kind]) / len(verdicts[kind]), 4)

    return {
        "metric": metric,
        "aa_binaries_identical": identical,
        "aa_false_positive_fraction": frac("aa", "win", "loss"),
        "aa_inconclusive_fraction": frac("aa", "inconclusive"),
        "aa_invalid_fraction": frac("aa", "invalid"),
        "aa_median_ratio": statistics.median(ratios["aa"]),
        "aa_median_rounds": statistics.median(rounds["aa"]),
        "planted_win_fraction": frac("planted", "win"),
        "planted_inconclusive_fraction": frac("planted", "inconclusive"),
        "planted_invalid_fraction": frac("planted", "invalid"),
        "planted_median_ratio": statistics.median(ratios["planted"]),
        "planted_median_rounds": statistics.median(rounds["planted"]),
        "median_wait_for_cpu_fraction": round(statistics.median(waits), 3) if waits else None,
        "load_average_range": [min(loads), max(loads)] if loads else None,
        "wall_s": round(time.monotonic() - t0, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=40)
    ap.add_argument("--conditions", default="calm,loaded")
    ap.add_argument("--metrics", default="gflops,cpu_s")
    args = ap.parse_args()
    cfg = load_config(env={})
    work = Path(tempfile.mkdtemp(prefix="ps-aa-"))
    out: dict[str, Any] = {
        "experiments_each": args.n,
        "kernel": f"matmul n={SIZE} (best of 3 multiplies per run), single-threaded",
        "default_budget": {k: cfg.get(f"experiment.{k}") for k in
                           ("repetitions", "max_repetitions", "warmup", "alpha", "margin")},
        "planted_true_ratio": round(1 / 0.9, 4),
        "targets": {"aa_false_positive_fraction": "<= 0.05", "planted_win_fraction": ">= 0.90"},
        "cpus": os.cpu_count(),
    }
    for cond in args.conditions.split(","):
        with background_load(cond == "loaded", work) as argv:
            res: dict[str, Any] = {"background_load": " ".join(argv) or "none started",
                                   "load_average_at_start": os.getloadavg()[0]}
            for metric in args.metrics.split(","):
                res[metric] = run_condition(cond, metric, args.n, cfg, work)
            out[cond] = res
    write_result("experiment_aa", out)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
