/* A 2-thread OpenMP relaxation run from a job script that also sets OMP_DYNAMIC=true.
 * Prints the team size of each parallel region and the per-thread CPU time. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000L;
  int steps = argc > 2 ? atoi(argv[2]) : 40;
  double *u = malloc(sizeof(double) * n), *v = malloc(sizeof(double) * n);
  for (long i = 0; i < n; i++) u[i] = (double)(i % 100);
  double busy[64] = {0};
  int team_min = 1 << 30, team_max = 0;
  double la[3] = {0};
  for (int s = 0; s < steps; s++) {
#pragma omp parallel
    {
      double t0 = tcpu();
      int nt = omp_get_num_threads();
#pragma omp single
      { if (nt < team_min) team_min = nt; if (nt > team_max) team_max = nt; }
#pragma omp for schedule(static)
      for (long i = 1; i < n - 1; i++) {
        double x = 0.25 * (u[i - 1] + 2.0 * u[i] + u[i + 1]);
        for (int k = 0; k < 8; k++) x = x * 0.999 + 1e-3 * (k + 1);
        v[i] = x;
      }
      busy[omp_get_thread_num()] += tcpu() - t0;
    }
    double *t = u; u = v; v = t;
  }
  getloadavg(la, 3);
  printf("requested_threads=%d team_size_min=%d team_size_max=%d dynamic=%d loadavg_1min=%.2f\n",
         omp_get_max_threads(), team_min, team_max, omp_get_dynamic(), la[0]);
  for (int t = 0; t < 4; t++) printf("thread %d busy_cpu=%.3f s\n", t, busy[t]);
  printf("check=%.6f\n", u[n / 3]);
  return 0;
}
