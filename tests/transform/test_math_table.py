"""hoist_math: sin/cos of an integer phase times 2 pi / n read from a table computed once.
Legal loops (C, C++, Fortran) are built and run with the real compilers and print the same
values within rounding; loops where the phase is not periodic/integer are refused, naming why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

C_DFT = """#include <math.h>
#include <stdio.h>
#define N 600

static double x[N], pr[N];

static void spectrum(int n, double w) {
  for (int k = 0; k <= n / 2; k++) {
    double re = 0.0, im = 0.0;
    if (w < 0.0) continue;
    for (int j = 0; j < n; j++) {
      re += x[j] * cos(2.0 * M_PI * k * j / n);  /* HOT */
      im -= x[j] * sin(2.0 * M_PI * k * j / n);
    }
    pr[k] = re * re + im * im;
  }
}

int main(void) {
  for (int j = 0; j < N; j++) x[j] = sin(0.37 * j) + 0.1 * (j % 7);
  spectrum(N, 1.0);
  double s = 0.0;
  for (int k = 0; k <= N / 2; k++) s += pr[k];
  printf("total %.9e peak %.9e\\n", s, pr[N / 7]);
  return 0;
}
"""

F_DFT = """module dft
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: pi = 3.141592653589793238_dp
contains
  subroutine spectrum(x, p)
    real(dp), intent(in) :: x(:)
    real(dp), intent(out) :: p(:)
    integer :: n, k, j
    real(dp) :: re, im, arg
    n = size(x)
    do k = 1, n / 2
      re = 0.0_dp
      im = 0.0_dp
      do j = 1, n
        arg = -2.0_dp * pi * real(k - 1, dp) * real(j - 1, dp) / real(n, dp)
        re = re + x(j) * cos(arg)   ! HOT
        im = im + x(j) * sin(arg)
      end do
      p(k) = re * re + im * im
    end do
  end subroutine spectrum
end module dft

program main
  use dft
  implicit none
  real(dp) :: x(500), p(250)
  integer :: j
  do j = 1, 500
    x(j) = sin(0.37_dp * j) + 0.1_dp * mod(j, 7)
  end do
  call spectrum(x, p)
  print '(a, es16.9, a, es16.9)', 'total ', sum(p), ' peak ', p(72)
end program main
"""


def _close(a: str, b: str, rel: float = 1e-9) -> None:
    na = [float(v) for v in re.findall(r"-?\d\.\d+[eE][-+]\d+", a)]
    nb = [float(v) for v in re.findall(r"-?\d\.\d+[eE][-+]\d+", b)]
    assert na and len(na) == len(nb), (a, b)
    for u, v in zip(na, nb, strict=True):
        assert abs(u - v) <= rel * max(abs(u), abs(v)), (a, b)


@pytest.mark.parametrize(("name", "src"), [("dft.c", C_DFT), ("dft.cpp", C_DFT),
                                           ("dft.f90", F_DFT)])
def test_table_keeps_the_output(name: str, src: str, tmp_path: Path) -> None:
    g = generate("hoist_math", src, name, line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert "table" in g.note and "cos" in g.note and "sin" in g.note
    body = g.new_text
    # the inner loop calls no libm function any more; the table is filled once, before k
    hot = next(ln for ln in body.splitlines() if "HOT" in ln)
    assert not re.search(r"\b(cos|sin)\(", hot) and "ps_cos" in hot, hot
    calls = re.compile(r"(?<![\w.])cos\(")
    assert len(calls.findall(body)) == len(calls.findall(src))  # moved to the fill loop
    before = build_run(write(tmp_path, "orig" + name[3:], src))
    after = build_run(write(tmp_path, "new" + name[3:], body))
    _close(before, after)


REFUSED = [
    # integer division: k * j / n drops the remainder before the multiplication by pi
    ("cos(2.0 * M_PI * (k * j / n))", "divides integers"),
    # an odd multiple of pi: period 2 n, not n
    ("cos(M_PI * k * j / n)", "even multiple of pi"),
    # a real-valued factor: no integer phase
    ("cos(2.0 * M_PI * w * j / n)", "not declared an integer"),
    # j squared: the phase does not step by a constant
    ("cos(2.0 * M_PI * k * j * j / n)", "plus a constant, once"),
]


@pytest.mark.parametrize(("expr", "why"), REFUSED, ids=[w for _e, w in REFUSED])
def test_refused_with_the_reason(expr: str, why: str) -> None:
    src = C_DFT.replace("cos(2.0 * M_PI * k * j / n)", expr).replace(
        "sin(2.0 * M_PI * k * j / n)", expr.replace("cos", "sin"))
    r = generate("hoist_math", src, "dft.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), r
    assert why in r.reason, r.reason


def test_divisor_written_in_the_loop_refused() -> None:
    src = C_DFT.replace("im -= x[j] * sin(2.0 * M_PI * k * j / n);",
                        "im -= x[j] * sin(2.0 * M_PI * k * j / n); n -= 0;")
    r = generate("hoist_math", src, "dft.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "n " in r.reason and "written" in r.reason, r


def test_early_exit_refused() -> None:
    src = C_DFT.replace("/* HOT */", "/* HOT */\n      if (x[j] > 5.0) continue;")
    r = generate("hoist_math", src, "dft.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "continue" in r.reason, r


def test_no_trig_refused() -> None:
    src = C_DFT.replace("cos(2.0 * M_PI * k * j / n)", "x[k]").replace(
        "sin(2.0 * M_PI * k * j / n)", "x[j]")
    r = generate("hoist_math", src, "dft.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "calls no sin/cos" in r.reason, r


C_INVARIANT = """#include <math.h>
#include <stdio.h>
int main(void) {
  double beta = 0.7, e0 = 1.3, s = 0.0, x[500];
  for (int i = 0; i < 500; i++) x[i] = i * 0.001;
  for (int r = 0; r < 50; r++) {
    e0 += 0.01;
    for (int i = 0; i < 500; i++)
      s += x[i] * exp(-beta * e0) + sqrt(x[i]) * pow(e0, 1.5);  /* HOT */
  }
  printf("s=%.15e\\n", s);
  return 0;
}
"""

F_INVARIANT = """program p
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp) :: beta, e0, s, x(500)
  integer :: i, r
  beta = 0.7_dp
  e0 = 1.3_dp
  s = 0.0_dp
  do i = 1, 500
    x(i) = i * 0.001_dp
  end do
  do r = 1, 50
    e0 = e0 + 0.01_dp
    do i = 1, 500
      s = s + x(i) * exp(-beta * e0) + sqrt(x(i)) * e0   ! HOT
    end do
  end do
  print '(a, es22.15)', 's=', s
end program p
"""


@pytest.mark.parametrize(("name", "src"), [("h.c", C_INVARIANT), ("h.f90", F_INVARIANT)])
def test_invariant_calls_hoisted_keep_output(name: str, src: str, tmp_path: Path) -> None:
    g = generate("hoist_math", src, name, line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert "exp(-beta * e0)" in g.note and "sqrt" not in g.note  # sqrt(x(i)) changes
    hot = next(ln for ln in g.new_text.splitlines() if "x[i] *" in ln or "x(i) *" in ln)
    assert "exp(" not in hot and "ps_h1" in hot
    before = build_run(write(tmp_path, "a" + name[1:], src))
    after = build_run(write(tmp_path, "b" + name[1:], g.new_text))
    assert after == before


def test_call_of_a_changing_argument_refused() -> None:
    src = C_INVARIANT.replace("exp(-beta * e0) + sqrt(x[i]) * pow(e0, 1.5)",
                              "exp(-beta * x[i]) + sqrt(x[i])")
    r = generate("hoist_math", src, "h.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal)
    assert "exp() at line 9: i changes in the loop" in r.reason, r.reason
