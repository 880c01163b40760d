"""MPI binding experiments end to end through run_experiment: ping-pong under ``mpirun
--bind-to core`` against ``--bind-to none`` locally, and as Slurm jobs (adding ``srun
--mpi=pmix``); each variant reports its latency per message size and a verdict."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

from tests.slurm.mpi_cases import binding_spec, size_table

from conftest import require_service, require_tool
from perfscout.config import load_config
from perfscout.experiment.kernels import parse_result_line, size_fields
from perfscout.experiment.runner import ExperimentResult, run_experiment
from perfscout.experiment.spec import spec_from_dict
from perfscout.experiment.stats import VERDICTS, WIN
from perfscout.experiment.store import Store
from perfscout.model.runs import Runner
from perfscout.sandbox.approval import grant_token
from perfscout.sandbox.audit import default_log, read_records
from perfscout.sandbox.runner import default_runner
from perfscout.sandbox.slurm_runner import SlurmRunner

SIZES = [8, 32, 128, 512, 2048, 8192, 32768]  # 8 B x4 up to 64 KiB


def _slurm_up() -> bool:
    if shutil.which("sinfo") is None:
        return False
    cp = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True)
    return cp.returncode == 0 and any(s in cp.stdout for s in ("idle", "mixed", "alloc"))


def _srun_pmix() -> bool:
    cp = subprocess.run(["srun", "--mpi=list"], capture_output=True, text=True)
    return "pmix" in cp.stdout + cp.stderr


def _run(runner: Runner, ws: Path, srun: bool) -> tuple[ExperimentResult, dict]:
    cfg = load_config()
    store = Store(ws / "db")
    try:
        res = run_experiment(binding_spec("pingpong-binding", srun=srun), runner, store, ws,
                             cfg_get=cfg.get)
        return res, size_table(store.samples(res.id))
    finally:
        store.close()


def _check(res: ExperimentResult, table: dict, variants: list[str]) -> None:
    assert res.metric == "latency_us" and res.direction == "lower"
    assert res.baseline.verdict == "baseline", res.baseline.reasons
    assert sorted(table) == sorted(variants)
    for name in variants:
        assert list(table[name]) == SIZES
        assert all(lat > 0 for lat in table[name].values())
    for o in res.variants:
        assert o.verdict in VERDICTS and o.verdict != "invalid", (o.name, o.reasons)
        assert o.median is not None and o.ratio is not None
        # the 8-byte latency in the table is the judged metric: same median
        assert abs(table[o.name][8] - o.median) <= 1e-9 * max(1.0, o.median)
        # a win means lower latency than the baseline with an interval above 1 + margin
        assert (o.verdict == WIN) == (o.ratio_low is not None
                                      and o.ratio_low > 1 + (res.margin or 0)
                                      and (o.p_value or 1) < 0.05)


def test_size_lines_become_fields(tmp_path: Path) -> None:
    text = ("PERFSCOUT_SIZE bytes=8 latency_us=0.660 bandwidth_MBps=12.1\n"
            "PERFSCOUT_SIZE bytes=2048 latency_us=1.053 bandwidth_MBps=1944.8\n"
            "PERFSCOUT kernel=mpi_pingpong n=4096 ranks=2 time_s=0.000296 metric=latency_us "
            "value=0.660 bandwidth_MBps=1944.8 checksum=2973\n")
    assert size_fields(text) == {"latency_us@8": "0.660", "bandwidth_MBps@8": "12.1",
                                 "latency_us@2048": "1.053", "bandwidth_MBps@2048": "1944.8"}
    kr = parse_result_line(text)
    assert kr.value == 0.660 and kr.fields["latency_us@2048"] == "1.053"
    spec = spec_from_dict({"kernel": "mpi_pingpong", "baseline": {
        "mpi_launcher": "mpirun -np {ranks} --bind-to core"}, "variants": [
        {"name": "none", "mpi_launcher": ["mpirun", "-np", "{ranks}", "--bind-to", "none"]}]})
    assert spec.baseline.mpi_launcher == ("mpirun", "-np", "{ranks}", "--bind-to", "core")


def test_binding_experiment_locally(ps_home: Path, tmp_path: Path) -> None:
    require_tool("mpicc")
    require_tool("mpirun")
    ws = tmp_path.resolve()
    res, table = _run(default_runner(ws, config=load_config()), ws, srun=False)
    _check(res, table, ["bind-core", "bind-none"])
    runs = [r["argv"] for r in read_records(default_log(ws))
            if str(r.get("purpose", "")).startswith("experiment:run")]
    assert sum("core" in a for a in runs) == sum("none" in a for a in runs) == res.rounds
    assert all(a[:3] == ["mpirun", "-np", "2"] for a in runs)


def test_binding_experiment_as_slurm_jobs(ps_home: Path, tmp_path: Path) -> None:
    require_tool("mpicc")
    require_service("slurm", _slurm_up(), "no idle node (run scripts/slurm.sh start as root)")
    require_service("slurm-pmix", _srun_pmix(), "srun --mpi=list does not offer pmix")
    ws = tmp_path.resolve()
    cfg = load_config()
    runner = SlurmRunner(default_runner(ws, config=cfg), ws,
                         sbatch_args=("-n", "2", "--mem=600M"), poll_s=0.3,
                         approval_token=grant_token(cfg.home, "sbatch")[0],
                         local_purposes=("experiment:build",))
    res, table = _run(runner, ws, srun=True)
    _check(res, table, ["bind-core", "bind-none", "srun-pmix"])
    subs = [r for r in read_records(default_log(ws))
            if str(r.get("purpose", "")).startswith("slurm:submit:experiment:run")]
    assert len(subs) == 3 * res.rounds and all(r["allowed"] for r in subs)


def test_experiment_judged_at_one_message_size(ps_home: Path, tmp_path: Path) -> None:
    """`metric: latency_us@2048` judges the 2 KiB latency from the size lines."""
    require_tool("mpicc")
    require_tool("mpirun")
    ws = tmp_path.resolve()
    spec = dataclasses.replace(binding_spec("at-2k", size=4096, repetitions=3),
                               metric="latency_us@2048", warmup=0)
    store = Store(ws / "db")
    res = run_experiment(spec, default_runner(ws, config=load_config()), store, ws,
                         cfg_get=load_config().get)
    table = size_table(store.samples(res.id))
    store.close()
    assert res.metric == "latency_us@2048" and res.baseline.median is not None
    assert abs(res.baseline.median - table["bind-core"][2048]) <= 1e-9 * res.baseline.median
    assert res.outcome("bind-none").verdict in VERDICTS
