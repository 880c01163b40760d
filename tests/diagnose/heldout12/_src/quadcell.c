/* Cell-averaged source term: each cell's integral is computed by adaptive Simpson quadrature. The
   source oscillates faster toward the right end of the domain, so right-hand cells need many more
   evaluations. The cell loop is an OpenMP for with schedule(static). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double src(double x, double k) { return sin(k * x) * exp(-0.1 * x); }

static double simpson(double a, double b, double fa, double fm, double fb, double k, double whole, double eps,
                      long *nev, int depth) {
  double m = 0.5 * (a + b), lm = 0.5 * (a + m), rm = 0.5 * (m + b);
  double flm = src(lm, k), frm = src(rm, k);
  *nev += 2;
  double left = (b - a) / 12.0 * (fa + 4.0 * flm + fm);
  double right = (b - a) / 12.0 * (fm + 4.0 * frm + fb);
  if (depth > 40 || fabs(left + right - whole) <= 15.0 * eps)
    return left + right + (left + right - whole) / 15.0;
  return simpson(a, m, fa, flm, fm, k, left, 0.5 * eps, nev, depth + 1) +
         simpson(m, b, fm, frm, fb, k, right, 0.5 * eps, nev, depth + 1);
}

int main(int argc, char **argv) {
  int ncell = argc > 1 ? atoi(argv[1]) : 4000;
  double *avg = malloc(ncell * sizeof *avg);
  long nev_t[64] = {0}, cells_t[64] = {0};
  double cpu_t[64] = {0};
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    struct timespec c0, c1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
    long nev = 0, nc = 0;
#pragma omp for schedule(static)
    for (int i = 0; i < ncell; ++i) {
      double a = (double)i / ncell, b = (double)(i + 1) / ncell;
      double k = 50.0 + 8.0e6 * a * a;
      double fa = src(a, k), fb = src(b, k), fm = src(0.5 * (a + b), k);
      double whole = (b - a) / 6.0 * (fa + 4.0 * fm + fb);
      avg[i] = simpson(a, b, fa, fm, fb, k, whole, 1e-10, &nev, 0) * ncell;
      nev += 3;
      nc++;
    }
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
    if (t < 64) {
      nev_t[t] = nev;
      cells_t[t] = nc;
      cpu_t[t] = (c1.tv_sec - c0.tv_sec) + 1e-9 * (c1.tv_nsec - c0.tv_nsec);
    }
  }
  double wall = omp_get_wtime() - t0;
  int nt = omp_get_max_threads();
  double s = 0;
  for (int i = 0; i < ncell; ++i) s += avg[i];
  printf("cells=%d threads=%d wall_s=%.3f mean=%.6e\n", ncell, nt, wall, s / ncell);
  for (int t = 0; t < nt && t < 64; ++t)
    printf("thread %d: cells=%ld evaluations=%ld cpu_s=%.3f\n", t, cells_t[t], nev_t[t], cpu_t[t]);
  free(avg);
  return 0;
}
