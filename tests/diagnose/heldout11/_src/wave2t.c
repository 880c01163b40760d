/* Two-thread OpenMP evaluation of a damped wave on independent points (balanced work). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 3000000;
    double sum = 0, w0 = omp_get_wtime();
#pragma omp parallel reduction(+ : sum)
    {
        double t0 = tcpu();
#pragma omp for schedule(static)
        for (long i = 0; i < n; i++) {
            double x = i * 1e-6;
            sum += exp(-0.1 * x) * sin(3.0 * x) * cos(0.7 * x);
        }
        double t = tcpu() - t0;
#pragma omp critical
        printf("thread %d of %d: cpu=%.3f s\n", omp_get_thread_num(), omp_get_num_threads(), t);
    }
    double w = omp_get_wtime() - w0;
    printf("wave n=%ld wall=%.3f s sum=%.6f\n", n, w, sum);
    return 0;
}
