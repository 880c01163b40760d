/* Iterates the logistic map for every element, split evenly over the OpenMP threads (pure compute). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4000;
    int iters = argc > 2 ? atoi(argv[2]) : 100000;
    double *x = malloc(n * sizeof *x);
    double t0 = omp_get_wtime();
    double busy[64] = {0};
#pragma omp parallel
    {
        double tb = omp_get_wtime();
#pragma omp for schedule(static) nowait
        for (int i = 0; i < n; i++) {
            double v = 0.1 + 0.8 * i / n, r = 3.7 + 0.2 * i / n;
            for (int k = 0; k < iters; k++) v = r * v * (1.0 - v);
            x[i] = v;
        }
        busy[omp_get_thread_num()] = omp_get_wtime() - tb;
    }
    double t = omp_get_wtime() - t0;
    for (int i = 0; i < omp_get_max_threads() && i < 64; i++) printf("thread=%d busy=%.3f s\n", i, busy[i]);
    printf("threads=%d time=%.3f s\n", omp_get_max_threads(), t);
    printf("x0=%f\n", x[0]);
    return 0;
}
