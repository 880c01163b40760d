"""Spec parsing, the diff applier, the transforms, proposal conversion and the store schema."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from perfscout.experiment import transforms
from perfscout.experiment.convert import combine, to_variant
from perfscout.experiment.kernels import kernel_source, parse_result_line
from perfscout.experiment.patching import apply_unified_diff
from perfscout.experiment.runner import plan
from perfscout.experiment.spec import load_spec
from perfscout.experiment.store import Store
from perfscout.experiment.validity import Sample
from perfscout.model.errors import InputError, NotFoundError, StateConflict
from perfscout.model.proposals import Change, Proposal


def test_yaml_spec_round_trip_and_errors(tmp_path: Path) -> None:
    p = tmp_path / "s.yaml"
    p.write_text("kernel: triad\nsize: 1000\nbaseline: {threads: 1}\n"
                 "variants:\n  - name: two\n    threads: 2\n    launcher: taskset -c 0,1\n")
    spec = load_spec(p)
    assert spec.name == "s" and spec.variants[0].launcher == ("taskset", "-c", "0,1")
    assert spec.digest() == load_spec(p).digest()
    p.write_text("kernel: nope\nvariants: [{name: a}]\n")
    with pytest.raises(InputError, match="unknown kernel"):
        load_spec(p)
    p.write_text("kernel: triad\nvariants: [{name: a, bogus: 1}]\n")
    with pytest.raises(InputError, match="unknown variant keys"):
        load_spec(p)
    with pytest.raises(NotFoundError, match=r"spec file .* does not exist"):  # exit 4
        load_spec(tmp_path / "missing.yaml")


def test_yaml_exponent_numbers_are_numbers(tmp_path: Path) -> None:
    """YAML 1.1 reads 1e-9 and 2e6 as strings; the spec holds them as numbers (a string
    rel_tol once reached the checksum comparison and raised TypeError)."""
    p = tmp_path / "s.yaml"
    p.write_text("kernel: triad\nsize: 2e6\ncv_max: 5e-2\ncheck: {kind: tolerance, rel_tol: 1e-9}\n"
                 "variants: [{name: a, threads: 2}]\n")
    spec = load_spec(p)
    assert spec.size == 2_000_000 and isinstance(spec.size, int)
    assert spec.cv_max == 0.05 and spec.check.rel_tol == 1e-9
    p.write_text("kernel: triad\nsize: 12.5\nvariants: [{name: a}]\n")
    with pytest.raises(InputError, match="size must be a whole number"):
        load_spec(p)
    p.write_text("kernel: triad\ncheck: {kind: tolerance, rel_tol: tight}\nvariants: [{name: a}]\n")
    with pytest.raises(InputError, match="check: rel_tol must be a number, not 'tight'"):
        load_spec(p)


def test_every_transform_diff_applies_to_its_kernel() -> None:
    for t in transforms.TRANSFORMS.values():
        out = apply_unified_diff(kernel_source("matmul.c"), transforms.diff_for(t))
        assert out == kernel_source(t.file)


def test_stale_patch_is_refused() -> None:
    diff = transforms.diff_for(transforms.TRANSFORMS[("matmul", "use_blas")])
    with pytest.raises(InputError, match="does not apply"):
        apply_unified_diff(kernel_source("jacobi.c"), diff)


def test_proposals_convert_to_variants() -> None:
    v = to_variant(Proposal("use_blas", kind="source", change=Change()), "matmul")
    assert not isinstance(v, type(None)) and getattr(v, "libs", None) == ("-lopenblas",)
    t = to_variant(Proposal("thread_count", kind="param", change=Change(params={"threads": 2})))
    assert getattr(t, "threads", None) == 2
    e = to_variant(Proposal("bind_threads", kind="env",
                            change=Change(env={"OMP_PROC_BIND": "close"})))
    assert getattr(e, "env", None) == {"OMP_PROC_BIND": "close"}
    bad = to_variant(Proposal("loop_unroll", kind="source", change=Change()), "triad")
    assert "no bundled transformation" in getattr(bad, "reason", "")
    a = to_variant(Proposal("loop_interchange", kind="source", change=Change()), "matmul")
    b = to_variant(Proposal("parallelize_omp", kind="source", change=Change()), "matmul")
    c = combine([a, b], "matmul")  # type: ignore[list-item]
    assert getattr(c, "patch", "") == transforms.diff_for(
        transforms.TRANSFORMS[("matmul", "loop_interchange+parallelize_omp")])


def test_result_line_parsing() -> None:
    r = parse_result_line("noise\nPERFSCOUT kernel=triad n=10 threads=2 time_s=0.5 "
                          "metric=bandwidth_MBps value=3.5 bytes=240 checksum=7\n")
    assert (r.kernel, r.n, r.value, r.checksum, r.bytes) == ("triad", 10, 3.5, "7", 240.0)
    with pytest.raises(InputError, match="exactly one"):
        parse_result_line("nothing here")


def test_plan_is_interleaved_and_rotated() -> None:
    assert plan(["a", "b", "c"], 2) == [(0, "a"), (0, "b"), (0, "c"),
                                        (1, "b"), (1, "c"), (1, "a")]


def test_store_schema_migrations_and_no_duplicate_samples(tmp_path: Path) -> None:
    st = Store(tmp_path / "p.db")
    st.begin("e1", "e", "{}", 3)
    smp = Sample("base", 0, False, True, 1.0, 1.0, "1", 10)
    st.add_sample("e1", smp, 0.1)
    with pytest.raises(StateConflict):
        st.add_sample("e1", smp, 0.1)
    st.close()
    st2 = Store(tmp_path / "p.db")  # reopening re-applies nothing
    assert st2.samples("e1") == [Sample("base", 0, False, True, 1.0, 1.0, "1", 10, {}, {}, "")]
    assert st2.get("e1").samples == (smp,) and st2.get("e1").spec is None  # "{}": no spec
    st2.close()
    rows = sqlite3.connect(tmp_path / "p.db").execute(
        "SELECT component, version FROM migrations").fetchall()
    assert rows == [("experiment", 1), ("experiment", 2)]


def test_variant_inherits_baseline_threads_and_launcher_prefix() -> None:
    from perfscout.experiment.runner import run_argv
    from perfscout.experiment.spec import ExperimentSpec, Variant

    spec = ExperimentSpec("x", Variant("baseline", threads=1), (), kernel="triad", size=5,
                          args=("{size}", "triad"))
    argv, env = run_argv(spec, Variant("o3", launcher=("taskset", "-c", "0")), Path("/w/prog"))
    assert argv == ["taskset", "-c", "0", "/w/prog", "5", "triad"]
    assert env["OMP_NUM_THREADS"] == "1"
    _, env2 = run_argv(spec, Variant("two", threads=2), Path("/w/prog"))
    assert env2["OMP_NUM_THREADS"] == "2"
