/* lockq: OpenMP Monte Carlo neutron tallies; every scored track takes one omp lock to add to the shared tally. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#define NBIN 200
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000;
  double tally[NBIN] = {0};
  omp_lock_t lk; omp_init_lock(&lk);
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    unsigned s = 1234u + 977u * omp_get_thread_num();
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) {
      s = s * 1103515245u + 12345u;
      double e = (s >> 8) / 16777216.0;
      double w = e * e * 0.5 + 0.1;
      omp_set_lock(&lk);
      tally[(int)(e * NBIN)] += w;
      omp_unset_lock(&lk);
    }
  }
  double t = omp_get_wtime() - t0;
  printf("threads=%d tracks=%ld seconds=%.4f ns_per_track=%.2f tally0=%.3f\n", omp_get_max_threads(), n, t, 1e9 * t / n, tally[0]);
  omp_destroy_lock(&lk);
  return 0;
}
