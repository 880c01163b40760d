/* lumin: OpenMP stellar luminosity integration; each star integrates its own profile in registers
   (no shared data); each thread reports where it ran. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sched.h>
#include <omp.h>
int main(int argc, char **argv) {
  int stars = argc > 1 ? atoi(argv[1]) : 8000;
  int steps = argc > 2 ? atoi(argv[2]) : 20000;
  double total = 0.0;
  double t0 = omp_get_wtime();
#pragma omp parallel reduction(+:total)
  {
#pragma omp for schedule(static)
    for (int s = 0; s < stars; s++) {
      double r = 0.01 + s * 1e-5, L = 0.0, T = 1.0;
      for (int k = 0; k < steps; k++) { T = T * 0.99995 + 1e-6 * r; L += T * T * T * T * r * 1e-6; r += 1e-7; }
      total += L;
    }
#pragma omp critical
    printf("thread %d of %d on cpu %d\n", omp_get_thread_num(), omp_get_num_threads(), sched_getcpu());
  }
  double t = omp_get_wtime() - t0;
  printf("threads=%d stars=%d steps=%d seconds=%.4f luminosity=%.6e\n", omp_get_max_threads(), stars, steps, t, total);
  return 0;
}
