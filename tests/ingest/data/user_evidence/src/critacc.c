/* Every element's contribution is added inside an OpenMP critical section. */
#include <omp.h>
#include <stdio.h>

int main(void) {
    const long n = 4000000;
    double sum = 0.0, t0 = omp_get_wtime();
#pragma omp parallel for
    for (long i = 0; i < n; i++) {
        double v = 1.0 / (double)(i + 1);
#pragma omp critical
        sum += v;
    }
    printf("threads=%d n=%ld sum=%.6f time=%.3f s\n", omp_get_max_threads(), n, sum,
           omp_get_wtime() - t0);
    return 0;
}
