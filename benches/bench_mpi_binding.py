"""MPI ping-pong binding experiment, locally and as Slurm jobs, plus the Slurm runner's
per-job overhead.

Writes benches/results/mpi_binding.json: for each backend, each variant's median latency per
message size (us), its verdict against ``--bind-to core`` and the ratio with its interval;
and the median wall time of one trivial request run locally, as a one-task Slurm job, and per
task of an 8-task job array (one CPU per task, so two run at a time on a 2-core node). Needs
mpicc/mpirun; the Slurm half needs `scripts/slurm.sh start` (it is skipped, and says so, when
no node is idle).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benches._common import median, write_result  # noqa: E402
from tests.slurm.mpi_cases import binding_spec, size_table  # noqa: E402

from perfscout.config import load_config  # noqa: E402
from perfscout.experiment.runner import run_experiment  # noqa: E402
from perfscout.experiment.store import Store  # noqa: E402
from perfscout.model.runs import Runner, RunRequest  # noqa: E402
from perfscout.sandbox.approval import grant_token  # noqa: E402
from perfscout.sandbox.runner import default_runner  # noqa: E402
from perfscout.sandbox.slurm_runner import SlurmRunner  # noqa: E402


def _slurm_up() -> bool:
    if shutil.which("sinfo") is None:
        return False
    cp = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True)
    return cp.returncode == 0 and any(s in cp.stdout for s in ("idle", "mixed", "alloc"))


def _experiment(runner: Runner, ws: Path, srun: bool) -> dict[str, Any]:
    cfg = load_config()
    store = Store(ws / "db")
    try:
        res = run_experiment(binding_spec("pingpong-binding", srun=srun, repetitions=9),
                             runner, store, ws, cfg_get=cfg.get)
        lat = size_table(store.samples(res.id))
        bw = size_table(store.samples(res.id), "bandwidth_MBps")
    finally:
        store.close()
    out: dict[str, Any] = {"rounds": res.rounds, "variants": {}}
    for o in (res.baseline, *res.variants):
        out["variants"][o.name] = {
            "verdict": o.verdict, "latency_us_8B": o.median, "ratio": o.ratio,
            "ratio_ci": [o.ratio_low, o.ratio_high], "p_value": o.p_value,
            "reasons": list(o.reasons),
            "latency_us_by_size": {str(b): round(v, 3) for b, v in lat.get(o.name, {}).items()},
            "bandwidth_MBps_by_size": {str(b): round(v, 1) for b, v in bw.get(o.name, {}).items()},
        }
    return out


def _overhead(local: Runner, slurm: SlurmRunner) -> dict[str, float]:
    req = RunRequest(("true",), timeout_s=60)
    loc, one, arr = [], [], []
    for _ in range(5):
        t = time.monotonic()
        local.run(req)
        loc.append(time.monotonic() - t)
        t = time.monotonic()
        assert slurm.run(req).ok
        one.append(time.monotonic() - t)
    for _ in range(3):
        t = time.monotonic()
        assert all(r.ok for r in slurm.run_array([req] * 8))
        arr.append((time.monotonic() - t) / 8)
    return {"local_run_s": round(median(loc), 4), "slurm_one_job_s": round(median(one), 3),
            "slurm_array_per_task_s": round(median(arr), 3),
            "one_job_over_local": round(median(one) / median(loc), 1)}


def main() -> None:
    cfg = load_config()
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as d:
        ws = Path(d).resolve()
        (ws / "local").mkdir()
        figures["local"] = _experiment(default_runner(ws / "local", config=cfg), ws / "local",
                                       srun=False)
        if _slurm_up():
            (ws / "slurm").mkdir()
            inner = default_runner(ws / "slurm", config=cfg)
            token = grant_token(cfg.home, "sbatch")[0]
            slurm = SlurmRunner(inner, ws / "slurm", sbatch_args=("-n", "2", "--mem=600M"),
                                poll_s=0.3, approval_token=token,
                                local_purposes=("experiment:build",))
            figures["slurm"] = _experiment(slurm, ws / "slurm", srun=True)
            one_cpu = SlurmRunner(inner, ws / "slurm", sbatch_args=("-n", "1", "--mem=50M"),
                                  poll_s=0.3, approval_token=token)
            figures["overhead"] = _overhead(inner, one_cpu)
        else:
            figures["slurm"] = "skipped: no idle Slurm node (scripts/slurm.sh start)"
    write_result("mpi_binding", figures)


if __name__ == "__main__":
    main()
