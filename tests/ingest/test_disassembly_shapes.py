"""Disassembly and annotate in the shapes users paste (tests/ingest/data/user_evidence/make.sh,
src/sqrtdiv.c): one function cut out of ``objdump -d`` (no file header), gdb's ``disassemble``,
and ``perf annotate -l`` cut after its sorted summary of hot lines. Values read off the files
by hand."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import detect, get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import ScopeKind

D = Path(__file__).parent / "data" / "user_evidence"
SHAPES = ("objdump-main-only.txt", "gdb-disassemble-main.txt")


def _mix(name: str) -> dict[str, float]:
    p = load(D / name)
    assert p.format == "objdump" and p.unparsed_lines == 0
    return {m.name: m.value for m in p.metrics if m.scope.name == "main"}


def test_one_function_and_gdb_disassemble_give_the_same_mix() -> None:
    # arithmetic: vfmadd132pd x2 (init, lines 31-32), vsqrtpd, vaddpd, vdivpd (lines 50-52);
    # vaddsd (line 60) has its packed twin vaddpd in main, so it is not counted as scalar code
    a, b = _mix(SHAPES[0]), _mix(SHAPES[1])
    assert a == b
    assert a["insn.div_sqrt"] == 2  # vsqrtpd %ymm0,%ymm1 (line 50), vdivpd (line 52)
    assert a["insn.vector_bits"] == 256
    assert a["insn.packed"] == a["insn.fp_total"] == 5


def test_shapes_are_recognised_by_content() -> None:
    assert {detect(D / f).name for f in SHAPES} == {"objdump"}
    assert detect(D / "perf-annotate-sqrtdiv-head.txt").name == "perf-annotate"


def test_objdump_S_cut_to_a_loop_under_its_command_is_read() -> None:
    # held-out set 23's duffing (gcc -O2, long double): ``objdump -S --disassemble=main``
    # pasted from its command line down to the update loop, the ``<main>:`` label cut away;
    # 29 x87 instructions counted by hand (fldl x4, fldt x3, fld x4, fmul x7, fsubp/fsubrp
    # x3, faddp x2, fstpt x2, fstp x4), no SSE arithmetic
    f = D / "objdump-S-cut-x87.txt"
    assert detect(f).name == "objdump"
    got = {m.name: m.value for m in load(f).metrics if m.scope.name == "main"}
    assert got["insn.x87"] == got["insn.fp_total"] == 29


def test_annotate_cut_after_its_summary_keeps_the_hot_line() -> None:
    # "  100.00 sqrtdiv.c:14" then the block header "(259 samples", instruction lines cut off
    p = load(D / "perf-annotate-sqrtdiv-head.txt")
    lines = {m.scope.name: m.value for m in p.metrics if m.scope.kind == ScopeKind.LINE}
    assert lines == {"sqrtdiv.c:14": 259.0}
    assert p.hotspots[0].location is not None and str(p.hotspots[0].location) == "sqrtdiv.c:14"
    assert p.hotspots[0].self_share == 1.0


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines("\n".join((D / f).read_text() for f in (
    *SHAPES, "perf-annotate-sqrtdiv-head.txt", "objdump-S-cut-x87.txt")).splitlines()))
def test_fuzz_disassembly_and_annotate_shapes(tmp_path: Path, data: list[str]) -> None:
    target = tmp_path / "x.txt"
    target.write_text("\n".join(data) + "\n")
    for fmt in ("objdump", "perf-annotate"):
        with contextlib.suppress(ParseError):
            get_adapter(fmt).parse(target)


def test_gfortran_array_temporary_warnings() -> None:
    # "src/rowsmooth.f90:14:18:" / "14 |       call smooth(a(i, :), m)" / caret /
    # "Warning: Creating array temporary at (1) [-Warray-temporaries]", twice (copy in, out)
    p = load(D / "gfortran-array-temporaries.txt")
    assert p.format == "compiler-warnings" and p.unparsed_lines == 0
    line = [m for m in p.metrics if m.scope.kind == ScopeKind.LINE]
    assert [(m.scope.name, m.scope.parent, m.value) for m in line] == [
        ("src/rowsmooth.f90:14", "smooth", 2.0)]
    assert line[0].source is not None and line[0].source.line == 1


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines((D / "gfortran-array-temporaries.txt").read_text().splitlines()))
def test_fuzz_compiler_warnings(tmp_path: Path, data: list[str]) -> None:
    target = tmp_path / "build.txt"
    target.write_text("\n".join(data) + "\n")
    with contextlib.suppress(ParseError):
        get_adapter("compiler-warnings").parse(target)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines((D / "callgrind-annotate-envloop.txt").read_text().splitlines()))
def test_fuzz_callgrind_annotate_with_call_lines(tmp_path: Path, data: list[str]) -> None:
    target = tmp_path / "cg.txt"
    target.write_text("\n".join(data) + "\n")
    with contextlib.suppress(ParseError):
        get_adapter("callgrind_annotate").parse(target)


def test_perf_report_sorted_by_srcline_gives_each_row_its_source_line() -> None:
    # "99.62%    99.62%  [.] main                             sqrtdiv.c:14"
    p = load(D / "perf-report-srcline-sqrtdiv.txt")
    hot = [h for h in p.hotspots if h.location is not None]
    assert [(h.name, str(h.location), round(h.self_share or 0, 4)) for h in hot[:1]] == [
        ("main line 14", "sqrtdiv.c:14", 0.9962)]
    # unresolved rows ("main+93870107853017") keep the bare symbol and no line
    assert all(h.location is None for h in p.hotspots if h.name == "main")


def test_gprof_line_by_line_rows_carry_their_source_line() -> None:
    # gprof -l: " 33.39 ... cmp_text (sortkeys.c:10 @ 139f)", "cmp_text (sortkeys.c:9 @ 13a4)"
    p = load(D / "gprof-lines-sortkeys.txt")
    lines = [(h.name.split(" (")[0], str(h.location)) for h in p.hotspots if h.location]
    assert lines == [("cmp_text", "sortkeys.c:10"), ("cmp_text", "sortkeys.c:9")]
    assert all(h.location is None for h in p.hotspots if h.name == "frame_dummy")


def test_whole_annotate_keys_the_samples_by_the_instructions_source_notes() -> None:
    # the whole perf annotate -l of main: "vaddpd ... // sqrtdiv.c:14" 27.80, then
    # "vmovapd" 72.20 (no note: perf prints one where the line changes)
    full = load(D / "perf-annotate-sqrtdiv.txt")
    assert [(str(h.location), h.self_share) for h in full.hotspots] == [("sqrtdiv.c:14", 1.0)]


def test_the_sorted_summary_names_the_line_when_instruction_notes_are_missing(
        tmp_path: Path) -> None:
    # perf's numbers before source text are listing numbers, not always source lines (": 15"
    # stands before "y[i] = sqrt(...)", line 14 of sqrtdiv.c); without the "// sqrtdiv.c:14"
    # notes the sorted summary ("100.00 sqrtdiv.c:14") still names the right line
    bare = tmp_path / "ann.txt"
    bare.write_text((D / "perf-annotate-sqrtdiv.txt").read_text().replace(
        " // sqrtdiv.c:14", ""))
    assert [str(h.location) for h in load(bare).hotspots] == ["sqrtdiv.c:14"]


def test_soft_float_calls_are_counted() -> None:
    # objdump of horner.constprop.0 (src/quadpoly.c, __float128): 9 calls of libgcc
    # soft-float routines (__extenddftf2 x2, __floatditf x2, __divtf3, __multf3, __addtf3 x2,
    # __trunctfdf2); no x87, no packed instruction
    p = load(D / "objdump-softfloat.txt")
    mix = {m.name: m.value for m in p.metrics if m.scope.name == "horner.constprop.0"}
    assert mix["insn.softfloat_calls"] == 9
    assert "insn.x87" not in mix and "insn.packed" not in mix
