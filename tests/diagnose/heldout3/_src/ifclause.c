/* A parallel loop guarded by an if() clause whose threshold is above every problem size used. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define PAR_THRESHOLD 100000000L  /* meant to skip threading for tiny inputs */

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 3000000;
    double *v = malloc(n * sizeof *v);
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static) if(n > PAR_THRESHOLD)
    for (long i = 0; i < n; i++) {
        double x = i * 1e-6, s = 0;
        for (int k = 1; k <= 40; k++) s += sin(k * x) / k;
        v[i] = s;
    }
    double t = omp_get_wtime() - t0;
    printf("max_threads=%d n=%ld time=%.3f s\n", omp_get_max_threads(), n, t);
    printf("v_mid=%.6f\n", v[n / 2]);
    return 0;
}
