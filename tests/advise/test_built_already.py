"""A flag the measured build already has is never proposed again (guard ``built_already``).

Built here with the real compiler: a dot product whose sum gcc keeps in source order, so at
``-O3 -march=native`` its loop runs a packed 256-bit multiply and a chain of scalar adds. The
disassembly of that build shows the hot code already on AVX registers: neither ``-march=native``
nor ``-O3`` is offered for its scalar adds (what stays scalar is the in-order sum). The same
routine built at ``-O2`` for the default target has no 256-bit code, and the flags pass. A
build log or the compile lines a printout echoes say which flags every compile line had: a
flag all of them hold is refused, one that only part of a sweep used is not.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from tests.advise.conftest import good_proposal

from perfscout.advise import check_proposals
from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None or shutil.which("objdump") is None,
                                reason="gcc and objdump are needed to build the fixture")

DOT = """
double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}
"""


def _objdump(tmp: Path, flags: list[str]) -> Path:
    """``objdump -d`` of ``dot`` built with ``flags``, as a user would save it."""
    src = tmp / "dot.c"
    src.write_text(DOT)
    obj = tmp / "dot.o"
    subprocess.run(["gcc", *flags, "-c", str(src), "-o", str(obj)], check=True)
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(obj)], check=True,
                         capture_output=True, text=True).stdout
    dump = tmp / "objdump-dot.txt"
    dump.write_text(out)
    return dump


def _flag_proposal(pid: str, flag: str) -> dict[str, object]:
    return good_proposal(id=pid, addresses=["hw.vectorization"], kind="flags",
                         title=f"Build with {flag}", change={"flags": [flag],
                                                             "description": f"add {flag}"})


def _check(files: list[Path], p: dict[str, object], live, policy):  # type: ignore[no-untyped-def]
    profs = [derive(load(f)) for f in files]
    d = diagnose(profs)
    return check_proposals([p], live, list(d.findings), profs, policy_check=policy)


@pytest.mark.parametrize(("pid", "flag"), [("compiler_arch", "-march=native"),
                                           ("compiler_opt_level", "-O3")])
def test_wide_packed_hot_code_refuses_the_flag(tmp_path: Path, pid: str, flag: str,
                                               live, policy) -> None:  # type: ignore[no-untyped-def]
    dump = _objdump(tmp_path, ["-O3", "-march=native"])
    assert "%ymm" in dump.read_text() or "%zmm" in dump.read_text()
    ok, rej = _check([dump], _flag_proposal(pid, flag), live, policy)
    assert not ok
    assert rej[0].guard == "built_already", rej[0]
    assert "bit registers" in rej[0].reason and "objdump-dot.txt" in rej[0].reason


def test_sse_build_keeps_the_arch_flag(tmp_path: Path, live, policy) -> None:  # type: ignore[no-untyped-def]
    dump = _objdump(tmp_path, ["-O2", "-march=x86-64"])
    assert "%ymm" not in dump.read_text()
    _, rej = _check([dump], _flag_proposal("compiler_arch", "-march=native"), live, policy)
    assert all(r.guard != "built_already" for r in rej)


def _run_dot(tmp: Path, flags: list[str], name: str) -> str:
    """Build and run a small driver of ``dot`` with ``flags``: the compile line as echoed and
    the program's printout."""
    main = tmp / "main.c"
    main.write_text('#include <stdio.h>\n#include <time.h>\n'
                    "double dot(const double *, const double *, int);\n"
                    "int main(void) { static double a[4096], b[4096]; double s = 0;\n"
                    "  for (int i = 0; i < 4096; i++) { a[i] = i * 0.5; b[i] = 1.0 / (i + 1); }\n"
                    "  clock_t t0 = clock(); for (int r = 0; r < 200; r++) s += dot(a, b, 4096);\n"
                    '  printf("time=%.6f s sum=%.6f\\n", (double)(clock() - t0) / CLOCKS_PER_SEC,'
                    " s); return 0; }\n")
    (tmp / "dot.c").write_text(DOT)
    exe = tmp / name
    argv = ["gcc", *flags, str(tmp / "main.c"), str(tmp / "dot.c"), "-o", str(exe)]
    subprocess.run(argv, check=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    return "# " + " ".join(["gcc", *flags, "main.c", "dot.c", "-o", name]) + "\n" + out


def test_flags_every_echoed_build_has_are_refused(tmp_path: Path, live, policy) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "run.txt"
    out.write_text(_run_dot(tmp_path, ["-O3", "-fno-tree-vectorize"], "dot_a")
                   + _run_dot(tmp_path, ["-O3", "-fno-tree-vectorize", "-g"], "dot_b"))
    assert load(out).meta["flags_all"].split()[:2] == ["-O3", "-fno-tree-vectorize"]
    ok, rej = _check([out], _flag_proposal("compiler_opt_level", "-O3"), live, policy)
    assert not ok and rej[0].guard == "built_already"
    assert "-O3" in rej[0].reason and "run.txt" in rej[0].reason


def test_a_flag_only_part_of_a_sweep_used_is_not_refused(tmp_path: Path, live, policy) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sweep.txt"
    out.write_text(_run_dot(tmp_path, ["-O1"], "dot_o1") + _run_dot(tmp_path, ["-O3"], "dot_o3"))
    assert "-O3" not in load(out).meta.get("flags_all", "").split()
    _, rej = _check([out], _flag_proposal("compiler_opt_level", "-O3"), live, policy)
    assert all(r.guard != "built_already" for r in rej)


def test_build_log_flags_refuse_fast_math(tmp_path: Path, live, policy) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "dot.c").write_text(DOT)
    argv = ["gcc", "-O2", "-ffast-math", "-c", "dot.c", "-o", "dot.o"]
    subprocess.run(argv, check=True, cwd=tmp_path)
    log = tmp_path / "build.log"
    log.write_text(" ".join(argv) + "\n")
    p = good_proposal(id="fast_math", addresses=["hw.vectorization"], kind="flags",
                      title="Allow reassociation", change={"flags": ["-ffast-math"],
                                                           "description": "-ffast-math"})
    ok, rej = _check([log, _objdump(tmp_path, ["-O2", "-ffast-math"])], p, live, policy)
    assert not ok and rej[0].guard == "built_already" and "-ffast-math" in rej[0].reason
