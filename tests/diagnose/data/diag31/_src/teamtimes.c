/* An OpenMP static loop whose second half of items needs 15x the sub-steps of the first: each
 * thread times its own share of the loop and prints it. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000;
  double sum = 0;
#pragma omp parallel reduction(+ : sum)
  {
    long work = 0;
    double t0 = omp_get_wtime();
#pragma omp for schedule(static) nowait
    for (long i = 0; i < n; i++) {
      int sub = i < n / 2 ? 20 : 300;
      double y = (double)i / n;
      for (int k = 0; k < sub; k++) y = y - 0.01 * sin(y);
      sum += y;
      work += sub;
    }
    double el = omp_get_wtime() - t0;
#pragma omp critical
    printf("%6d %8ld %10ld %8.3f\n", omp_get_thread_num(), n / omp_get_num_threads(), work, el);
  }
  printf("sum %.6e\n", sum);
  return 0;
}
