"""User-written specs, spaces, replay tables and session policies: a wrong type or value is a
one-line InputError naming the file and the key (exit 3), never a TypeError or a silent
misreading (``approve: compiler_opt_level`` read as a list of letters)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli
from perfscout.experiment.spec import ExperimentSpec, Variant, load_spec
from perfscout.model.errors import InputError
from perfscout.model.user_data import from_user, number
from perfscout.pipeline.session import read_policy
from perfscout.tune.replay import load_table
from perfscout.tune.space import load_space

SPECS = [
    ("size: abc", "size must be a number, not 'abc'"),
    ("size: 12.5", "size must be a whole number"),
    ("repetitions: -3", "repetitions must be at least 1, not -3"),
    ("alpha: 2", "alpha must be between 0 and 1"),
    ("args: 5", "args must be a list, not 5"),
    ("check: 7", "check must be a mapping"),
    ("check: {kind: tolerance, rel_tol: tight}", "check: rel_tol must be a number, not 'tight'"),
    ("baseline: {threads: two}", "baseline: threads must be a number, not 'two'"),
    ("baseline: {threads: 0}", "baseline: threads must be at least 1, not 0"),
]
VARIANTS = [
    ("{name: a, flags: 3}", "variants[0]: flags must be a list, not 3"),
    ("{name: a, env: [1, 2]}", "variants[0]: env must be a mapping"),
    ("{name: a, defines: 5}", "variants[0]: defines must be a mapping"),
    ("{name: a, launcher: [[numactl]]}", "variants[0]: launcher[0] must be a single value"),
]


@pytest.mark.parametrize(("line", "message"), SPECS + [
    (f"variants: [{v}]", m) for v, m in VARIANTS] + [("variants: {name: a}",
                                                    "variants must be a list")])
def test_spec_values_are_checked(tmp_path: Path, line: str, message: str) -> None:
    p = tmp_path / "s.yaml"
    body = "kernel: triad\n" + line + "\n"
    if not line.startswith("variants"):
        body += "variants: [{name: a, threads: 2}]\n"
    p.write_text(body)
    with pytest.raises(InputError) as exc:
        load_spec(p)
    assert exc.value.message.startswith(f"{p}: ") and message in exc.value.message


def test_spec_accepts_what_people_write(tmp_path: Path) -> None:
    p = tmp_path / "s.yaml"
    p.write_text("kernel: triad\nsize: 2e6\nargs: ['{size}', 20]\ncheck: {kind: tolerance, "
                 "rel_tol: 1e-9}\nvariants:\n  - {name: a, flags: -O3 -march=native, "
                 "env: {OMP_PROC_BIND: true, OMP_NUM_THREADS: 4}, threads: 2.0}\n")
    s = load_spec(p)
    assert s.size == 2_000_000 and s.args == ("{size}", "20") and s.check.rel_tol == 1e-9
    v = s.variants[0]
    assert v.flags == ("-O3", "-march=native") and v.threads == 2
    assert v.env == {"OMP_PROC_BIND": "True", "OMP_NUM_THREADS": "4"}


def test_from_user_checks_every_field_type() -> None:
    assert from_user(Variant, {"name": 7, "threads": "3"}, "v") == Variant("7", threads=3)
    with pytest.raises(InputError, match=r"^v: ranks must be a number, not \[2\]$"):
        from_user(Variant, {"name": "a", "ranks": [2]}, "v")
    with pytest.raises(InputError, match="s: baseline must be a mapping"):
        from_user(ExperimentSpec, {"name": "x", "baseline": "fast", "variants": []}, "s")
    for bad in (True, None, "nan", float("inf"), {}):
        with pytest.raises(InputError):
            number(bad, "k")


@pytest.mark.parametrize(("text", "message"), [
    ("params:\n  t: {role: tile, kind: int, low: a, high: 3}",
     "parameter 't': low must be a number"),
    ("params:\n  t: {role: tile, values: 3}", "parameter 't': values must be a list"),
    ("params:\n  t: {role: tile, kind: int, values: [8, x]}", "values[1] must be a number"),
    ("params: [1, 2]", "params must be a mapping"),
    ("params:\n  t: {role: tile, values: [8]}\nconstraints: [{kind: divides, param: t, "
     "value: q}]", "constraints[0]: value must be a number, not 'q'"),
    ("params:\n  t: {role: tile, values: [8, 16]}\nfixed: [1]", "fixed must be a mapping"),
])
def test_space_values_are_checked(tmp_path: Path, text: str, message: str) -> None:
    p = tmp_path / "space.yaml"
    p.write_text("name: x\n" + text + "\n")
    with pytest.raises(InputError) as exc:
        load_space(p)
    assert message in exc.value.message


@pytest.mark.parametrize(("table", "message"), [
    ({"params": {"x": {"role": "tile", "values": [1, 2]}}, "rows": [{"x": 1, "t": "fast"}]},
     "rows[0].t must be a number, not 'fast'"),
    ({"params": [1], "rows": []}, "params must be a mapping"),
    ({"params": {"x": {"role": "tile", "values": [1, 2]}}, "rows": 5}, "rows must be a list"),
    ({"params": {"x": {"role": "tile", "values": [1, 2]}}, "rows": [{"x": 3, "t": 1}]},
     "rows[0].x = 3 is not among params.x.values"),
])
def test_replay_table_values_are_checked(tmp_path: Path, table: dict[str, object],
                                         message: str) -> None:
    p = tmp_path / "t.json"
    p.write_text(json.dumps({"objective": "t", **table}))
    with pytest.raises(InputError) as exc:
        load_table(p)
    assert message in exc.value.message


def test_session_policy_types(tmp_path: Path) -> None:
    p = tmp_path / "p.yaml"
    p.write_text("confirm_platform: true\napprove: compiler_opt_level\n")
    assert read_policy(str(p)) == {"confirm_platform": True, "approve": ["compiler_opt_level"]}
    p.write_text("confirm_platform: yes please\n")
    with pytest.raises(InputError, match="confirm_platform must be true or false"):
        read_policy(str(p))
    p.write_text("approve: {a: 1}\n")
    with pytest.raises(InputError, match="approve must be a list"):
        read_policy(str(p))


def test_cli_reports_bad_user_files_in_one_line(tmp_path: Path, ps_home: Path) -> None:
    spec = tmp_path / "s.yaml"
    spec.write_text("kernel: triad\nvariants: [{name: a, env: [1, 2]}]\n")
    space = tmp_path / "sp.yaml"
    space.write_text("name: x\nparams: [1, 2]\n")
    table = tmp_path / "t.json"
    table.write_text('{"objective": "t", "params": {"x": {"role": "tile", "values": [1]}}, '
                     '"rows": [{"x": 1, "t": "fast"}]}')
    for argv in (("experiment", "run", str(spec)), ("tune", "run", str(space), "--budget", "1"),
                 ("tune", "replay", str(table))):
        cp = run_cli(*argv)
        assert cp.returncode == 3, (argv, cp.stderr)
        assert cp.stderr.startswith("perfscout: error: ") and "Traceback" not in cp.stderr
        assert "internal error" not in cp.stderr


def test_config_threshold_overrides_are_checked_where_they_are_used(tmp_path: Path,
                                                                     ps_home: Path) -> None:
    result = tmp_path / "r.txt"
    result.write_text("PERFSCOUT kernel=triad n=1000000 threads=1 time_s=0.01 "
                      "metric=bandwidth_MBps value=1000 checksum=1\n")
    cfg = tmp_path / "c.yaml"
    for text, message in (("thresholds: {crossval.disagree: b}",
                           "threshold crossval.disagree must be a number, got 'b'"),
                          ("thresholds: {no.such: 1}", "unknown threshold 'no.such'"),
                          ("thresholds: 5", "thresholds must be a mapping")):
        cfg.write_text(text + "\n")
        cp = run_cli("--config", str(cfg), "analyze", str(result))
        assert cp.returncode == 10, cp.stderr  # CONFIG
        said = " ".join(cp.stderr.split())  # rich wraps long lines at the terminal width
        assert message in said and "internal error" not in said
