"""geometric_growth on multi-file programs built with the real gfortran/gcc: an array grown by
one element per append rewritten to doubling capacity (output identical, CPU time of the
Fortran append loop lower by a factor that grows with n), and the refusals."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "growth"


def _copy(tmp_path: Path, lang: str) -> Path:
    dst = tmp_path / lang
    shutil.copytree(DATA / lang, dst)
    return dst


def _build(cc: str, srcs: list[Path], exe: Path) -> Path:
    mods = ["-J", str(exe.parent)] if cc == "gfortran" else []
    cmd = [require_tool(cc), "-O2", "-Wall", *mods, "-o", str(exe), *map(str, srcs)]
    b = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert b.returncode == 0, b.stderr
    return exe


def _run(exe: Path, n: int) -> tuple[str, float]:
    """(stdout, the append phase's CPU seconds the program prints on stderr)."""
    r = subprocess.run([str(exe), str(n)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    m = re.search(r"cpu\s+([\d.]+)", r.stderr)
    assert m is not None, r.stderr
    return r.stdout, float(m.group(1))


def _gen(path: Path, needle: str) -> tuple[Generated | Refusal, int]:
    text = path.read_text()
    line = line_of(text, needle)
    return generate("geometric_growth", text, path.name, line), line


def _patched(src: Path, needle: str) -> tuple[Generated, int]:
    g, line = _gen(src, needle)
    assert isinstance(g, Generated), g
    return g, line


def _same_output(src: Path, needle: str) -> tuple[Generated, int]:
    """Build and run the one-file program ``src`` before and after the change generated at
    the line holding ``needle``; the outputs must be identical. Returns the change."""
    cc = "gfortran" if src.suffix == ".f90" else "gcc"
    before = _build(cc, [src], src.with_suffix(".before.exe"))
    out0 = subprocess.run([str(before)], capture_output=True, text=True).stdout
    g, line = _patched(src, needle)
    src.write_text(g.new_text)
    after = _build(cc, [src], src.with_suffix(".after.exe"))
    assert subprocess.run([str(after)], capture_output=True, text=True).stdout == out0
    return g, line


def test_fortran_append_doubles_capacity_same_output_cpu_gain_grows_with_n(tmp_path: Path
                                                                          ) -> None:
    d = _copy(tmp_path, "fortran")
    g, line = _patched(d / "select.f90", "vals = [vals, x]")
    assert f"select.f90:{line}" in g.note
    assert "-        vals = [vals, x]" in g.diff and "call move_alloc(" in g.diff
    assert "vals = vals(1:n_vals)" in g.new_text  # cut to its count after the loop
    before = _build("gfortran", [d / "select.f90", d / "main.f90"], d / "before.exe")
    (d / "select.f90").write_text(g.new_text)
    after = _build("gfortran", [d / "select.f90", d / "main.f90"], d / "after.exe")
    gains = []
    for n in (10_000, 40_000):
        out0, cpu0 = _run(before, n)
        out1, cpu1 = _run(after, n)
        assert out0 == out1
        gains.append(cpu0 / max(cpu1, 1e-4))  # cpu_time's resolution: 0.1 ms is the floor
    # n appends copy O(n^2) elements before, O(n) after: the factor grows with n
    assert gains[0] > 5, gains
    assert gains[1] > 2 * gains[0], gains


def test_fortran_section_append(tmp_path: Path) -> None:
    src = tmp_path / "sec.f90"
    src.write_text("""program sec
  implicit none
  integer, allocatable :: a(:)
  integer :: b(5), i
  b = [1, 2, 3, 4, 5]
  allocate(a(0))
  do i = 1, 300
    a = [a, b(2:mod(i, 5) + 1)]
  end do
  print *, size(a), sum(a), a(size(a))
end program sec
""")
    _same_output(src, "a = [a, b(")


def test_c_realloc_per_item_doubles_capacity_same_output(tmp_path: Path) -> None:
    d = _copy(tmp_path, "c")
    g, line = _patched(d / "series.c", "out = realloc(")
    assert f"series.c:{line}" in g.note
    assert "out_cap = out_cap ? 2 * out_cap" in g.new_text
    before = _build("gcc", [d / "series.c", d / "main.c"], d / "before.exe")
    (d / "series.c").write_text(g.new_text)
    after = _build("gcc", [d / "series.c", d / "main.c"], d / "after.exe")
    for n in (1_000, 100_000):
        assert _run(before, n)[0] == _run(after, n)[0]


def test_already_geometric_growth_is_not_rewritten() -> None:
    text = """#include <stdlib.h>
double *grow(long n, long *count) {
    double *p = NULL;
    long k = 0, cap = 0;
    for (long i = 0; i < n; i++) {
        if (k == cap) {
            cap = cap ? 2 * cap : 16;
            p = realloc(p, cap * sizeof *p);
        }
        p[k++] = (double)i;
    }
    *count = k;
    return p;
}
"""
    got = generate("geometric_growth", text, "g.c", line_of(text, "p = realloc("))
    assert isinstance(got, Refusal)
    assert "(cap * sizeof *p) is not (n + k)" in got.reason


def test_size_dependent_use_inside_the_loop_is_refused(tmp_path: Path) -> None:
    d = _copy(tmp_path, "fortran")
    text = (d / "select.f90").read_text().replace(
        "      if (x > 0.25d0) then",
        "      if (size(vals) > 3) x = x * 0.5d0\n      if (x > 0.25d0) then")
    got = generate("geometric_growth", text, "select.f90", line_of(text, "vals = [vals"))
    assert isinstance(got, Refusal)
    assert f"line {line_of(text, 'size(vals) > 3')}" in got.reason and "size" in got.reason


def test_pointer_escape_in_c_is_refused() -> None:
    text = (DATA / "c" / "series.c").read_text().replace(
        "            out[k] = x;", "            out[k] = x;\n            keep(&out);")
    got = generate("geometric_growth", text, "series.c", line_of(text, "out = realloc("))
    assert isinstance(got, Refusal)
    assert f"line {line_of(text, 'keep(&out)')}" in got.reason


def test_fortran_pointer_array_is_refused() -> None:
    text = (DATA / "fortran" / "select.f90").read_text().replace(
        "real(8), allocatable :: vals(:)", "real(8), allocatable, target :: vals(:)")
    got = generate("geometric_growth", text, "select.f90", line_of(text, "vals = [vals"))
    assert isinstance(got, Refusal)
    assert "target" in got.reason


def test_fortran_one_line_if_append_becomes_a_block_if(tmp_path: Path) -> None:
    src = tmp_path / "odd.f90"
    src.write_text("""program odd
  implicit none
  integer, allocatable :: a(:)
  integer :: i
  allocate(a(0))
  do i = 1, 2000
    if (mod(i * 7, 3) == 1) a = [a, i * i]
  end do
  print *, size(a), sum(a), a(1), a(size(a))
end program odd
""")
    g, _ = _same_output(src, "a = [a, i * i]")
    assert "if (mod(i * 7, 3) == 1) then" in g.new_text
    # the patched program grows geometrically already: nothing left to rewrite
    again = generate("geometric_growth", g.new_text, "odd.f90", line_of(g.new_text, "= i * i"))
    assert isinstance(again, Refusal) and "no append" in again.reason


def test_fortran_append_guarded_by_its_size_is_refused() -> None:
    text = """program odd
  implicit none
  integer, allocatable :: a(:)
  integer :: i
  allocate(a(0))
  do i = 1, 2000
    if (size(a) < 100) a = [a, i]
  end do
  print *, size(a)
end program odd
"""
    got = generate("geometric_growth", text, "odd.f90", 7)
    assert isinstance(got, Refusal)
    assert "condition" in got.reason and "line 7" in got.reason


MEMBER = """#include <stdio.h>
#include <stdlib.h>
struct bag { double *v; long n; };
static void touch(struct bag *b) { (void)b; }
int main(void) {
    struct bag b = {NULL, 0};
    for (long i = 0; i < 5000; i++) {
        if (i % 3 == 0) continue;
        b.v = realloc(b.v, sizeof(double) * (b.n + 1));
        b.v[b.n++] = 0.5 * (double)i;
    }
    double s = 0;
    for (long j = 0; j < b.n; j++) s += b.v[j];
    touch(&b);
    printf("%ld %.17g\\n", b.n, s);
    free(b.v);
    return 0;
}
"""


def test_c_struct_member_realloc_same_output(tmp_path: Path) -> None:
    src = tmp_path / "bag.c"
    src.write_text(MEMBER)
    g, _ = _same_output(src, "b.v = realloc(")
    assert "size_t b_v_cap = 0;" in g.new_text


def test_c_struct_passed_whole_in_the_loop_is_refused() -> None:
    text = MEMBER.replace("        b.v[b.n++] = 0.5 * (double)i;",
                          "        b.v[b.n++] = 0.5 * (double)i;\n        touch(&b);")
    got = generate("geometric_growth", text, "bag.c", line_of(text, "b.v = realloc("))
    assert isinstance(got, Refusal)
    assert f"line {line_of(text, '        touch(&b);')}" in got.reason


MOVE_ALLOC = """program mv
  implicit none
  real(8), allocatable :: a(:), t(:)
  integer :: i, n
  real(8) :: x
  allocate(a(0))
  n = 0
  x = 0.5d0
  do i = 1, 3000
    x = mod(x * 3.7d0 + 0.13d0, 1.0d0)
    if (x < 0.25d0) cycle
    allocate(t(n + 1))
    t(1:n) = a
    t(n + 1) = x
    call move_alloc(t, a)
    n = n + 1
  end do
  print *, n, size(a), sum(a), a(n)
end program mv
"""


def test_fortran_move_alloc_by_one_same_output(tmp_path: Path) -> None:
    src = tmp_path / "mv.f90"
    src.write_text(MOVE_ALLOC)
    g, line = _same_output(src, "allocate(t(n + 1))")
    assert f"mv.f90:{line}" in g.note and "move_alloc" in g.note
    assert "-    allocate(t(n + 1))" in g.diff and "a = a(1:n_a)" in g.new_text


def test_fortran_move_alloc_copying_a_part_is_refused() -> None:
    # t(1:n) = a(1:n) keeps only the first n elements whatever size(a) is: not an append
    text = MOVE_ALLOC.replace("    t(1:n) = a\n", "    t(1:n) = a(1:n)\n")
    got = generate("geometric_growth", text, "mv.f90", line_of(text, "allocate(t(n + 1))"))
    assert isinstance(got, Refusal)
