/* Equal integer work per OpenMP thread (hashing a counter); each thread reports its time. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 400000000;
  double t0 = omp_get_wtime();
  unsigned long tot = 0;
#pragma omp parallel reduction(+ : tot)
  {
    double ts = omp_get_wtime();
    unsigned long h = 88172645463325252ul + omp_get_thread_num();
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) { h ^= h << 13; h ^= h >> 7; h ^= h << 17; }
    tot += h & 1;
#pragma omp critical
    printf("thread %d of %d: %.3f s\n", omp_get_thread_num(), omp_get_num_threads(), omp_get_wtime() - ts);
  }
  printf("threads: %d\nwall: %.3f s\nparity: %lu\n", omp_get_max_threads(), omp_get_wtime() - t0, tot);
  return 0;
}
