"""Experiments whose runs are Slurm jobs: the same spec judged through the local runner and
through the Slurm runner (builds stay local) yields the same kind of result and verdict."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

from conftest import require_service, require_tool
from perfscout.config import load_config
from perfscout.experiment.runner import ExperimentResult, VariantOutcome, run_experiment
from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.experiment.stats import VERDICTS, WIN
from perfscout.experiment.store import Store
from perfscout.sandbox.approval import grant_token
from perfscout.sandbox.audit import default_log, read_records
from perfscout.sandbox.runner import default_runner
from perfscout.sandbox.slurm_runner import SlurmRunner


def _slurm_up() -> bool:
    if shutil.which("sinfo") is None:
        return False
    cp = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True)
    return cp.returncode == 0 and any(s in cp.stdout for s in ("idle", "mixed", "alloc"))


def _spec() -> ExperimentSpec:
    # naive matmul, one thread: -O0 against -O2 is a several-fold difference, far above the
    # noise of a shared machine, so both runners must reach the same verdict; six samples a
    # side, so one run preempted by other work (an overlap) still leaves the rank test
    # significant (four a side need a perfect separation: p = 0.029)
    return ExperimentSpec("mm-opt", Variant("baseline", flags=("-O0", "-fopenmp"), threads=1),
                          (Variant("o2", flags=("-O2", "-fopenmp"), threads=1),),
                          kernel="matmul", size=160, repetitions=6, max_repetitions=6, warmup=0,
                          cv_max=1.0, ci_rel_width=100.0)


def _shape(o: VariantOutcome) -> dict[str, str]:
    return {f.name: type(getattr(o, f.name)).__name__ for f in dataclasses.fields(o)}


def test_slurm_experiment_gives_the_local_verdict(ps_home: Path, tmp_path: Path) -> None:
    require_tool("gcc")
    require_service("slurm", _slurm_up(), "no idle node (run scripts/slurm.sh start as root)")
    cfg = load_config()
    results: dict[str, ExperimentResult] = {}
    for kind in ("local", "slurm"):
        ws = (tmp_path / kind).resolve()
        ws.mkdir()
        local = default_runner(ws, config=cfg)
        runner = local if kind == "local" else SlurmRunner(
            local, ws, sbatch_args=("-n", "1", "--mem=200M"), poll_s=0.3,
            approval_token=grant_token(cfg.home, "sbatch")[0],
            local_purposes=("experiment:build",))
        store = Store(ws / "db")
        results[kind] = run_experiment(_spec(), runner, store, ws, cfg_get=cfg.get)
        store.close()
    loc, slu = results["local"], results["slurm"]
    for res in (loc, slu):
        o2 = res.outcome("o2")
        assert o2.verdict in VERDICTS and o2.ratio is not None and o2.median is not None
        assert o2.verdict == WIN, (o2.ratio, o2.ratio_low, o2.reasons)
        assert res.baseline.samples == 6 and o2.samples == 6
    assert _shape(loc.outcome("o2")) == _shape(slu.outcome("o2"))
    assert _shape(loc.baseline) == _shape(slu.baseline)
    assert loc.id == slu.id and loc.metric == slu.metric == "gflops"
    # the Slurm runs really were jobs: one submission per sample, builds ran here
    recs = read_records(default_log(tmp_path / "slurm"))
    submits = [r for r in recs if str(r.get("purpose", "")).startswith("slurm:submit:experiment")]
    builds = [r for r in recs if str(r.get("purpose", "")).startswith("experiment:build")]
    assert len(submits) == 12 and all(r["allowed"] for r in submits)
    assert len(builds) == 2 and builds[0]["argv"][0] == "gcc"
    local_recs = read_records(default_log(tmp_path / "local"))
    assert not [r for r in local_recs if str(r.get("purpose", "")).startswith("slurm:")]

