"""The Optuna bridge on real experiments: failed trials, resume after SIGKILL, shared workers."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import optuna
from optuna.trial import TrialState

from conftest import REPO, run_cli
from perfscout.tune.optuna_bridge import open_storage

SPACE = """name: small
params:
  order: {role: loop_order, values: [ijk, ikj, kij]}
  tile: {role: tile, values: [16, 64]}
  flags: {role: compiler_flags, values: ["-O2", "-O2 -fno-such-flag-here"]}
"""


def _space(tmp_path: Path, text: str = SPACE) -> Path:
    f = tmp_path / "space.yaml"
    f.write_text(text)
    return f


def _study(home: Path, name: str) -> optuna.Study:
    # the product's opener: this reader may race the tuner creating the fresh database
    return optuna.load_study(study_name=name, storage=open_storage(None, home))


def test_failed_builds_are_failed_trials_never_fast(tmp_path: Path, ps_home: Path) -> None:
    cp = run_cli("tune", "run", str(_space(tmp_path)), "--budget", "10", "--size", "192",
                 "--study", "fails", "--sampler", "random", "--json")
    env = json.loads(cp.stdout)
    assert env["status"] == "ok", env["errors"]
    data = env["data"]
    assert data["n_trials"] >= 10 and data["n_failed"] >= 1
    assert "-fno-such-flag" not in data["best_params"]["flags"]
    study = _study(ps_home, "fails")
    for t in study.trials:
        if t.params.get("flags", "").endswith("flag-here"):
            assert t.state == TrialState.FAIL, t
            assert "build" in t.user_attrs["reason"] or t.user_attrs.get("cached_from") is not None


def _wait_line(fd: int, proc: subprocess.Popen[bytes], log: Path) -> str:
    """Block until the tuner writes its line to the FIFO (checking it is still alive)."""
    buf = b""
    while not buf.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], 5.0)
        if ready:
            buf += os.read(fd, 64)
        assert proc.poll() is None, f"the tuning run ended before the kill:\n{log.read_text()}"
    return buf.decode().strip()


def test_killed_inside_ask_then_restart_leaves_nothing_running_and_no_point_lost(
        tmp_path: Path, ps_home: Path) -> None:
    space = _space(tmp_path, SPACE.replace(', "-O2 -fno-such-flag-here"', ', "-O3"'))
    fifo = tmp_path / "in-ask"
    os.mkfifo(fifo)
    fd = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # never blocks, sees the tuner's line
    args = [sys.executable, "-m", "perfscout", "tune", "run", str(space), "--budget", "8",
            "--size", "128", "--study", "killme", "--sampler", "random", "--json"]
    # the tuner's third ask writes its trial number to the FIFO from inside study.ask (the
    # trial exists, RUNNING, not yet sampled) and waits there: the explicit signal to kill on
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"),
               PERFSCOUT_TUNE_ASK_HOOK=f"3:{fifo}")
    log = tmp_path / "tune.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        number = int(_wait_line(fd, proc, log))
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        os.close(fd)
    st = _study(ps_home, "killme")
    killed = next(t for t in st.trials if t.number == number)
    assert killed.state == TrialState.RUNNING  # killed in exactly that state
    before = {t.number: (t.state, t.value) for t in st.trials
              if t.state in (TrialState.COMPLETE, TrialState.FAIL)}
    asked = {t.number: dict(t.params) for t in st.trials if t.params}
    assert len(before) == 2, before
    cp = run_cli("tune", "run", str(space), "--budget", "8", "--size", "128", "--study",
                 "killme", "--sampler", "random", "--json")
    assert json.loads(cp.stdout)["data"]["n_trials"] >= 8, cp.stdout
    st = _study(ps_home, "killme")
    after = {t.number: t for t in st.trials}
    assert not [t for t in st.trials if t.state == TrialState.RUNNING]
    assert after[number].state == TrialState.FAIL and after[number].user_attrs["stale"]
    for num, (state, val) in before.items():  # finished trials survive as they were
        assert after[num].state == state and after[num].value == val
    measured = {json.dumps(t.params, sort_keys=True) for t in st.trials
                if t.state in (TrialState.COMPLETE, TrialState.FAIL)
                and not t.user_attrs.get("stale")}
    for num, params in asked.items():  # every point asked was measured (or queued and then)
        assert json.dumps(params, sort_keys=True) in measured, (num, params)


def test_two_workers_share_a_study_without_evaluating_twice(tmp_path: Path,
                                                            ps_home: Path) -> None:
    space = _space(tmp_path, SPACE.replace(', "-O2 -fno-such-flag-here"', ', "-O3"'))
    cp = run_cli("tune", "run", str(space), "--budget", "8", "--size", "160", "--study", "shared",
                 "--workers", "2", "--json")
    env = json.loads(cp.stdout)
    assert env["status"] == "ok", env["errors"]
    st = _study(ps_home, "shared")
    fin = [t for t in st.trials if t.state in (TrialState.COMPLETE, TrialState.FAIL)]
    done = [t for t in fin if t.state == TrialState.COMPLETE]
    assert len(fin) >= 8 and done  # noisy runs may fail (they are failed, not scored)
    assert not [t for t in st.trials if t.state == TrialState.RUNNING]
    evaluated = [t for t in done if "cached_from" not in t.user_attrs]
    pids = {t.user_attrs["pid"] for t in st.trials}
    assert len(pids) == 2, "both workers asked trials"
    keys = [json.dumps(t.params, sort_keys=True) for t in evaluated]
    assert len(keys) == len(set(keys)), "a configuration was measured twice"
    exps = [t.user_attrs["experiment"] for t in evaluated]
    assert len(exps) == len(set(exps))


def test_a_sampler_that_exhausts_the_space_ends_the_search(tmp_path: Path) -> None:
    """`--sampler bruteforce` stops the study after the last point (Optuna's study.stop, only
    allowed inside study.optimize): the search ends there with every point measured once,
    never an internal error."""
    from perfscout.tune.optuna_bridge import Evaluation, load_or_create, optimize
    from perfscout.tune.space import Param, Space

    space = Space("two", (Param("x", "other", "categorical", (1, 2)),
                          Param("y", "other", "categorical", ("a", "b"))))
    seen: list[dict[str, object]] = []

    def evaluate(point: dict[str, object]) -> Evaluation:
        seen.append(dict(point))
        return Evaluation(float(len(seen)), True)

    st = load_or_create("brute", open_storage(None, tmp_path), "minimize", "bruteforce", 0)
    optimize(st, space, evaluate, budget=10)
    assert sorted((p["x"], p["y"]) for p in seen) == [(1, "a"), (1, "b"), (2, "a"), (2, "b")]
    assert all(t.state == TrialState.COMPLETE for t in st.trials)
