"""A program's own A/B of one factor (ingest/ab_runs.py): runs of the same work differing in
one named setting give ``ab.ratio``, read from real runs (tests/ingest/data/ab_runs/make.sh)
with the ratio checked by hand; runs whose counts or results differ give none; and the A/B is
the second family that confirms the cause its factor names (branch prediction for
``mode=raw``/``sorted``), and only that cause."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import run_cli
from perfscout.ingest.ab_runs import ab_metrics
from perfscout.ingest.registry import load
from perfscout.ingest.textutil import iter_lines

D = Path(__file__).parent / "data" / "ab_runs"


def _ab(name: str) -> list[tuple[float, str, int | None]]:
    p = load(D / name)
    return [(m.value, m.raw_name, m.source.line if m.source else None)
            for m in p.metrics if m.name == "ab.ratio"]


def test_a_mode_per_run_gives_the_ratio_of_the_medians() -> None:
    # raw 0.0857 and 0.0879 s (median 0.0868), sorted 0.0033 and 0.0073 s (median 0.0053)
    [(ratio, raw, line)] = _ab("modes-runs.txt")
    assert ratio == pytest.approx(0.0868 / 0.0053) and raw == "mode: raw vs sorted"
    assert line == 1  # the slower value's first run
    assert load(D / "modes-runs.txt").format == "program-output"


def test_a_table_of_modes_under_its_column_names() -> None:
    # the first column names the order; seconds is a column, ns/value another time
    [(ratio, raw, _line)] = _ab("modes-table.txt")
    assert ratio == pytest.approx(0.0883 / 0.0078) and raw == "order: random vs sorted"


def test_the_factor_in_the_command_only() -> None:
    # ./prec float and ./prec double: the printout echoes it as type=..., sums differ in the
    # fourth digit (within the results' tolerance), the terms are equal
    [(ratio, raw, _line)] = _ab("prec-runs.txt")
    assert ratio == pytest.approx(0.0463 / 0.0269) and raw == "type: double vs float"


def test_a_size_sweep_is_no_ab() -> None:
    assert _ab("size-sweep.txt") == []


def test_a_result_that_differs_is_not_the_same_work() -> None:
    lines = [(1, "$ ./a x 10"), (2, "mode=x n=10 seconds=0.5 energy=1.00"),
             (3, "$ ./a y 10"), (4, "mode=y n=10 seconds=0.1 energy=2.00")]
    assert ab_metrics(lines, "f") == []
    same = [(n, t.replace("energy=2.00", "energy=1.00")) for n, t in lines]
    assert [m.raw_name for m in ab_metrics(same, "f")] == ["mode: x vs y"]


def test_two_factors_changed_at_once_are_no_ab() -> None:
    lines = list(iter_lines(D / "modes-runs.txt"))
    two = [(n, t.replace("passes=10", "passes=20") if "sorted" in t and "mode=" in t else t)
           for n, t in lines]
    assert ab_metrics(two, "f") == []


def _analyze(tmp_path: Path, *names: str) -> dict[str, object]:
    for n in names:
        shutil.copy(D / n, tmp_path / n)
    cp = run_cli("analyze", str(tmp_path), "--json")
    assert cp.returncode == 0, cp.stderr
    env = json.loads(cp.stdout)["data"]
    assert isinstance(env, dict)
    return env


def test_the_ab_confirms_the_cause_its_factor_names(tmp_path: Path) -> None:
    env = _analyze(tmp_path, "modes-runs.txt", "cg-annotate-branch.txt")
    top = env["findings"][0]  # type: ignore[index]
    assert top["id"] == "hw.bad_speculation" and top["status"] == "confirmed"
    fams = {e["source_kind"] for e in top["evidence"]}
    assert {"simulator", "program"} <= fams
    ab = next(e for e in top["evidence"] if e["metric"] == "ab.ratio")
    assert "mode: raw vs sorted" in ab["quote"]


def test_the_simulator_alone_leaves_it_a_hypothesis(tmp_path: Path) -> None:
    env = _analyze(tmp_path, "cg-annotate-branch.txt")
    top = env["findings"][0]  # type: ignore[index]
    assert top["id"] == "hw.bad_speculation" and top["status"] == "hypothesis"


def test_an_ab_of_another_factor_confirms_nothing(tmp_path: Path) -> None:
    # the precision A/B beside the branch simulator: float vs double says nothing of branches
    env = _analyze(tmp_path, "prec-runs.txt", "cg-annotate-branch.txt")
    spec = next(f for f in env["findings"] if f["id"] == "hw.bad_speculation")  # type: ignore
    assert spec["status"] == "hypothesis"
    assert all(e["metric"] != "ab.ratio" for e in spec["evidence"])
