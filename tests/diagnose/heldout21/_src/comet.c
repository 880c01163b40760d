/* Comet orbit propagation: 4000 comets, each advanced one day with an adaptive number of substeps
 * that grows near perihelion. The catalogue is sorted by perihelion distance, so the comets needing
 * many substeps are all at the start; the loop is split with schedule(static). Each thread prints the
 * comets it took, the substeps it did, its busy time and its wait at the loop's end. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8000;
    double *x = malloc(n * sizeof *x), *v = malloc(n * sizeof *v), *q = malloc(n * sizeof *q);
    for (int i = 0; i < n; i++) { q[i] = 0.05 + 4.0 * i / n; x[i] = q[i]; v[i] = sqrt(2.0 / q[i]); }
    int nt = omp_get_max_threads();
    long sub[64] = {0}; int cnt[64] = {0}; double busy[64] = {0}, wait[64] = {0};
    double t0 = omp_get_wtime();
#pragma omp parallel
    {
        int t = omp_get_thread_num();
        double b0 = omp_get_wtime();
#pragma omp for schedule(static) nowait
        for (int i = 0; i < n; i++) {
            int ns = (int)(1000.0 / (q[i] * q[i])) + 1000; /* substeps: grow as 1/q^2 */
            if (ns > 200000) ns = 200000;
            double h = 1.0 / ns, xi = x[i], vi = v[i];
            for (int s = 0; s < ns; s++) { double a = -1.0 / (xi * xi + 0.01); vi += h * a; xi += h * vi; if (xi < 0.01) xi = 0.01; }
            x[i] = xi; v[i] = vi; sub[t] += ns; cnt[t]++;
        }
        double b1 = omp_get_wtime();
#pragma omp barrier
        busy[t] = b1 - b0; wait[t] = omp_get_wtime() - b1;
    }
    double t1 = omp_get_wtime(), chk = 0;
    for (int i = 0; i < n; i++) chk += x[i];
    printf("threads %d comets %d seconds %.3f check %.3f\n", nt, n, t1 - t0, chk);
    printf("thread  comets   substeps     busy_s   wait_s\n");
    for (int t = 0; t < nt; t++) printf("%6d %7d %10ld %10.3f %8.3f\n", t, cnt[t], sub[t], busy[t], wait[t]);
    return 0;
}
