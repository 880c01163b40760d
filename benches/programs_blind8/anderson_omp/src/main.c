/* anderson: localisation length of the one-dimensional Anderson model against energy, for
 * a few disorder strengths, by the recursive Green's function along long chains; compared
 * with the weak-disorder (Thouless) formula 1/xi = W^2 / (96 t^2 (1 - (E/2t)^2)).
 *
 *   ./anderson [sites=200000] [energies=41] [realisations=4] [seed=2718]
 *
 * Prints a table per disorder strength and the wall and cpu time of the sweep. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "chain.h"

int main(int argc, char **argv)
{
    const long n = argc > 1 ? atol(argv[1]) : 200000;
    const int ne = argc > 2 ? atoi(argv[2]) : 41;
    const int nr = argc > 3 ? atoi(argv[3]) : 4;
    const uint64_t seed = argc > 4 ? (uint64_t)atoll(argv[4]) : 2718u;
    const double t = 1.0, eta = 1.0e-9;
    const double ws[3] = {0.5, 1.0, 2.0};
    const int nw = 3;

    double *lyap = calloc((size_t)nw * ne, sizeof(double));
    double *ldos = calloc((size_t)nw * ne, sizeof(double));
    ChainResult *res = malloc((size_t)nw * nr * ne * sizeof(ChainResult));
    if (!lyap || !ldos || !res) {
        fprintf(stderr, "anderson: out of memory\n");
        return 1;
    }
    printf("anderson: %ld sites, %d energies in [-2.4, 2.4], %d realisations, %d threads\n", n,
           ne, nr, omp_get_max_threads());

    const double w0 = omp_get_wtime();
    const clock_t c0 = clock();
#pragma omp parallel
    {
        double *eps = malloc((size_t)n * sizeof(double));
#pragma omp for schedule(static) collapse(2)
        for (int iw = 0; iw < nw; ++iw)
            for (int r = 0; r < nr; ++r) {
                chain_disorder(eps, n, ws[iw], seed, (uint64_t)r);
                for (int ie = 0; ie < ne; ++ie) {
                    const double e = -2.4 + 4.8 * ie / (ne - 1);
                    res[((size_t)iw * nr + r) * ne + ie] = chain_green(eps, n, t, e, eta);
                }
            }
        free(eps);
    }
    const double wall = omp_get_wtime() - w0;
    const double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    /* averages over the realisations, in a fixed order (same result on any thread count) */
    for (int iw = 0; iw < nw; ++iw)
        for (int r = 0; r < nr; ++r)
            for (int ie = 0; ie < ne; ++ie) {
                const ChainResult cr = res[((size_t)iw * nr + r) * ne + ie];
                lyap[iw * ne + ie] += cr.lyapunov / nr;
                ldos[iw * ne + ie] += cr.ldos / nr;
            }

    for (int iw = 0; iw < nw; ++iw) {
        printf("W = %.2f\n", ws[iw]);
        printf("      E      1/xi       xi   Thouless 1/xi     LDOS(end)\n");
        for (int ie = 0; ie < ne; ie += 2) {
            const double e = -2.4 + 4.8 * ie / (ne - 1);
            const double x = e / (2.0 * t);
            const double th = fabs(x) < 1.0 ? ws[iw] * ws[iw] / (96.0 * t * t * (1.0 - x * x))
                                            : NAN;
            const double ly = lyap[iw * ne + ie];
            printf("%7.3f %9.5f %8.1f %12.5f %13.5f\n", e, ly, 1.0 / ly, th,
                   ldos[iw * ne + ie]);
        }
    }
    printf("sweep: %.3f s wall, %.3f s cpu (%.2f ns per site update)\n", wall, cpu,
           cpu * 1e9 / ((double)n * ne * nr * nw));
    free(lyap);
    free(ldos);
    free(res);
    return 0;
}
