"""Application/compute gaps closed by diag14, each on real-tool fixtures made here
(tests/diagnose/data/diag14/make.sh; the programs are in its src/): a software decimal type,
float data widened to double by double literals, C++ exceptions on the hot path, a random
engine seeded per item, a whole array reduced across ranks for one value. Each rule fires on
its fixture with the quantities that decided it, and stays silent on a look-alike."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from perfscout.diagnose.engine import Diagnosis, diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.isa import soft_type

D = Path(__file__).parent / "data" / "diag14"
UQ = Path(__file__).parents[1] / "ingest" / "data" / "user_evidence"


def _run(*paths: Path) -> Diagnosis:
    return diagnose([derive(load(p)) for p in paths])


def _value(d: Diagnosis, metric: str) -> float:
    return next(e.value for e in d.findings[0].evidence if e.metric == metric)


def _analyze(*paths: Path):  # type: ignore[no-untyped-def]
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    with tempfile.TemporaryDirectory(prefix="perfscout-d14-") as ws:
        return analyze(list(paths), runner=default_runner(Path(ws)))


# --- 1. _Decimal64 ---------------------------------------------------------------------------
def test_libgcc_decimal_routines_are_a_software_numeric_type() -> None:
    assert soft_type("__bid64_mul") == soft_type("__bid_adddd3") == "_Decimal"
    assert soft_type("__dpd_adddd3") == soft_type("decNumberMultiply") == "_Decimal"
    assert soft_type("__multf3") == "__float128"
    # a program's own names that merely start alike are not library decimal routines
    assert soft_type("bid_price") == soft_type("__bidder") == soft_type("decimal_places") == ""


def test_decimal64_profile_and_disassembly_confirm_the_data_type() -> None:
    # ledger.c: perf report --sort symbol,dso: __bid64_mul 48.90 + __bid64_add 24.31
    # + __bid64_quiet_greater 13.26 + __bid_adddd3 4.14 + __bid_muldd3 2.76 + __bid64_div 1.66
    # + __bid_gtdd2 1.10 + __bid_floatsidd 0.28 = 96.41%; objdump of post: 4 calls
    # (__bid_muldd3, __bid_adddd3, __bid_gtdd2, __bid_divdd3)
    d = _run(D / "perf-report-decimal.txt", D / "objdump-decimal-post.txt")
    f = d.findings[0]
    assert f.id == "app.precision" and f.status.value == "confirmed"
    assert _value(d, "precision.softfloat_share") == pytest.approx(0.9641)
    assert _value(d, "insn.softfloat_calls") == 4
    assert "_Decimal" in f.title
    # gprof's flat profile alone (another family) sees the same routines
    g = _run(D / "gprof-decimal.txt")
    assert g.findings[0].id == "app.precision"
    assert _value(g, "precision.softfloat_share") > 0.9


def test_perf_report_sorted_by_symbol_then_dso_keeps_the_symbol_apart() -> None:
    # "    48.90%  [.] __bid64_mul   ledger   -   -": Symbol, Shared Object, IPC columns
    p = load(D / "perf-report-decimal.txt")
    assert (p.hotspots[0].name, p.hotspots[0].module) == ("__bid64_mul", "ledger")


def test_a_libm_profile_is_no_decimal_type() -> None:
    assert "app.precision" not in [f.id for f in _run(UQ / "perf-report-exp.txt").findings]


def test_decimal_case_proposes_a_hardware_type_and_no_vector_change() -> None:
    r = _analyze(D / "perf-report-decimal.txt", D / "objdump-decimal-post.txt")
    ids = [p.id for p in r.proposals]
    assert ids and ids[0] == "reduce_precision"
    assert "scaled integers" in r.proposals[0].change.description
    assert not {"omp_simd", "compiler_arch", "compiler_opt_level"} & set(ids)


# --- 2. float kernel widened to double -------------------------------------------------------
def test_conversions_inside_the_loop_are_counted() -> None:
    # blend(): cvtss2sd x2, mulsd x2, addsd, cvtsd2ss inside the loop (12a0..12ce)
    got = {m.name: m.value for m in load(D / "objdump-fltlit-blend.txt").metrics
           if m.scope.name == "blend"}
    assert (got["insn.fp_widen"], got["insn.fp_narrow"], got["insn.fp_total"]) == (2, 1, 3)
    # the same kernel with float literals: no conversion at all
    fixed = {m.name for m in load(D / "objdump-fltlit-fixed-blend.txt").metrics}
    assert not {"insn.fp_widen", "insn.fp_narrow"} & fixed


def test_widened_float_kernel_is_a_data_type_finding_confirmed_by_annotate() -> None:
    # perf annotate of blend: cvtss2sd 4.41 + 3.01, cvtsd2ss 18.64 of 499 samples
    d = _run(D / "objdump-fltlit-blend.txt", D / "perf-annotate-fltlit.txt")
    f = d.findings[0]
    assert f.id == "app.precision" and f.status.value == "confirmed"
    ratios = sorted(e.value for e in f.evidence if e.metric == "precision.convert_ratio")
    assert ratios == [pytest.approx(1.0), pytest.approx(130 / 104)]
    vec = next(x for x in d.findings if x.id == "hw.vectorization")
    assert vec.caused_by == ("app.precision",)


def test_vectorized_widened_kernel_still_converts_per_element() -> None:
    # -O3 -march=x86-64-v3: vcvtps2pd/vcvtss2sd 16, vcvtpd2ps/vcvtsd2ss 7, packed fp 8
    d = _run(D / "objdump-fltlit-vec-blend.txt")
    assert d.findings[0].id == "app.precision"
    assert _value(d, "precision.convert_ratio") == pytest.approx(23 / 8)


def test_float_literal_kernel_and_a_double_sum_are_not_widened(tmp_path: Path) -> None:
    assert "app.precision" not in [f.id for f in _run(D / "objdump-fltlit-fixed-blend.txt")
                                   .findings]
    # a double sum of float data: widened in the loop, narrowed once after it
    sumf = tmp_path / "sum.txt"
    sumf.write_text("0000000000001200 <sumf>:\n"
                    "    1200:\tpxor   %xmm0,%xmm0\n"
                    "    1204:\tpxor   %xmm1,%xmm1\n"
                    "    1208:\tcvtss2sd (%rdi,%rax,4),%xmm1\n"
                    "    120d:\taddsd  %xmm1,%xmm0\n"
                    "    1211:\tadd    $0x1,%rax\n"
                    "    1215:\tcmp    %rax,%rsi\n"
                    "    1218:\tjne    1204 <sumf+0x4>\n"
                    "    121a:\tcvtsd2ss %xmm0,%xmm0\n"
                    "    121e:\tret\n")
    got = {m.name: m.value for m in load(sumf).metrics if m.scope.name == "sumf"}
    assert got.get("insn.fp_widen") == 1 and "insn.fp_narrow" not in got
    assert "app.precision" not in [f.id for f in _run(sumf).findings]


def test_widened_kernel_proposes_float_literals() -> None:
    r = _analyze(D / "objdump-fltlit-blend.txt")
    p = next(p for p in r.proposals if p.id == "reduce_precision")
    assert "0.7f" in p.title and "-fsingle-precision-constant" in p.change.description
    assert p.verification is not None and p.verification.commands


# --- 3. exceptions as control flow -----------------------------------------------------------
def test_exceptions_on_the_hot_path_are_redundant_work() -> None:
    # lookup.cpp (half the keys miss and throw): _Unwind_Find_FDE 9.27, __gxx_personality_v0
    # 2.91, _Unwind_RaiseException 1.82, _dl_find_object 1.82 ... and libgcc_s addresses
    d = _run(D / "perf-report-exceptions.txt")
    f = d.findings[0]
    assert f.id == "app.redundant_work"
    share = _value(d, "exceptions.share")
    assert 0.7 < share < 0.9
    r = _analyze(D / "perf-report-exceptions.txt")
    ids = [p.id for p in r.proposals]
    assert ids[0] == "error_code_path" and "hoist_invariant" not in ids


def test_a_few_exceptions_are_not_a_finding() -> None:
    # one key in 2000 misses: the unwinder holds about 2% of the samples
    d = _run(D / "perf-report-exceptions-rare.txt")
    assert all(e.metric != "exceptions.share" for f in d.findings for e in f.evidence)
    assert "app.redundant_work" not in [f.id for f in d.findings]


# --- 4. a random engine per item -------------------------------------------------------------
def test_an_engine_seeded_per_path_is_redundant_work() -> None:
    # mcpaths.cpp: _M_gen_rand 59.03%, operator() 1.09% (the seeding is inlined into main)
    d = _run(D / "perf-report-rng-per-path.txt")
    assert d.findings[0].id == "app.redundant_work"
    assert _value(d, "rng.setup_share") == pytest.approx(0.5903)
    r = _analyze(D / "perf-report-rng-per-path.txt")
    assert next(p.id for p in r.proposals) == "reuse_rng_engine"


def test_one_engine_for_all_paths_is_not_reseeding() -> None:
    # mcpaths_fixed.cpp: _M_gen_rand 23.49%, operator() 6.04%: refills serve the draws
    d = _run(D / "perf-report-rng-one-engine.txt")
    assert all(e.metric != "rng.setup_share" for f in d.findings for e in f.evidence)


# --- 5. a whole array reduced for one value --------------------------------------------------
def test_an_array_wide_allreduce_is_the_cause_of_the_mpi_time() -> None:
    # resmax.c, 2 ranks: allreduce_bytes=16777216, allreduce_time=3.659 s of time=4.665 s
    d = _run(D / "resmax-output.txt", D / "perf-report-resmax.txt")
    f = d.findings[0]
    assert f.id == "app.redundant_work" and f.root_cause
    assert _value(d, "mpi.reduce_bytes_per_call") == 16777216
    assert _value(d, "mpi.time_share") == pytest.approx(3.659 / 4.665)
    wait = next(x for x in d.findings if x.id == "rt.mpi_wait")
    assert wait.caused_by == ("app.redundant_work",)
    r = _analyze(D / "resmax-output.txt")
    assert next(p.id for p in r.proposals) == "reduce_then_allreduce"


def test_a_small_or_short_reduction_is_not_bulk(tmp_path: Path) -> None:
    small = tmp_path / "small.txt"
    small.write_text("allreduce_bytes=8\nallreduce_time=3.1 s\ntime=4.0 s\n")
    short = tmp_path / "short.txt"
    short.write_text("allreduce_bytes=16777216\nallreduce_time=0.2 s\ntime=4.0 s\n")
    for f in (small, short):
        assert all(e.metric != "mpi.reduce_bytes_per_call"
                   for x in _run(f).findings for e in x.evidence)


def test_gprof_call_counts_show_refills_serving_few_draws() -> None:
    # mcpaths.cpp under gprof: _M_gen_rand 72.59% in 200000 calls, operator() 4074428 calls:
    # 20.4 numbers used of the 312 each mt19937_64 refill makes
    d = _run(D / "gprof-rng-per-path.txt")
    assert d.findings[0].id == "app.redundant_work"
    assert _value(d, "rng.setup_share") == pytest.approx(0.7259)
    assert "20.4 numbers used of the 312" in d.findings[0].evidence[0].quote
    # one engine: 4075974 draws over 13065 refills = 312 per refill, although the refill
    # holds 33% of this flat profile
    one = _run(D / "gprof-rng-one-engine.txt")
    assert all(e.metric != "rng.setup_share" for f in one.findings for e in f.evidence)


def test_open_mpi_monitoring_and_a_profile_confirm_the_bulk_reduction() -> None:
    # monitoring: rank 0 sent 335544320 bytes in 20 all-to-all collectives (16 MiB per call);
    # perf: MPI functions 29% of the samples
    d = _run(D / "ompi-monitoring-resmax.0.prof", D / "perf-report-resmax.txt")
    f = d.findings[0]
    assert f.id == "app.redundant_work" and f.status.value == "confirmed"
    assert _value(d, "mpi.reduce_bytes_per_call") == 16777216
    # the fixed program (one double per call) under the same profile: no such finding
    s = _run(D / "ompi-monitoring-scalar.0.prof", D / "perf-report-resmax.txt")
    assert all(e.metric != "mpi.reduce_bytes_per_call" for x in s.findings for e in x.evidence)
