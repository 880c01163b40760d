"""integer_pow: pow() of a small constant integer exponent in the hot loop multiplied out.

Legal calls (C, C++; positive, negative, powf) are replaced, the program builds with the real
compiler and prints the same values within 1e-12 relative (not bytes: the products round
differently from libm's pow); non-integer and non-constant exponents are refused, named."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

C_PAIRS = """#include <math.h>
#include <stdio.h>

static double energy(int n, const double *x, const double *y, double s2, double q) {
  double e = 0.0;
  for (int i = 0; i < n; i++) {
    for (int j = i + 1; j < n; j++) {
      double dx = x[i] - x[j], dy = y[i] - y[j];
      double sr2 = s2 / (dx * dx + dy * dy);
      double sr6 = pow(sr2, 3.0);  /* HOT */
      e += 4.0 * (pow(sr6, 2.) - sr6) + pow(sr2 + 1.0, -7.0) + (double)powf((float)sr2, 2.0f)
           + pow(dx, q) * 1e-3 + pow(sr2, 0.5);
    }
  }
  return e;
}

int main(void) {
  enum { N = 300 };
  static double x[N], y[N];
  for (int i = 0; i < N; i++) {
    x[i] = (i % 7) * 1.1 + 0.01 * i;
    y[i] = (i % 11) * 0.9 + 0.003 * i;
  }
  double e = energy(N, x, y, 1.0, 2.0);
  printf("%.17g\\n", e);
  return 0;
}
"""

CPP_PAIRS = C_PAIRS.replace("#include <math.h>", "#include <cmath>").replace(
    "#include <stdio.h>", "#include <cstdio>").replace("pow(dx, q) * 1e-3 + ", "").replace(
    " pow(", " std::pow(").replace("(pow(", "(std::pow(")


def _value(out: str) -> float:
    return float(out.strip())


@pytest.mark.parametrize(("name", "src"), [("lj.c", C_PAIRS), ("lj.cpp", CPP_PAIRS)])
def test_integer_exponents_multiplied_out(name: str, src: str, tmp_path: Path) -> None:
    g = generate("integer_pow", src, name, line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    body = g.new_text.split("static double energy")[1]
    for call in ("pow(sr2, 3.0)", "pow(sr6, 2.)", "pow(sr2 + 1.0, -7.0)",
                 "powf((float)sr2, 2.0f)"):
        assert call not in body, call
    assert "pow(sr2, 0.5)" in body  # not an integer: kept
    assert "1.0 / (" in g.new_text  # the negative exponent
    assert "tolerance" in g.note and "'0.5' is not an integer" in g.note
    a = _value(build_run(write(tmp_path, "a" + name[2:], src)))
    b = _value(build_run(write(tmp_path, "b" + name[2:], g.new_text)))
    assert a != 0.0 and abs(a - b) <= 1e-12 * abs(a)


@pytest.mark.parametrize(("exp", "why"), [
    ("0.5", "the exponent '0.5' is not an integer"),
    ("q", "the exponent 'q' is not a constant"),
    ("16.0", "the exponent '16.0' is outside 1..8"),
    ("2.5e0", "the exponent '2.5e0' is not an integer"),
])
def test_other_exponents_refused(exp: str, why: str) -> None:
    src = """#include <math.h>
double f(int n, const double *x, double q) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += pow(x[i], EXP);  /* HOT */
  return s;
}
""".replace("EXP", exp)
    r = generate("integer_pow", src, "f.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), r
    assert why in r.reason, r.reason


def test_fortran_refused() -> None:
    src = "program p\n  integer :: i\n  real(8) :: s\n  do i = 1, 3\n    s = s + i**3  ! HOT\n" \
          "  end do\nend program p\n"
    r = generate("integer_pow", src, "p.f90", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "Fortran" in r.reason


def _offered(path: Path, line: int, libm: str) -> dict[str, str]:
    from tests.advise.conftest import finding

    from perfscout.advise import advise
    from perfscout.model.metrics import Hotspot, Profile
    from perfscout.sandbox import default_runner

    prof = Profile("perf-annotate", "annotate.txt", meta={"command": "./prog"}, hotspots=(
        Hotspot(libm, self_share=0.6),
        Hotspot(f"{path}:{line}", self_share=0.3, kind="line")))
    adv = advise([finding("hw.compute_bound", scope="")], None, [prof],
                 policy_check=default_runner().check)
    return {p.id: p.change.description if p.change else "" for p in adv.proposals}


def test_offered_where_libm_pow_is_hot(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text("all:\n\tcc -O2 -o lj lj.c -lm\n")
    src = tmp_path / "lj.c"
    src.write_text(C_PAIRS)
    got = _offered(src, line_of(C_PAIRS, "HOT"), "__ieee754_pow_fma")
    assert "integer_pow" in got, got
    assert "__ieee754_pow_fma is hot" in got["integer_pow"]
    assert "integer_pow" not in _offered(src, line_of(C_PAIRS, "HOT"), "__ieee754_exp_fma")


HEADER = """#ifndef KERNEL_H
#define KERNEL_H
#include <math.h>
static inline double kernel(int n, const double *r) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += pow(r[i], -3.0);  /* HOT */
  return s;
}
#endif
"""


def test_header_read_twice_builds(tmp_path: Path) -> None:
    g = generate("integer_pow", HEADER, "kernel.h", line_of(HEADER, "HOT"))
    assert isinstance(g, Generated), g
    main = ('#include <stdio.h>\n#include "kernel.h"\n#include "kernel.h"\n'
            "int main(void) {\n  double r[100];\n  for (int i = 0; i < 100; i++) r[i] = 1.0 + i;"
            '\n  printf("%.17g\\n", kernel(100, r));\n  return 0;\n}\n')
    write(tmp_path, "kernel.h", HEADER)
    a = _value(build_run(write(tmp_path, "a.c", main)))
    write(tmp_path, "kernel.h", g.new_text)
    b = _value(build_run(write(tmp_path, "b.c", main)))
    assert abs(a - b) <= 1e-12 * abs(a)
