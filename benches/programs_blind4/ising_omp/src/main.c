/* ising: magnetisation and energy of the 2-D Ising model at one temperature
   usage: ./ising [L=512] [sweeps=300] [T=2.4] */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#include "lattice.h"
#include "measure.h"

int main(int argc, char **argv)
{
    int L = argc > 1 ? atoi(argv[1]) : 512;
    long sweeps = argc > 2 ? atol(argv[2]) : 300;
    double T = argc > 3 ? atof(argv[3]) : 2.4;
    long therm = sweeps / 5, every = 10;

    Lattice lat;
    lattice_init(&lat, L, T, 0x15186ULL);
    Averages acc = {0};

    double t0 = omp_get_wtime();
    for (long sw = 1; sw <= sweeps; sw++) {
        lattice_sweep(&lat, sw);
        if (sw > therm && sw % every == 0)
            measure(&lat, &acc);
    }
    double t1 = omp_get_wtime();

    double n = (double)L * L, k = (double)acc.n;
    double m = acc.m / k, e = acc.e / k;
    printf("L=%d T=%.4f sweeps=%ld (thermalisation %ld, %ld measurements), %d threads\n", L, T,
           sweeps, therm, acc.n, omp_get_max_threads());
    printf("  <|m|>   = %.8f\n", m);
    printf("  <e>     = %.8f\n", e);
    printf("  chi     = %.6f\n", n * (acc.m2 / k - m * m) / T);
    printf("  C       = %.6f\n", n * (acc.e2 / k - e * e) / (T * T));
    printf("wall %.3f s  (%.2f ns per spin update)\n", t1 - t0, 1e9 * (t1 - t0) / (n * sweeps));
    lattice_free(&lat);
    return 0;
}
