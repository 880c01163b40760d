/* Many short OpenMP parallel loops (a barrier each) over a small field: time steps of a 1-D
 * smoother. Prints wall and CPU time. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double pcpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 20000;
  const int n = 20000;
  static double a[20000], b[20000];
  for (int i = 0; i < n; i++) a[i] = (i % 17) * 0.1;
  double w0 = omp_get_wtime(), c0 = pcpu();
  for (int s = 0; s < steps; s++) {
#pragma omp parallel for schedule(static)
    for (int i = 1; i < n - 1; i++) b[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1];
#pragma omp parallel for schedule(static)
    for (int i = 1; i < n - 1; i++) a[i] = b[i];
  }
  double w = omp_get_wtime() - w0, c = pcpu() - c0;
  printf("job %s threads=%d steps=%d wall_s=%.3f cpu_s=%.3f check=%.6f\n", argc > 2 ? argv[2] : "-",
         omp_get_max_threads(), steps, w, c, a[n / 2]);
  return 0;
}
