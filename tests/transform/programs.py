"""Small user-style programs for the transformation tests: each marks its hot line with HOT and
prints a checksum of exactly representable values (small integers), so a legal reordering must
reproduce it bit for bit."""

from __future__ import annotations

C_HEAD = """#include <stdio.h>
#include <stdlib.h>
"""

C_MAIN = """
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 150;
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n),
         *c = malloc(sizeof(double) * n * n), *x = malloc(sizeof(double) * n),
         *y = malloc(sizeof(double) * n);
  for (long i = 0; i < n * n; i++) {
    a[i] = (double)(i % 7) - 3.0;
    b[i] = (double)(i % 5) - 2.0;
    c[i] = (double)(i % 3);
  }
  for (long i = 0; i < n; i++) { x[i] = (double)(i % 9) - 4.0; y[i] = (double)(i % 4); }
  double r = kernel(n, a, b, c, x, y);
  double s = r;
  for (long i = 0; i < n * n; i++) s += (a[i] + 2.0 * b[i] + 3.0 * c[i]) * (double)(1 + i % 13);
  for (long i = 0; i < n; i++) s += (x[i] + 2.0 * y[i]) * (double)(1 + i % 11);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""


def c_program(body: str) -> str:
    """A complete C program around ``kernel`` (its body given)."""
    return (C_HEAD + "static double kernel(long n, double *a, double *b, double *c, double *x,"
            " double *y) {\n" + body + "}\n" + C_MAIN)


COLUMN_WALK = c_program("""  for (long j = 0; j < n; j++)
    for (long i = 0; i < n; i++)
      a[i * n + j] = 2.0 * a[i * n + j] + b[i * n + j]; /* HOT */
  return 0.0;
""")

SKEWED_2D = """#include <stdio.h>
#define N 120
static double a[N][N];
static void sweep(void) {
  for (int j = 1; j < N; j++)
    for (int i = 0; i < N - 1; i++)
      a[i][j] = a[i + 1][j - 1] + 1.0; /* HOT */
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) a[i][j] = (double)((i + j) % 5);
  sweep();
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += a[i][j] * (double)(1 + (i * N + j) % 7);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""

DOT = c_program("""  double s = 0.0;
  for (long i = 0; i < n; i++)
    s += x[i] * y[i]; /* HOT */
  return s;
""")

PREFIX_SUM = c_program("""  for (long i = 1; i < n; i++)
    x[i] = x[i - 1] + y[i]; /* HOT */
  return 0.0;
""")

REDUCE_PRIVATE = c_program("""  double total = 0.0;
  double t;
  for (long i = 0; i < n * n; i++) {
    t = b[i] * 2.0;
    a[i] = t + c[i];
    total += t; /* HOT */
  }
  return total;
""")

CARRIED_SCALAR = c_program("""  double t = 0.0;
  for (long i = 0; i < n; i++) {
    t = 0.5 * t + y[i];
    x[i] = t; /* HOT */
  }
  return t;
""")

TRANSPOSE = c_program("""  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      c[j * n + i] = a[i * n + j] + b[j * n + i]; /* HOT */
  return 0.0;
""")

SKIP_AHEAD = c_program("""  double s = 0.0;
  for (long i = 0; i < n; i++) {
    if (x[i] < 0.0) i++;
    s += y[i % n]; /* HOT */
  }
  return s;
""")

GEMV = c_program("""  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      y[i] += a[i * n + j] * x[j]; /* HOT */
  return 0.0;
""")

GEMM_BT = c_program("""  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++)
        c[i * n + j] += a[i * n + k] * b[j * n + k]; /* HOT */
  return 0.0;
""")

GEMM_IN_PLACE = c_program("""  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++)
        a[i * n + j] += a[i * n + k] * b[k * n + j]; /* HOT */
  return 0.0;
""")

CPP_PROGRAM = """#include <cstdio>
#include <vector>

static double smooth(long n, std::vector<double>& a, const std::vector<double>& b) {
  double total = 0.0;
  for (long j = 0; j < n; j++)
    for (long i = 0; i < n; i++)
      a[i * n + j] = 0.5 * a[i * n + j] + b[i * n + j]; /* HOT */
  for (long i = 0; i < n * n; i++)
    total += a[i]; /* SUM */
  return total;
}

static void prefix(long n, std::vector<double>& x) {
  for (long i = 1; i < n; i++)
    x[i] = x[i - 1] + x[i]; /* PREFIX */
}

int main() {
  const long n = 140;
  std::vector<double> a(n * n), b(n * n), x(n);
  for (long i = 0; i < n * n; i++) { a[i] = (double)(i % 8); b[i] = (double)(i % 3); }
  for (long i = 0; i < n; i++) x[i] = (double)(i % 5);
  double t = smooth(n, a, b);
  prefix(n, x);
  double s = t;
  for (long i = 0; i < n; i++) s += x[i] * (double)(1 + i % 7);
  std::printf("checksum=%.17g\\n", s);
  return 0;
}
"""

FORTRAN_PROGRAM = """program fmm
  implicit none
  integer, parameter :: n = 90
  real(8) :: a(n, n), b(n, n), c(n, n), x(n)
  real(8) :: s, total
  integer :: i, j, k
  do j = 1, n
    do i = 1, n
      a(i, j) = dble(mod(i + 2 * j, 7)) - 3.0d0
      b(i, j) = dble(mod(3 * i + j, 5)) - 2.0d0
    end do
  end do
  do j = 1, n
    do i = 1, n
      s = 0.0d0
      do k = 1, n
        s = s + a(i, k) * b(k, j) ! HOT
      end do
      c(i, j) = s
    end do
  end do
  do i = 1, n
    x(i) = dble(mod(i, 4))
  end do
  do i = 2, n
    x(i) = x(i - 1) + x(i) ! PREFIX
  end do
  total = 0.0d0
  do j = 1, n
    do i = 1, n
      total = total + c(i, j) * dble(1 + mod(i + j, 13))
    end do
  end do
  do i = 1, n
    total = total + x(i)
  end do
  print '(a, es25.17)', 'checksum=', total
end program fmm
"""

GEMV_2D = """#include <stdio.h>
#define M 80
#define K 60
static double A[M][K], x[K], y[M];

static void gemv(void) {
  for (int i = 0; i < M; i++) {
    double acc = 0.0;
    for (int j = 0; j < K; j++)
      acc += A[i][j] * x[j]; /* HOT */
    y[i] = acc;
  }
}

int main(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < K; j++) A[i][j] = (double)((i * 3 + j) % 7) - 3.0;
  for (int j = 0; j < K; j++) x[j] = (double)(j % 5);
  gemv();
  double s = 0.0;
  for (int i = 0; i < M; i++) s += y[i] * (double)(i + 1);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""

CPP_GEMM = """#include <cstdio>
#include <vector>

static void mm(long n, const double* A, const double* B, double* C) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      double s = 0.0;
      for (long k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];  // HOT
      C[i * n + j] = s;
    }
}

int main() {
  const long n = 75;
  std::vector<double> A(n * n), B(n * n), C(n * n);
  for (long i = 0; i < n * n; i++) { A[i] = (double)(i % 5) - 1.0; B[i] = (double)(i % 3); }
  mm(n, A.data(), B.data(), C.data());
  double s = 0.0;
  for (long i = 0; i < n * n; i++) s += C[i] * (double)(1 + i % 7);
  std::printf("checksum=%.17g\\n", s);
  return 0;
}
"""

# an element prologue ahead of the accumulation loop (tmp = 0, then D scaled first): each
# prologue touches only the element of its (i, j); interchange hoists it into its own nest
PROLOGUE_GEMM = """#include <stdio.h>
#define N 60
static double A[N][N], B[N][N], T[N][N], D[N][N];
static void kernel(double alpha, double beta) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      T[i][j] = 0.0;
      for (int k = 0; k < N; k++)
        T[i][j] += alpha * A[i][k] * B[k][j]; /* HOT */
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < N; k++)
        D[i][j] += T[i][k] * B[k][j]; /* HOT2 */
    }
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 3 + j) % 7); B[i][j] = (double)((i + 2 * j) % 5);
      D[i][j] = (double)((i + j) % 3);
    }
  kernel(1.5, 0.5);
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += D[i][j] * (double)(1 + (i * N + j) % 7);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""

# the prologue reads the element of the next row, which the loop below writes: hoisting it
# ahead of the whole nest would read values not yet updated
PROLOGUE_CROSS = """#include <stdio.h>
#define N 40
static double a[N][N], b[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) b[i][j] = (double)((i + j) % 5);
  for (int i = 0; i < N - 1; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = b[i + 1][j];
      for (int k = 0; k < N; k++)
        b[i][j] += a[i][j] * 0.5; /* HOT */
    }
  printf("checksum=%.17g\\n", b[3][4]);
  return 0;
}
"""
