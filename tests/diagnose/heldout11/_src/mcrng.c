/* Monte-Carlo estimate: samples drawn first (serial, erand48 on one stream), then scored in parallel. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_s(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 8000000;
    double *xs = malloc(n * sizeof *xs), *ys = malloc(n * sizeof *ys);
    unsigned short st[3] = {1, 2, 3};
    double c0 = cpu_s(), w0 = omp_get_wtime();
    for (long i = 0; i < n; i++) {
        double r = 0;
        for (int k = 0; k < 4; k++) r += erand48(st);
        xs[i] = r * 0.25;
        ys[i] = erand48(st);
    }
    double w1 = omp_get_wtime();
    long hits = 0;
#pragma omp parallel for reduction(+ : hits)
    for (long i = 0; i < n; i++) hits += xs[i] * xs[i] + ys[i] * ys[i] < 1.0;
    double w2 = omp_get_wtime();
    printf("threads=%d samples=%ld draw_wall=%.3f s score_wall=%.3f s total_cpu=%.3f s estimate=%.5f\n",
           omp_get_max_threads(), n, w1 - w0, w2 - w1, cpu_s() - c0, 4.0 * hits / n);
    return 0;
}
