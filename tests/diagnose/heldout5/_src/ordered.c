/* Per-cell equation-of-state update in an OpenMP loop; results appended to a table in order. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 4000000;
    double *p = malloc(n * sizeof *p), tab = 0;
    double t0 = omp_get_wtime();
#pragma omp parallel for ordered schedule(static, 1) reduction(+:tab)
    for (long i = 0; i < n; i++) {
#pragma omp ordered
        {
            double rho = 1.0 + 1e-7 * i, e = 2.5 + 1e-8 * i;
            p[i] = 0.4 * rho * e * exp(-1e-3 * rho) + sqrt(rho * e);
            tab += p[i];
        }
    }
    double wall = omp_get_wtime() - t0;
    printf("threads=%d cells=%ld wall=%.3f s table=%.6e\n", omp_get_max_threads(), n, wall, tab);
    return 0;
}
