/* A loop whose body is wholly inside "omp ordered" with schedule(static,1): iterations run one
   at a time in order and the turn passes between threads at every iteration. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200000;
    double acc = 0.0;
    double t0 = omp_get_wtime();
#pragma omp parallel for ordered schedule(static, 1)
    for (long i = 0; i < n; i++) {
#pragma omp ordered
        acc += sqrt((double)i) * 1e-3;
    }
    printf("threads=%d n=%ld time=%.4f s acc=%.6e\n", omp_get_max_threads(), n,
           omp_get_wtime() - t0, acc);
    return 0;
}
