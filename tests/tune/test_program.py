"""Tuning the user's own program (a spec names it); an analysis of another program is refused."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import optuna
import pytest

from conftest import REPO, run_cli
from perfscout.tune.optuna_bridge import open_storage

DATA = Path(__file__).parent / "data"
MATMUL_ANALYSIS = REPO / "benches" / "data" / "matmul_analysis.json"


def _program(tmp_path: Path) -> Path:
    for f in ("rowblur.c", "rowblur.yaml", "rowblur_space.yaml"):
        shutil.copyfile(DATA / f, tmp_path / f)
    return tmp_path / "rowblur_space.yaml"


def _analysis_of_rowblur(tmp_path: Path) -> Path:
    """``perfscout analyze`` of real gcc vectorization remarks of the user's program."""
    if shutil.which("gcc") is None:
        pytest.skip("gcc absent")
    cp = subprocess.run(["gcc", "-O2", "-fopt-info-vec-all", "-o", str(tmp_path / "rb"),
                         str(tmp_path / "rowblur.c")], capture_output=True, text=True,
                        check=True, cwd=tmp_path)
    remarks = tmp_path / "remarks.txt"
    remarks.write_text(cp.stderr)
    assert "rowblur.c" in cp.stderr, "gcc wrote no vectorization remarks"
    out = run_cli("analyze", str(remarks), "--json")
    path = tmp_path / "analysis.json"
    path.write_text(out.stdout)
    assert json.loads(out.stdout)["status"] == "ok", out.stdout
    return path


def test_a_space_naming_a_program_tunes_that_program(tmp_path: Path, ps_home: Path) -> None:
    space = _program(tmp_path)
    cp = run_cli("tune", "run", str(space), "--budget", "5", "--study", "blur",
                 "--sampler", "random", "--json", timeout=900)
    env = json.loads(cp.stdout)
    assert env["status"] == "ok", env["errors"]
    d = env["data"]
    assert d["program"].endswith("rowblur.yaml") and d["n_trials"] >= 5
    cfg = d["best_config"]  # what to apply: flags, defines, environment
    assert set(cfg["defines"]) == {"BLOCK"} and set(cfg["env"]) == {"ROWBLUR_SPLIT"}
    assert cfg["flags"] in ("-O1", "-O2", "-O3 -march=native")
    built = {p.name for p in (ps_home / "workspace").rglob("*.c")}
    assert "rowblur.c" in built and "matmul_tunable.c" not in built
    st = optuna.load_study(study_name="blur", storage=open_storage(None, ps_home))
    assert all(t.user_attrs.get("experiment") for t in st.trials
               if t.state == optuna.trial.TrialState.COMPLETE
               and "cached_from" not in t.user_attrs)


def test_from_analysis_never_tunes_the_bundled_matmul_under_the_users_name(
        tmp_path: Path, ps_home: Path) -> None:
    space = _program(tmp_path)
    mine = _analysis_of_rowblur(tmp_path)
    # an analysis of the user's program, without a space: refused, not the bundled matmul
    cp = run_cli("tune", "run", "--from-analysis", str(mine), "--budget", "2", "--json")
    env = json.loads(cp.stdout)
    assert cp.returncode == 3, cp.stdout
    msg = env["errors"][0]["message"]
    assert "rowblur.c" in msg and "refusing to tune the bundled matmul" in msg
    # the matmul's analysis over the user's program's space: refused with both names
    cp = run_cli("tune", "run", str(space), "--from-analysis", str(MATMUL_ANALYSIS),
                 "--budget", "2", "--json")
    assert cp.returncode == 3
    msg = json.loads(cp.stdout)["errors"][0]["message"]
    assert "matmul.c" in msg and "rowblur.c" in msg
    assert not (ps_home / "workspace" / "experiments").exists() or not list(
        (ps_home / "workspace" / "experiments").rglob("matmul_tunable.c"))


def test_from_analysis_of_the_program_orders_its_space(tmp_path: Path, ps_home: Path) -> None:
    space = _program(tmp_path)
    mine = _analysis_of_rowblur(tmp_path)
    cp = run_cli("tune", "run", str(space), "--from-analysis", str(mine), "--budget", "4",
                 "--study", "blur-prior", "--json", timeout=900)
    env = json.loads(cp.stdout)
    assert env["status"] == "ok", env["errors"]
    d = env["data"]
    assert "ordered by" in d["space_reason"]
    prefs = {p["param"]: p for p in d["prior"]["preferences"]}
    assert set(prefs) == {"flags", "block", "split"} and all(p["reason"] for p in prefs.values())
    # a prior, not a prune: every value of the user's space is still searchable
    searched = {p["name"]: p["values"] for p in d["space"]["params"]}
    assert searched["block"] == [16, 256, 4096] and searched["split"] == ["0", "1"]
    st = optuna.load_study(study_name="blur-prior", storage=open_storage(None, ps_home))
    first = min(st.trials, key=lambda t: t.number)
    assert first.user_attrs.get("proposed_by") == "the evidence's first choice"
    assert first.params == d["prior"]["first_choice"]
    assert all(first.params[n] in p["values"] for n, p in prefs.items())
    # then the first design: each parameter's other candidates, one at a time, with reasons
    cands = {n: [c["value"] for c in cs] for n, cs in d["prior"]["candidates"].items()}
    later = [t for t in st.trials if t.number > first.number]
    assert later and all(t.user_attrs.get("proposed_by", "").startswith("first design: ")
                         for t in later), [t.user_attrs for t in later]
    for t in later:  # to a candidate, or an ordered parameter's bracketing move (which comes
        # before the optional candidates: the baseline's -O1, dropped by the evidence)
        moved = [n for n in t.params if t.params[n] != first.params[n]]
        why = str(t.user_attrs.get("proposed_by"))
        assert any(t.params[n] in cands[n][1:] for n in moved) or (
            "bracketing" in why and "block" in moved), (t.params, why, cands)


def test_show_draws_the_history_plot(tmp_path: Path, ps_home: Path) -> None:
    from perfscout.tune.optuna_bridge import load_or_create

    st = load_or_create("hist", open_storage(None, ps_home), "maximize", "random", 0)
    for i in range(6):
        t = st.ask({"x": optuna.distributions.IntDistribution(0, 9)})
        st.tell(t, float(t.params["x"]) + i)
    out = tmp_path / "history.png"
    cp = run_cli("tune", "show", "hist", "--plot", str(out), "--json")
    env = json.loads(cp.stdout)
    assert env["status"] == "ok", env["errors"]
    assert env["data"]["plot"] == str(out) and env["data"]["n_trials"] == 6
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 5000


HEAT2D = REPO / "benches" / "programs" / "heat2d"


def test_live_tune_of_a_user_shaped_program_is_confirmed_and_shown(
        tmp_path: Path, ps_home: Path) -> None:
    """As a user would: init the program (its own Makefile), analyze its gcc remarks, write a
    space naming the spec, tune with --confirm within the budget, then `tune show` the result:
    what to apply, the gains against the baseline and the best single proposal (interleaved
    experiments), importances, evaluations, and the history plot."""
    if shutil.which("gcc") is None or shutil.which("make") is None:
        pytest.skip("gcc or make absent")
    spec = tmp_path / "heat2d.yaml"
    cp = run_cli("init", str(HEAT2D), "--args", "60", "-o", str(spec), "--json", timeout=300)
    assert json.loads(cp.stdout)["status"] == "ok", cp.stdout
    rem = subprocess.run(["gcc", "-O2", "-DN=1024", "-fopt-info-vec-all", "-o",
                          str(tmp_path / "h"), str(HEAT2D / "src" / "main.c"),
                          str(HEAT2D / "src" / "stencil.c")], capture_output=True, text=True,
                         check=True)
    (tmp_path / "remarks.txt").write_text(rem.stderr)
    an = run_cli("analyze", str(tmp_path / "remarks.txt"), "--json")
    (tmp_path / "analysis.json").write_text(an.stdout)
    assert "hw.vectorization" in {f["id"] for f in json.loads(an.stdout)["data"]["findings"]}
    space = tmp_path / "space.yaml"
    space.write_text("name: heat2d-tune\nprogram: heat2d.yaml\nparams:\n"
                     "  flags: {role: compiler_flags, values: [-O2, -O3, -O3 -march=native]}\n"
                     "  omp: {role: other, values: ['', -fopenmp], flag: '{}'}\n")
    budget = 4
    cp = run_cli("tune", "run", str(space), "--from-analysis", str(tmp_path / "analysis.json"),
                 "--budget", str(budget), "--confirm", "--study", "heat", "--json",
                 timeout=1500)
    env = json.loads(cp.stdout)
    assert env["status"] == "ok", env["errors"]
    d = env["data"]
    assert d["program"].endswith("heat2d.yaml") and "ordered by" in d["space_reason"]
    assert d["n_evaluated"] <= budget and d["n_trials"] >= budget  # within its budget
    c = d["confirmation"]
    assert c["tuned_point"] == d["best_params"] or c["tuned_point"] in d["top"]
    assert c["best_single"], c  # the evidence's single proposals were measured too
    for exp_id in c["experiments"]:  # each confirmation is one interleaved experiment
        shown = json.loads(run_cli("experiment", "show", exp_id, "--json").stdout)["data"]
        rounds: dict[int, set[str]] = {}
        for s in shown["samples"]:
            rounds.setdefault(s["round"], set()).add(s["variant"])
        names = {"baseline"} | {v["name"] for v in shown["experiment"]["variants"]}
        assert len(rounds) >= 3 and all(r == names for r in rounds.values()), rounds
    # make's build got the tuned flags: the bundled matmul was never built
    assert not list((ps_home / "workspace").rglob("matmul_tunable.c"))
    plot = tmp_path / "history.png"
    cp = run_cli("tune", "show", "heat", "--plot", str(plot))
    assert cp.returncode == 0, cp.stderr
    out = " ".join(cp.stdout.split())
    assert "apply: " in out and d["best_config"]["flags"] in out
    assert "gain vs baseline:" in out and f"vs best single proposal {c['best_single']}" in out
    assert "importance: " in out and f"{d['n_trials']} trials ({d['n_evaluated']} measured)" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "ExperimentalWarning" not in cp.stderr
