"""Real builds and runs of the bundled kernels through the Runner, an experiment end to end,
and resume after SIGKILL without losing or repeating a completed sample."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, require_tool, run_cli
from perfscout.config import load_config
from perfscout.experiment.build import build_variant
from perfscout.experiment.kernels import KERNELS, parse_result_line
from perfscout.experiment.runner import run_argv, run_experiment
from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.experiment.store import Store
from perfscout.experiment.transforms import TRANSFORMS, diff_for
from perfscout.model.runs import RunRequest
from perfscout.sandbox.runner import default_runner

SMALL = {"triad": 100_000, "copy": 100_000, "scale": 100_000, "add": 100_000, "matmul": 64,
         "jacobi": 64, "ompreduce": 100_000, "mpi_pingpong": 4096, "mpi_halo": 64}


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_kernel_builds_runs_and_prints_one_result_line(name: str, tmp_path: Path) -> None:
    info = KERNELS[name]
    require_tool("mpicc" if info.mpi else "gcc")
    if info.mpi:
        require_tool("mpirun")
    runner = default_runner(tmp_path)
    spec = ExperimentSpec("k", Variant("baseline"), (), kernel=name, size=SMALL[name],
                          args=info.args)
    b = build_variant(runner, spec, spec.baseline, tmp_path)
    argv, env = run_argv(spec, Variant("baseline", threads=2), b.exe)
    res = runner.run(RunRequest(tuple(argv), cwd=str(tmp_path), env=env, timeout_s=60))
    assert res.ok, res.stderr
    r = parse_result_line(res.stdout)
    assert r.kernel == name and r.n == SMALL[name] and r.metric == info.metric and r.value > 0


def test_matmul_transforms_keep_the_checksum(tmp_path: Path) -> None:
    require_tool("gcc")
    runner = default_runner(tmp_path)
    spec = ExperimentSpec("m", Variant("baseline"), (), kernel="matmul", size=96,
                          args=("{size}", "1"))
    sums = set()
    for (_, pid), t in TRANSFORMS.items():
        if pid == "use_blas" and not Path("/usr/include/x86_64-linux-gnu/cblas.h").exists():
            continue
        v = Variant(pid.replace("+", "_"), patch=diff_for(t), libs=t.libs)
        b = build_variant(runner, spec, v, tmp_path)
        argv, env = run_argv(spec, v, b.exe)
        res = runner.run(RunRequest(tuple(argv), env=env, timeout_s=60))
        assert res.ok, res.stderr
        sums.add(parse_result_line(res.stdout).checksum)
    b = build_variant(runner, spec, spec.baseline, tmp_path)
    res = runner.run(RunRequest((str(b.exe), "96", "1"), timeout_s=60))
    sums.add(parse_result_line(res.stdout).checksum)
    assert len(sums) == 1


def test_thread_variant_is_judged_and_a_broken_variant_is_invalid(tmp_path: Path) -> None:
    require_tool("gcc")
    if (os.cpu_count() or 1) < 2:
        pytest.skip("needs 2 CPUs")
    broken = ("--- a/stream.c\n+++ b/stream.c\n@@ -49,3 +49,3 @@\n   double sum = 0.0;\n"
              "-  for (i = 0; i < n; i += 97) sum += a[i] + b[i] + c[i];\n"
              "+  for (i = 0; i < n; i += 97) sum += a[i] + b[i];\n"
              "   double bytes = arrays * sizeof(double) * (double)n;\n")
    spec = ExperimentSpec("t", Variant("baseline", threads=1),
                          (Variant("two", threads=2), Variant("broken", threads=1, patch=broken)),
                          kernel="triad", size=4_000_000, repetitions=7, max_repetitions=15,
                          cv_max=1.0)
    st = Store(tmp_path / "db")
    res = run_experiment(spec, default_runner(tmp_path), st, tmp_path,
                         cfg_get=load_config(env={}).get)
    two, bad = res.outcome("two"), res.outcome("broken")
    # the verdict follows the numbers: on an idle 2-core machine this is a win; under load from
    # other processes it may honestly be neutral or a loss, but never invalid
    assert two.verdict != "invalid", two.reasons
    assert (two.verdict == "win") == (two.ratio_low is not None
                                      and two.ratio_low > 1 + (res.margin or 0)
                                      and (two.p_value or 1) < 0.05)
    assert bad.verdict == "invalid" and "output differs" in bad.reasons[0]
    # every planned (variant, round) is stored once, warm-ups included
    assert len(st.samples(res.id)) == 3 * res.rounds
    st.close()


# Runs the spec like `perfscout experiment run` (same home, store and experiment id) and, when
# the fourth sample is committed, says READY on stdout and waits to be killed: the test kills
# at that state, on the process's own signal, not after a guessed delay.
_DRIVER = """
import sys, time
from perfscout.config import load_config
from perfscout.experiment.runner import run_experiment
from perfscout.experiment.spec import load_spec
from perfscout.experiment.store import Store, default_db
from perfscout.sandbox.runner import default_runner

def progress(msg, done, total):
    if total and done == 4:
        print("READY", flush=True)
        while True:
            time.sleep(60)

cfg = load_config()
work = cfg.home / "workspace"
work.mkdir(parents=True, exist_ok=True)
run_experiment(load_spec(sys.argv[1]), default_runner(work), Store(default_db(cfg.home)), work,
               cfg_get=cfg.get, progress=progress)
"""


@pytest.mark.slow
def test_sigkill_mid_run_then_resume_loses_and_repeats_nothing(tmp_path: Path) -> None:
    require_tool("gcc")
    home = tmp_path / "home"
    spec = tmp_path / "spec.yaml"
    spec.write_text("name: killme\nkernel: matmul\nsize: 200\nrepetitions: 8\n"
                    "max_repetitions: 8\nwarmup: 1\n"
                    "baseline: {}\nvariants:\n  - {name: o3, extra_flags: [-O3]}\n")
    env = dict(os.environ, PERFSCOUT_HOME=str(home),
               PYTHONPATH=str(REPO / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    db = home / "perfscout.db"
    proc = subprocess.Popen([sys.executable, "-c", _DRIVER, str(spec)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    ready = proc.stdout.readline()  # blocks until the driver reaches the state (or dies)
    assert ready.strip() == "READY", f"driver ended before the 4th sample (exit {proc.wait()})"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    con = sqlite3.connect(db)
    before = con.execute("SELECT variant, round, value, created_at FROM samples").fetchall()
    con.close()
    assert len(before) == 4
    out = run_cli("experiment", "run", str(spec), "--json", env={"PERFSCOUT_HOME": str(home)})
    assert out.returncode == 0, out.stdout + out.stderr
    envl = json.loads(out.stdout)
    assert envl["data"]["experiment"]["resumed_samples"] == len(before)
    con = sqlite3.connect(db)
    after = con.execute("SELECT variant, round, value, created_at FROM samples").fetchall()
    con.close()
    assert set(before) <= set(after)  # nothing lost or rewritten
    keys = [(v, r) for v, r, _, _ in after]
    assert len(keys) == len(set(keys)) == 18  # 2 variants x (1 warm-up + 8) rounds, once each
