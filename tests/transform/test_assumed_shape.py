"""assumed_shape_dummy: a strided section passed to an explicit-shape dummy of a module
procedure is passed by descriptor once the dummy is assumed-shape; refused when a caller has no
explicit interface, relies on sequence association, or the dummy is passed on."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

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


def test_contiguous_actual_is_not_a_site(tmp_path: Path) -> None:
    root = _project(tmp_path)
    main = root / "main.f90"
    main.write_text(main.read_text().replace("bracket(g(i, :), nc,", "bracket(g(:, i), nr,"))
    g = _gen(root)
    assert isinstance(g, Refusal) and "no call" in g.reason
