/* an OpenMP relaxation that prints the threads it asked for (omp_get_max_threads) and its
   time; the team it gets is what the runtime allows */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 2000000;
    int iters = argc > 2 ? atoi(argv[2]) : 200;
    double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
    for (int i = 0; i < n; i++) u[i] = v[i] = (i % 13) * 0.1;
    double t0 = omp_get_wtime();
    for (int it = 0; it < iters; it++) {
#pragma omp parallel for schedule(static)
        for (int i = 1; i < n - 1; i++)
            v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
        double *t = u; u = v; v = t;
    }
    printf("capteam: n=%d iters=%d threads=%d time %.3f s centre %.6f\n", n, iters,
           omp_get_max_threads(), omp_get_wtime() - t0, u[n / 2]);
    free(u); free(v);
    return 0;
}
