"""LINPACK's dgefa/dgesl carried in the program's own Fortran sources, replaced by LAPACK's
dgetrf/dgetrs when the hot line is in them or the BLAS-1 routines they call: the calls are
rewritten in the unit that makes them (the hot line is in another file), the build links
LAPACK, and the solution agrees with LINPACK's to rounding (built and run with the real
gfortran). Refused, naming the line: the factors used by anything but the solve (LAPACK stores
them otherwise), a solve with a job that is not a literal, a hot line outside LINPACK."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.conftest import require_tool

from perfscout.transform import Generated, Refusal, generate

D = Path(__file__).parent / "data" / "linpack_pair"


def _hot(root: Path) -> tuple[str, int]:
    text = (root / "src" / "blas.f90").read_text()
    return text, next(i for i, t in enumerate(text.splitlines(), 1)
                      if "dy(i) = dy(i) + da * dx(i)" in t)


def _run(root: Path, libs: list[str]) -> list[float]:
    fc = require_tool("gfortran")
    exe = root / "solve"
    subprocess.run([fc, "-O2", "-J", str(root), "-o", str(exe), str(root / "src" / "blas.f90"),
                    str(root / "src" / "lin.f90"), *libs], check=True, capture_output=True,
                   timeout=300)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True, timeout=300)
    words = out.stdout.split()
    assert words[0] == "info=0", out.stdout
    return [float(w) for w in words[1:]]


def test_the_pair_becomes_dgetrf_and_dgetrs_with_the_same_solution(tmp_path: Path) -> None:
    root = tmp_path / "p"
    shutil.copytree(D, root)
    text, line = _hot(root)
    g = generate("use_lapack", text, "src/blas.f90", line, root=root)
    assert isinstance(g, Generated), g
    assert g.path == "src/lin.f90" and g.libs == ("-llapack", "-lblas")
    assert "+    call dgetrf(n, n, a, n, ipvt, info)" in g.diff
    assert "+    call dgetrs('N', n, 1, a, n, ipvt, b, n, info_dgetrs)" in g.diff
    assert "dgefa -> dgetrf at src/lin.f90:" in g.note
    before = _run(root, [])
    (root / "src" / "lin.f90").write_text(g.new_text)
    after = _run(root, ["-llapack", "-lblas"])
    assert all(abs(x - y) <= 1e-9 * max(1.0, abs(x)) for x, y in zip(before, after, strict=True))


def _refused(tmp_path: Path, old: str, new: str) -> str:
    root = tmp_path / "p"
    shutil.copytree(D, root)
    lin = root / "src" / "lin.f90"
    lin.write_text(lin.read_text().replace(old, new))
    text, line = _hot(root)
    r = generate("use_lapack", text, "src/blas.f90", line, root=root)
    assert isinstance(r, Refusal), r
    return r.reason


def test_factors_read_by_more_than_the_solve_are_refused(tmp_path: Path) -> None:
    why = _refused(tmp_path, "    call dgesl(a, n, n, ipvt, b, 0)\n",
                   "    call dgesl(a, n, n, ipvt, b, 0)\n    b(1) = b(1) * a(1, 1)\n")
    assert "the factored a is used by more than dgesl" in why


def test_a_solve_job_that_is_no_literal_is_refused(tmp_path: Path) -> None:
    why = _refused(tmp_path, "call dgesl(a, n, n, ipvt, b, 0)",
                   "call dgesl(a, n, n, ipvt, b, info)")
    assert "job (info) is not a literal" in why


def test_a_hot_line_outside_linpack_is_not_this_change() -> None:
    from perfscout.transform.linpack import linpack_pair
    from perfscout.transform.source import Code

    text = (D / "src" / "lin.f90").read_text()
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "merge(2.0d0" in t)
    r = linpack_pair(Code(text, "src/lin.f90"), line, "src/lin.f90", D)
    assert isinstance(r, Refusal) and "the hot line is in main" in r.reason


def test_the_session_diff_changes_the_calling_file_not_the_hot_one(tmp_path: Path) -> None:
    """The proposal is aimed at the hot line (in the BLAS-1 file); the generated change lands
    in the file that calls the pair, and the diff names that file alone."""
    from perfscout.model.proposals import Proposal
    from perfscout.pipeline.source_changes import attach_diffs

    root = tmp_path / "p"
    shutil.copytree(D, root)
    _, line = _hot(root)
    out, bad = attach_diffs([Proposal(id="use_lapack", kind="source",
                                      scope=f"src/blas.f90:{line}")], root)
    assert not bad and out[0].change is not None
    files = [ln[6:] for ln in out[0].change.diff.splitlines() if ln.startswith("+++ b/")]
    assert files == ["src/lin.f90"], files
