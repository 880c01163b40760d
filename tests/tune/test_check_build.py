"""`tune` judges a point's correctness as `experiment run` does: with the spec's check build.

The program prints only its time; its dump switch (``check.defines: {DUMP: ""}``) makes a
separate build print its array. A tuned define that changes the array (``SHIFT=1``) leaves
the timed output alone, so only the check build can catch it: the trial must fail with the
same reason `experiment run` gives the same variant, and a correct point must be measured.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import optuna
import pytest
import yaml

from conftest import run_cli
from perfscout.tune.optuna_bridge import open_storage

DATA = Path(__file__).parent / "data"


def _copy(tmp_path: Path) -> Path:
    if shutil.which("gcc") is None:
        pytest.skip("gcc absent")
    for f in ("dumpsweep.c", "dumpsweep.yaml", "dumpsweep_space.yaml"):
        shutil.copyfile(DATA / f, tmp_path / f)
    return tmp_path / "dumpsweep_space.yaml"


def test_tune_rejects_a_point_whose_check_build_output_differs(
        tmp_path: Path, ps_home: Path) -> None:
    space = _copy(tmp_path)
    # every point of the 2 x 2 space once (brute force), each a small experiment
    cp = run_cli("tune", "run", str(space), "--budget", "4", "--study", "dump",
                 "--sampler", "bruteforce", "--json", timeout=900)
    env = json.loads(cp.stdout)
    assert env["status"] == "ok", env["errors"]
    d = env["data"]
    assert d["best_params"]["shift"] == "0"  # a wrong point is never the best
    st = optuna.load_study(study_name="dump", storage=open_storage(None, ps_home))
    measured = [t for t in st.trials if "cached_from" not in t.user_attrs
                and t.state in (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.FAIL)]
    by_shift: dict[str, list[optuna.trial.FrozenTrial]] = {"0": [], "1": []}
    for t in measured:
        by_shift[t.params["shift"]].append(t)
    assert len(by_shift["0"]) == 2 and len(by_shift["1"]) == 2, [t.params for t in measured]
    for t in by_shift["1"]:  # the dumped array differs: failed, never scored
        assert t.state == optuna.trial.TrialState.FAIL, t.user_attrs
        assert t.user_attrs["verdict"] == "invalid"
        assert "output differs from the baseline" in t.user_attrs["reason"]
    for t in by_shift["0"]:  # the same numbers (either flag set): measured
        assert t.state == optuna.trial.TrialState.COMPLETE, t.user_attrs
        assert t.value is not None and t.value > 0
    # the check build really ran with the dump switch, for the trials as for the baseline
    checks = list((ps_home / "workspace" / "experiments").glob("*/check"))
    assert len(checks) == 4 and all((c / "reference.txt").is_file() for c in checks)

    # `experiment run` on the same program and the same two variants gives the same judgement
    spec = yaml.safe_load((tmp_path / "dumpsweep.yaml").read_text())
    spec.update(name="dumpsweep-exp", variants=[
        {"name": "shifted", "defines": {"SHIFT": "1"}, "flags": ["-O1"]},
        {"name": "same", "defines": {"SHIFT": "0"}, "flags": ["-O1"]}])
    (tmp_path / "exp.yaml").write_text(yaml.safe_dump(spec))
    cp = run_cli("experiment", "run", str(tmp_path / "exp.yaml"), "--json", timeout=900)
    got = {v["name"]: v for v in json.loads(cp.stdout)["data"]["experiment"]["variants"]}
    assert got["shifted"]["verdict"] == "invalid" and got["same"]["verdict"] != "invalid"
    shifted_o1 = next(t for t in by_shift["1"] if t.params["flags"] == "-O1")
    assert got["shifted"]["reasons"] == [shifted_o1.user_attrs["reason"]]
