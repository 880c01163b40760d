"""The README's test command, twice in a row in a fresh clone, under the shared-node load.

Issue 23 asks that ``make test`` pass twice in a row in a fresh clone while the background load
of ``bench_experiment_aa`` runs (``stress-ng --cpu 5C --cpu-load 50 --vm C --vm-bytes 1G --hdd 1
--hdd-bytes 1G`` for C online CPUs, started here in its own process group and stopped by pid).
This script clones the repository at HEAD into a temporary folder (with a copy of ``../shared``
beside it, as CI has), runs ``make install`` once, then ``make test`` N times, and writes
``benches/results/suite_under_load.json``: per run the exit code, the wall time, pytest's own
summary line, and the load average sampled every 10 s while it ran.

It is not part of ``make bench`` (it takes an hour or more under that load); run it by name:
``python benches/suite_under_load.py [--runs 2] [--no-load]``. It exits 1 if any run failed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import background_load, median, write_result

ROOT = Path(__file__).resolve().parents[1]
SUMMARY = re.compile(r"=+ (.*(?:passed|failed|error).*) in ([0-9.]+)s")


class LoadSampler:
    """Samples the 1-minute load average every ``period`` seconds until stopped."""

    def __init__(self, period: float = 10.0) -> None:
        self.samples: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(period,), daemon=True)

    def _run(self, period: float) -> None:
        while not self._stop.is_set():
            self.samples.append(os.getloadavg()[0])
            self._stop.wait(period)

    def __enter__(self) -> LoadSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def run_logged(argv: list[str], cwd: Path, log: Path, env: dict[str, str]) -> tuple[int, float]:
    """Run ``argv`` with its output in ``log``; the exit code and the wall time in seconds."""
    t0 = time.monotonic()
    with log.open("wb") as out:
        rc = subprocess.call(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env)
    return rc, time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--no-load", action="store_true", help="run without the background load")
    ap.add_argument("--keep", action="store_true", help="keep the clone and its logs")
    args = ap.parse_args()
    head = subprocess.check_output(["git", "rev-parse", "HEAD"], cwd=ROOT, text=True).strip()
    top = Path(tempfile.mkdtemp(prefix="perfscout-suite-"))
    clone = top / "main"
    subprocess.check_call(["git", "clone", "-q", str(ROOT), str(clone)])
    subprocess.check_call(["git", "checkout", "-q", head], cwd=clone)
    shared = ROOT.parent / "shared"
    if shared.is_dir():
        shutil.copytree(shared, top / "shared")
    env = dict(os.environ, PERFSCOUT_REQUIRE_SERVICES="1", PERFSCOUT_REQUIRE_CORPUS="1")
    env.pop("VIRTUAL_ENV", None)
    runs: list[dict[str, Any]] = []
    with background_load(not args.no_load, top) as load_argv:
        rc, secs = run_logged(["make", "install"], clone, top / "install.log", env)
        install = {"exit": rc, "wall_s": round(secs, 1)}
        for i in range(args.runs if rc == 0 else 0):
            log = top / f"test-{i + 1}.log"
            with LoadSampler() as sampler:
                rc, secs = run_logged(["make", "test"], clone, log, env)
            found = SUMMARY.findall(log.read_text(errors="replace"))
            summary, pytest_s = (found[-1][0], float(found[-1][1])) if found else ("", 0.0)
            loads = sampler.samples or [0.0]
            runs.append({"run": i + 1, "exit": rc, "wall_s": round(secs, 1),
                         "pytest_s": pytest_s, "pytest_summary": summary,
                         "load1_median": round(median(loads), 2), "load1_max": max(loads)})
            print(f"run {i + 1}: exit {rc}, {secs:.0f} s, {summary}", flush=True)
    ok = install["exit"] == 0 and len(runs) == args.runs and all(r["exit"] == 0 for r in runs)
    write_result("suite_under_load", {
        "commit": head, "background_load": " ".join(load_argv) or "none started",
        "cores": os.cpu_count(), "install": install, "runs": runs, "all_passed": ok,
    })
    if args.keep or not ok:
        print(f"logs kept in {top}")
    else:
        shutil.rmtree(top, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
