/* a long serial setup (one thread), then a short parallel loop, with two threads requested */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
static double setup(double *a, long n) {
    double s = 0;
    for (int r = 0; r < 40; r++) for (long i = 0; i < n; i++) { a[i] = sin(i * 1e-3 + r); s += a[i]; }
    return s;
}
static double work(const double *a, long n) {
    double s = 0;
#pragma omp parallel for reduction(+:s)
    for (long i = 0; i < n; i++) s += a[i] * a[i];
    return s;
}
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    double *a = malloc(n * sizeof *a);
    double t0 = omp_get_wtime();
    double s = setup(a, n);
    double t1 = omp_get_wtime();
    double w = work(a, n);
    double t2 = omp_get_wtime();
    printf("threads=%d serial_time=%.3f s parallel_time=%.3f s result=%.6g\n",
           omp_get_max_threads(), t1 - t0, t2 - t1, s + w);
    free(a);
    return 0;
}
