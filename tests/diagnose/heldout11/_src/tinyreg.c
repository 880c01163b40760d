/* 1-D explicit heat step on a short rod, many time steps; each step's update is an OpenMP loop. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_s(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1024;
    int steps = argc > 2 ? atoi(argv[2]) : 100000;
    double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
    for (int i = 0; i < n; i++) u[i] = (i == n / 2);
    double c0 = cpu_s(), w0 = omp_get_wtime();
    for (int s = 0; s < steps; s++) {
#pragma omp parallel for
        for (int i = 1; i < n - 1; i++) v[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
        double *t = u; u = v; v = t;
    }
    double c = cpu_s() - c0, w = omp_get_wtime() - w0;
    printf("heat1d n=%d steps=%d threads=%d cpu=%.3f s wall=%.3f s cpu_per_step=%.2f us mid=%.6e\n",
           n, steps, omp_get_max_threads(), c, w, c / steps * 1e6, u[n / 2]);
    return 0;
}
