"""reduce_precision: the hot routine's software-emulated (or x87) floating type changed to double.

Own programs under ``data/precision``: a three-file Fortran program whose ``qp =
selected_real_kind(33, 4931)`` accumulators sum in the hot loop, a C program with ``__float128``
accumulators (``0.5Q`` literals, ``sqrtq``) and one with ``long double`` (``sqrtl``, ``1e-3L``).
Each is built with the real compiler before and after the generated change and run: the outputs
agree within a relative 1e-10 (the sums are now rounded to double at each term: not byte
equality), and the changed object no longer calls libgcc's ``__addtf3``/``__multf3`` (nor uses
the x87 unit): the reason the change is faster. The unsafe cases are refused, the reason named:
an emulated argument its caller passes, an emulated result, an exact compare,
``quadmath_snprintf``, a ``%Lg`` format, a pointer, an address taken, an array or (Fortran) a
variable passed to a call, a file-scope or module variable, a quad-digit format, unformatted
I/O, ``transfer``, ``common``, ``equivalence``, a decimal type."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.advise.conftest import finding

from conftest import require_tool
from perfscout.advise import advise
from perfscout.advise.facts import Facts
from perfscout.experiment.patching import apply_unified_diff
from perfscout.model.metrics import Hotspot, Profile
from perfscout.model.proposals import Proposal
from perfscout.pipeline.source_changes import Unconvertible, attach_diffs
from perfscout.sandbox import default_runner
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).resolve().parent / "data" / "precision"
#: relative agreement of the double variant's printed sums with the emulated baseline's
TOLERANCE = 1e-10
#: libgcc's __float128 (and real(16)) arithmetic
SOFT_CALLS = ("__addtf3", "__multf3", "__subtf3", "__divtf3")


def _values(out: str) -> dict[str, float]:
    return {k: float(v) for k, v in re.findall(r"(\w+)\s+(\S+)", out)}


def _agree(base: str, new: str) -> None:
    a, b = _values(base), _values(new)
    assert a and a.keys() == b.keys(), (base, new)
    for k in a:
        assert abs(a[k] - b[k]) <= TOLERANCE * abs(a[k]), (k, a[k], b[k])


def _build(work: Path, sources: list[str], libs: tuple[str, ...] = ()) -> tuple[str, str]:
    """Compile each source to an object (-O2), link, run; (stdout, symbols the objects of all
    but the main program call)."""
    objs = []
    for s in sources:
        cc = require_tool("gfortran" if s.endswith(".f90") else "gcc")
        o = work / (Path(s).stem + ".o")
        subprocess.run([cc, "-O2", "-c", s, "-o", o.name], cwd=work, check=True,
                       capture_output=True, timeout=300)
        objs.append(o.name)
    link = require_tool("gfortran" if sources[0].endswith(".f90") else "gcc")
    subprocess.run([link, "-o", "prog", *objs, *libs, "-lm"], cwd=work, check=True,
                   capture_output=True, timeout=300)
    r = subprocess.run(["./prog", "100000"], cwd=work, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    nm = subprocess.run([require_tool("nm"), "-u", *objs], cwd=work, capture_output=True,
                        text=True, check=True).stdout
    return r.stdout, nm


def _apply(work: Path, g: Generated) -> None:
    for rel in [g.path, *(p for p, _t in g.others)]:
        start = g.diff.find(f"--- a/{rel}\n")
        if start < 0:
            continue
        part = g.diff[start:]
        nxt = part.find("--- a/", 1)
        part = part if nxt < 0 else part[:nxt]
        (work / rel).write_text(apply_unified_diff((work / rel).read_text(), part, rel))


def _generate(work: Path, name: str, needle: str = "HOT") -> Generated | Refusal:
    text = (work / name).read_text()
    return generate("reduce_precision", text, name, line_of(text, needle), root=work)


def _x87(work: Path, obj: str, fn: str) -> int:
    dis = subprocess.run([require_tool("objdump"), "-d", "--no-show-raw-insn", obj], cwd=work,
                         capture_output=True, text=True, check=True).stdout
    body = dis.split(f"<{fn}>:")[1].split("\n\n")[0] if f"<{fn}>:" in dis else dis
    return len(re.findall(r"\bf(?:ld|stp|add|mul|div|sub)\w*\s", body))


def test_fortran_kind_parameter_used_only_by_the_hot_routine(tmp_path: Path) -> None:
    work = tmp_path / "f"
    shutil.copytree(DATA / "fortran", work)
    srcs = ["kinds.f90", "series.f90", "main.f90"]
    base, calls = _build(work, srcs)
    assert any(c in calls for c in SOFT_CALLS), calls
    g = _generate(work, "series.f90")
    assert isinstance(g, Generated), g
    # the parameter itself changed, in the module's file; the routine's text stays
    assert [p for p, _t in g.others] == ["kinds.f90"]
    assert "qp = kind(1.0d0)" in dict(g.others)["kinds.f90"]
    assert g.new_text == (DATA / "fortran" / "series.f90").read_text()
    assert "kind parameter qp (used only by accumulate)" in g.note
    _apply(work, g)
    new, calls = _build(work, srcs)
    assert not any(c in calls for c in SOFT_CALLS), calls
    _agree(base, new)


SHARED_MAIN = (DATA / "fortran" / "main.f90").read_text().replace(
    "use kinds, only: dp\n", "use kinds, only: dp, qp\n").replace(
    "  real(dp) :: energy, zeta\n", "  real(dp) :: energy, zeta\n  real(qp) :: pi2\n").replace(
    "  if (abs(zeta - acos(-1.0_dp)**2 / 6.0_dp)",
    "  pi2 = acos(-1.0_qp)**2 / 6.0_qp\n  if (abs(zeta - real(pi2, dp))")


def test_fortran_shared_kind_changes_only_the_routines_declarations(tmp_path: Path) -> None:
    """The main program uses qp too (its reference value): the parameter stays quad, the hot
    routine's declarations, literals and conversions become double."""
    work = tmp_path / "f"
    shutil.copytree(DATA / "fortran", work)
    (work / "main.f90").write_text(SHARED_MAIN)
    srcs = ["kinds.f90", "series.f90", "main.f90"]
    base, _calls = _build(work, srcs)
    g = _generate(work, "series.f90")
    assert isinstance(g, Generated), g
    assert not g.others and "qp is used by other code too" in g.note
    assert "real(kind(1.0d0)) :: s, z, t" in g.new_text
    assert "real(i, kind(1.0d0))" in g.new_text and "1.0d0 /" in g.new_text
    assert "_qp" not in g.new_text.split("contains")[1]
    _apply(work, g)
    new, _calls = _build(work, srcs)
    series = subprocess.run([require_tool("nm"), "-u", "series.o"], cwd=work,
                            capture_output=True, text=True, check=True).stdout
    assert not any(c in series for c in SOFT_CALLS), series
    _agree(base, new)


def _c_variant(tmp_path: Path, src: Path, libs: tuple[str, ...], gone: tuple[str, ...]
               ) -> tuple[Generated, tuple[str, int], tuple[str, int]]:
    """Build and run ``src`` before and after the generated change (outputs agree within
    TOLERANCE; none of ``gone`` left in the changed function): the change and, before and
    after, (symbols the object calls, x87 instructions in ``main``, where the routine is
    inlined)."""
    work = tmp_path / "c"
    work.mkdir()
    shutil.copy(src, work)
    name = src.name
    base, before = _build(work, [name], libs)
    x87 = _x87(work, Path(name).stem + ".o", "main")
    g = _generate(work, name)
    assert isinstance(g, Generated), g
    body = g.new_text.split("static double")[1].split("int main")[0]
    assert not [w for w in gone if w in body], body
    _apply(work, g)
    new, after = _build(work, [name], libs)
    _agree(base, new)
    return g, (before, x87), (after, _x87(work, Path(name).stem + ".o", "main"))


def test_c_float128_accumulators(tmp_path: Path) -> None:
    g, (calls, _), (left, _) = _c_variant(tmp_path, DATA / "quad.c", ("-lquadmath",),
                                          ("__float128", "0.5Q", "sqrtq"))
    assert "__multf3" in calls and "__addtf3" in calls
    assert "sqrt(2.0 * q)" in g.new_text and "#include <math.h>" in g.new_text
    assert not any(c in left for c in SOFT_CALLS), left


SIGNATURE = (DATA / "quad.c").read_text().replace(
    "static double dot_norm(const double *x", "static __float128 dot_norm(__float128 s0, "
    "const double *x").replace("__float128 s = 0.0Q", "__float128 s = s0").replace(
    "  return (double)s;", "  return s;").replace(
    "double d = dot_norm(x, y", "double d = (double)dot_norm(0.0Q, x, y").replace(
    "#include <quadmath.h>\n", "#include <quadmath.h>\n\nstatic __float128 dot_norm("
    "__float128 s0, const double *x, const double *y, long n, double *norm);\n")


def test_c_static_signature_changed_with_its_prototype(tmp_path: Path) -> None:
    """A static function taking and returning __float128 by value: its definition's and
    prototype's types change with the body (the caller's 0.0Q argument converts by value)."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "quad.c").write_text(SIGNATURE)
    g, (calls, _), (left, _) = _c_variant(tmp_path, tmp_path / "src" / "quad.c",
                                          ("-lquadmath",), ("__float128", "0.5Q", "sqrtq"))
    assert "static double dot_norm(double s0, const double *x, const double *y, long n, " \
        "double *norm);" in g.new_text
    assert "static double dot_norm(double s0" in g.new_text.split("#include <math.h>")[1]
    assert "its parameter s0, result of the type become double" in g.note
    assert "__multf3" in calls and not any(c in left for c in SOFT_CALLS), left


def test_c_long_double_leaves_the_x87_unit(tmp_path: Path) -> None:
    g, (_, x87), (_, left) = _c_variant(tmp_path, DATA / "longdouble.c", (),
                                        ("long double", "sqrtl", "1e-3L"))
    assert x87 > 0 and left == 0, (x87, left)  # series is inlined into main
    assert "1e-3;" in g.new_text


QUAD = (DATA / "quad.c").read_text()


@pytest.mark.parametrize(("name", "text", "reason"), [
    ("arg.c", QUAD.replace("static double dot_norm(const double *x",
                           "double dot_norm(__float128 s0, const double *x").replace(
        "__float128 s = 0.0Q", "__float128 s = s0"),
     "dot_norm takes or returns __float128 and is not static: its callers (possibly in other "
     "files) pass or receive the emulated type"),
    ("ptr.c", QUAD.replace("static double dot_norm(const double *x",
                           "static double dot_norm(__float128 *acc, const double *x"),
     "parameter '__float128 *acc' of dot_norm is __float128 by pointer or array"),
    ("fnptr.c", QUAD.replace("static double dot_norm", "static __float128 dot_norm").replace(
        "  double d = dot_norm", "  __float128 (*f)(const double *, const double *, long, "
                                "double *) = dot_norm;\n  double d = f"),
     "dot_norm takes or returns __float128 and is used as a value at line 24"),
    ("eq.c", QUAD.replace("  *norm =", "  if (s == q) return 0.0;\n  *norm ="),
     "'s == q' at line 13 compares the value for exact equality"),
    ("snp.c", QUAD.replace("  *norm =", "  char buf[64];\n  quadmath_snprintf(buf, 64, "
                                         "\"%Qe\", s);\n  *norm ="),
     "quadmath_snprintf at line 14 prints the __float128 value"),
    ("fmt.c", QUAD.replace("__float128", "long double").replace("0Q", "0L").replace(
        "0.5Q", "0.5L").replace("sqrtq", "sqrtl").replace(
        "  *norm =", "  printf(\"%Lg\\n\", s);\n  *norm ="),
     "printf at line 13 has a %L/%Q conversion"),
    ("addr.c", QUAD.replace("  *norm =", "  __float128 *p = &s;\n  *norm ="),
     "'p' in dot_norm points to __float128"),
    ("glob.c", QUAD.replace("static double dot_norm", "__float128 total;\n\n"
                            "static double dot_norm").replace("  return (double)s;",
                                                              "  total += s;\n  return (double)s;"),
     "the file-scope variable 'total' is __float128"),
    ("dec.c", QUAD.replace("__float128", "_Decimal64").replace("sqrtq(2.0Q * q)", "2.0")
     .replace("0Q", "0").replace("0.5Q", "0.5"), "decimal arithmetic is replaced by scaled"),
    ("amp.c", QUAD.replace("  *norm =", "  memcpy(norm, &s, 8);\n  *norm ="),
     "the address of 's' is taken at line 13"),
    ("arr.c", QUAD.replace("  *norm =", "  __float128 buf[4] = {0};\n  use(buf);\n  *norm ="),
     "an array of the type is passed to use at line 14"),
])
def test_c_refusals(name: str, text: str, reason: str) -> None:
    g = generate("reduce_precision", text, name, line_of(text, "HOT"))
    assert isinstance(g, Refusal), g.diff if isinstance(g, Generated) else g
    assert reason in g.reason, g.reason


SERIES = (DATA / "fortran" / "series.f90").read_text()
ARG = SERIES.replace("subroutine accumulate(n, x, energy, zeta)",
                     "subroutine accumulate(n, x, energy, zeta, w)").replace(
    "    real(qp) :: s, z, t\n", "    real(qp) :: s, z, t\n    real(qp), intent(in) :: w\n")


@pytest.mark.parametrize(("main", "series", "reason"), [
    (SHARED_MAIN, ARG, "the dummy argument w of accumulate is of the emulated type"),
    (SHARED_MAIN, SERIES.replace("    energy = real(s, dp)",
                                 "    if (s == z) s = 1.0_qp\n    energy = real(s, dp)"),
     "'s == z' at line 19 compares the value for exact equality"),
    (None, SERIES.replace("    energy = real(s, dp)",
                          "    write (*, '(f45.35)') s\n    energy = real(s, dp)"),
     "the format '(f45.35)' asks for 35 digits"),
    (None, SERIES.replace("    energy = real(s, dp)",
                          "    write (10) s\n    energy = real(s, dp)"),
     "unformatted (or namelist) I/O writes the type's bytes"),
    (None, SERIES.replace("    energy = real(s, dp)",
                          "    write (6, 100) s\n100 format (f45.35)\n    energy = real(s, dp)"),
     "the format 100 is not written in the statement"),
    (None, SERIES.replace("    energy = real(s, dp)",
                          "    energy = real(s, dp) + transfer(s, 1.0_dp)"),
     "transfer() at line 19 reads the value's bits"),
    (SHARED_MAIN, SERIES.replace("    energy = real(s, dp)",
                                 "    call report(s * 2)\n    energy = real(s, dp)"),
     "s is passed to report at line 19 (its dummy argument may be of the emulated type)"),
    (SHARED_MAIN, SERIES.replace("    integer :: i\n", "    integer :: i\n    common /blk/ s\n"),
     "'common /blk/ s' at line 12 shares the storage"),
    (SHARED_MAIN, SERIES.replace("    integer :: i\n",
                                 "    integer :: i\n    equivalence (s, z)\n"),
     "'equivalence (s, z)' at line 12 shares the storage"),
])
def test_fortran_refusals(tmp_path: Path, main: str | None, series: str, reason: str) -> None:
    work = tmp_path / "f"
    shutil.copytree(DATA / "fortran", work)
    (work / "series.f90").write_text(series)
    if main is not None:
        (work / "main.f90").write_text(main)
    g = _generate(work, "series.f90")
    assert isinstance(g, Refusal), g.diff if isinstance(g, Generated) else g
    assert reason in g.reason, g.reason


def test_fortran_module_variable_refused(tmp_path: Path) -> None:
    """A module variable of kind qp summed in the hot routine: other code shares it."""
    work = tmp_path / "f"
    shutil.copytree(DATA / "fortran", work)
    (work / "kinds.f90").write_text((work / "kinds.f90").read_text().replace(
        "end module kinds", "  real(qp) :: total = 0.0_qp\nend module kinds"))
    (work / "series.f90").write_text(SERIES.replace("use kinds, only: dp, qp",
                                                    "use kinds, only: dp, qp, total").replace(
        "    energy = real(s, dp)", "    total = total + s\n    energy = real(s, dp)"))
    g = _generate(work, "series.f90")
    assert isinstance(g, Refusal) and "module variable total" in g.reason, g


def test_cpp_quad_literal_and_inquiry_named(tmp_path: Path) -> None:
    """C++ reads ``0.5q`` as a user-defined literal: its suffix goes too; ``M_PIq`` becomes
    ``M_PI``, ``FLT128_EPSILON`` is named in the note. A Fortran inquiry of
    the kind (``digits(s)``) answers for double after the change: the note says so."""
    text = QUAD.replace("0.5Q", "0.5q")
    g = generate("reduce_precision", text, "q.cpp", line_of(text, "HOT"))
    assert isinstance(g, Generated) and "a * a * 0.5;" in g.new_text, g
    # quadmath's constants become math.h's; the wide type's limits are named, not changed
    text = QUAD.replace("* 0.5Q", "* M_PIq * (1 + FLT128_EPSILON)")
    g = generate("reduce_precision", text, "q.c", line_of(text, "HOT"))
    assert isinstance(g, Generated) and "* M_PI * (1 + FLT128_EPSILON)" in g.new_text, g
    assert "FLT128_EPSILON (the wide type's limits) left as written" in g.note
    work = tmp_path / "f"
    shutil.copytree(DATA / "fortran", work)
    (work / "main.f90").write_text(SHARED_MAIN)
    (work / "series.f90").write_text(SERIES.replace("    zeta = real(z, dp)",
                                                    "    zeta = real(z, dp) + 0 * digits(s)"))
    g = _generate(work, "series.f90")
    assert isinstance(g, Generated) and "digits() at line 20 now answer(s) for double" in \
        g.note, g


def test_no_emulated_type_is_refused() -> None:
    text = QUAD.replace("__float128", "double").replace("0Q", "0").replace("0.5Q", "0.5")
    g = generate("reduce_precision", text, "d.c", line_of(text, "HOT"))
    assert isinstance(g, Refusal) and "declares no __float128" in g.reason, g


def _offered(work: Path, hot: Path, line: int, evidence: tuple[str, float]
             ) -> tuple[list[Proposal], list[Unconvertible]]:
    """advise() on an app.precision finding with a line profile naming ``hot:line``, then the
    session's attach_diffs (diff checks and every guard)."""
    prof = Profile("perf-annotate", "annotate.txt", meta={"command": "./prog"}, hotspots=(
        Hotspot("__multf3", self_share=0.4), Hotspot("__addtf3", self_share=0.3),
        Hotspot(f"{hot}:{line}", self_share=0.2, kind="line")))
    findings = [finding("app.precision", evidence, scope="")]
    adv = advise(findings, None, [prof], policy_check=default_runner().check)
    return attach_diffs(adv.proposals, work, facts=Facts.build(findings, None, [prof]),
                        policy=default_runner().check)


def test_the_proposal_carries_the_generated_diff(tmp_path: Path) -> None:
    work = tmp_path / "f"
    shutil.copytree(DATA / "fortran", work)
    (work / "Makefile").write_text("prog:\n\tgfortran -O2 -o prog kinds.f90 series.f90 "
                                   "main.f90\n")
    line = line_of(SERIES, "HOT")
    out, bad = _offered(work, work / "series.f90", line, ("precision.softfloat_share", 0.7))
    rp = next((p for p in out if p.id == "reduce_precision"), None)
    assert rp is not None and rp.change is not None, [p.id for p in out]
    assert rp.scope == f"series.f90:{line}", rp.scope
    assert rp.title.startswith("Compute the hot routine in double instead of the emulated")
    assert any("series.f90" in e and "kind(1.0d0)" in e for e in rp.evidence), rp.evidence
    assert not [b for b in bad if b.proposal_id == "reduce_precision"], bad
    assert "+  integer, parameter :: qp = kind(1.0d0)" in rp.change.diff
    assert "qp (used only by accumulate)" in rp.change.description
    assert rp.risk is not None and "tolerance" in rp.risk.reason
    # refused (an exact compare): the described change stays, without a diff, and the session
    # is told why
    (work / "series.f90").write_text(SERIES.replace(
        "    energy = real(s, dp)", "    if (s == z) s = 1.0_qp\n    energy = real(s, dp)"))
    out, bad = _offered(work, work / "series.f90", line, ("precision.softfloat_share", 0.7))
    rp = next(p for p in out if p.id == "reduce_precision")
    assert rp.change is not None and not rp.change.diff
    assert rp.change.description.startswith("compute in double (or long double)")
    assert any(b.proposal_id == "reduce_precision" and "exact equality" in b.reason
               for b in bad), bad


def test_x87_finding_gets_the_long_double_diff(tmp_path: Path) -> None:
    """An x87 finding (``insn.x87_share`` from the disassembly) on the long double program:
    the proposal is scoped to the hot line and carries the change to double."""
    work = tmp_path / "c"
    work.mkdir()
    shutil.copy(DATA / "longdouble.c", work)
    shutil.copy(DATA / "Makefile", work)
    text = (work / "longdouble.c").read_text()
    out, bad = _offered(work, work / "longdouble.c", line_of(text, "HOT"),
                        ("insn.x87_share", 0.9))
    rp = next(p for p in out if p.id == "reduce_precision")
    assert rp.change is not None and not bad, bad
    assert rp.scope == f"longdouble.c:{line_of(text, 'HOT')}", rp.scope
    assert "-  long double s = 0.0L, c = 0.0L;" in rp.change.diff
    assert "+  double s = 0.0, c = 0.0;" in rp.change.diff
