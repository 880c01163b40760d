"""assumed_shape_dummy: a strided section passed to an explicit-shape dummy of a module
procedure is passed by descriptor once the dummy is assumed-shape; refused when a caller has no
explicit interface, relies on sequence association, or the dummy is passed on."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.pipeline.analyze import analyze
from perfscout.transform import Generated, Refusal, generate

DATA = Path(__file__).parent / "data" / "assumed_shape"
CALL_LINE = 15  # main.f90: bracket(g(i, :), nc, ...)


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(DATA, root)
    return root


def _gen(root: Path, rel: str = "main.f90", line: int = CALL_LINE) -> Generated | Refusal:
    return generate("assumed_shape_dummy", (root / rel).read_text(), rel, line, root=root)


def _build_run(root: Path) -> tuple[str, str]:
    """(program output, -Warray-temporaries remarks of the calling file)."""
    subprocess.run(["make", "-s", "-C", str(root)], check=True, capture_output=True)
    out = subprocess.run([str(root / "grid")], check=True, capture_output=True, text=True)
    warn = subprocess.run(["gfortran", "-O2", "-Warray-temporaries", "-fsyntax-only",
                           "main.f90"], cwd=root, capture_output=True, text=True)
    return out.stdout, warn.stderr


@pytest.mark.skipif(shutil.which("gfortran") is None, reason="needs gfortran")
def test_legal_change_builds_same_output_without_temporary(tmp_path: Path) -> None:
    root = _project(tmp_path)
    before, warn_before = _build_run(root)
    assert "Creating array temporary" in warn_before
    g = _gen(root)
    assert isinstance(g, Generated), g
    assert g.others and g.others[0][0] == "lookup.f90"
    assert "vals(:)" in g.others[0][1] and "vals(m)" not in g.others[0][1]
    (root / "lookup.f90").write_text(g.others[0][1])
    subprocess.run(["make", "-s", "-C", str(root), "clean"], check=True)
    after, warn_after = _build_run(root)
    assert after == before
    assert "Creating array temporary" not in warn_after


def test_sequence_association_refused(tmp_path: Path) -> None:
    root = _project(tmp_path)
    main = root / "main.f90"
    main.write_text(main.read_text().replace(
        "  print '(f20.3)', total",
        "  total = total + bracket(g(1, 5), 10, 7.0d0)\n  print '(f20.3)', total"))
    g = _gen(root)
    assert isinstance(g, Refusal)
    assert "sequence association" in g.reason and "g(1, 5)" in g.reason


def test_external_procedure_refused(tmp_path: Path) -> None:
    root = _project(tmp_path)
    lk = root / "lookup.f90"
    text = lk.read_text()
    body = text[text.index("  integer function"):text.index("end module")]
    lk.write_text(body)
    main = root / "main.f90"
    main.write_text(main.read_text().replace("  use lookup\n", "  integer, external :: bracket\n"))
    g = _gen(root)
    assert isinstance(g, Refusal)
    assert "external procedure" in g.reason and "explicit interface" in g.reason


def test_caller_without_use_refused(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "other.f90").write_text(
        "subroutine probe(t, r)\n  real(8) :: t(4, 9)\n  integer :: r\n"
        "  r = bracket(t(2, :), 9, 1.0d0)\nend subroutine probe\n")
    g = _gen(root)
    assert isinstance(g, Refusal)
    assert "does not use module lookup" in g.reason


def test_dummy_passed_on_refused(tmp_path: Path) -> None:
    root = _project(tmp_path)
    lk = root / "lookup.f90"
    lk.write_text(lk.read_text().replace("    k = lo\n", "    k = lo\n    call peek(vals, m)\n"))
    g = _gen(root)
    assert isinstance(g, Refusal)
    assert "passed on to peek" in g.reason


def test_whole_array_use_in_callee_refused(tmp_path: Path) -> None:
    root = _project(tmp_path)
    lk = root / "lookup.f90"
    lk.write_text(lk.read_text().replace("    k = lo\n", "    k = lo + int(0 * sum(vals))\n"))
    g = _gen(root)
    assert isinstance(g, Refusal)
    assert "uses vals whole" in g.reason


def test_contiguous_actual_is_not_a_site(tmp_path: Path) -> None:
    root = _project(tmp_path)
    main = root / "main.f90"
    main.write_text(main.read_text().replace("bracket(g(i, :), nc,", "bracket(g(:, i), nr,"))
    g = _gen(root)
    assert isinstance(g, Refusal) and "no call" in g.reason


def _session_files(root: Path) -> list[str]:
    """Build with -g -Warray-temporaries (the log kept), perf record the program, the two
    perf reports a session's collect writes: the files analyze reads."""
    require_tool("gfortran")
    perf = require_tool("perf")
    subprocess.run(["make", "-s", "-C", str(root), "clean"], check=True, capture_output=True)
    log = subprocess.run(["make", "-s", "FFLAGS=-O2 -g -Warray-temporaries"], cwd=root,
                         capture_output=True, text=True, check=True)
    (root / "build.log").write_text(log.stdout + log.stderr)
    data = root / "perf.data"
    subprocess.run([perf, "record", "-q", "-e", "cpu-clock", "-o", str(data), "./grid"],
                   cwd=root, check=True, capture_output=True, timeout=300)
    out = [str(root / "build.log")]
    for name, args in (("symbols.txt", []),
                       ("srcline.txt", ["--sort", "srcline", "--full-source-path"])):
        r = subprocess.run([perf, "report", "--stdio", "--no-children", *args, "-i", str(data)],
                           capture_output=True, text=True, check=True, cwd=root, timeout=300)
        (root / name).write_text(r.stdout)
        out.append(str(root / name))
    return out


def test_the_temporary_finding_gets_the_change_offered_at_the_call(tmp_path: Path) -> None:
    root = _project(tmp_path)
    a = analyze(_session_files(root))
    found = {f.id: f for f in a.findings}
    assert "app.redundant_work" in found, list(found)
    assert any(e.metric == "copy.temporaries" for e in found["app.redundant_work"].evidence)
    prop = next((p for p in a.proposals if p.id == "assumed_shape_dummy"), None)
    assert prop is not None, [p.id for p in a.proposals]
    assert prop.scope == f"main.f90:{CALL_LINE}"
    # the change applied: no temporary left, so neither the finding nor the proposal
    g = _gen(root)
    assert isinstance(g, Generated)
    (root / "lookup.f90").write_text(g.others[0][1])
    b = analyze(_session_files(root))
    assert "assumed_shape_dummy" not in {p.id for p in b.proposals}
    assert not any(e.metric == "copy.temporaries" and (e.value or 0) > 0
                   for f in b.findings for e in f.evidence)


ONE_FILE = """module tab
  implicit none
contains
  integer function locate(xs, n, x)
    integer, intent(in) :: n
    real(8), intent(in) :: xs(n), x
    integer :: k
    locate = 1
    do k = 1, n
      if (xs(k) <= x) locate = k
    end do
  end function locate

  real(8) function on_row(t, i, n, x)
    integer, intent(in) :: i, n
    real(8), intent(in) :: t(:, :), x
    on_row = dble(locate(t(i, :), n, x))
  end function on_row
end module tab
"""


def test_the_file_named_by_its_absolute_path_is_read_once(tmp_path: Path) -> None:
    """A profile names the hot file by its absolute path (the build copy's); the procedure
    defined in that same file is one definition, not two (the file read again from the
    project's folder)."""
    (tmp_path / "Makefile").write_text("all:\n\tgfortran -c tab.f90\n")
    src = tmp_path / "tab.f90"
    src.write_text(ONE_FILE)
    g = generate("assumed_shape_dummy", ONE_FILE, str(src), 17, root=tmp_path)
    assert isinstance(g, Generated), g
    assert "xs(:)" in g.new_text and "xs(n)" not in g.new_text
