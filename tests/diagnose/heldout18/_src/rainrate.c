/* Radar rain-rate retrieval (Z-R relation per gate, in cache, compute-bound), OpenMP over gates.
   The run configuration file (rain.cfg, "threads N") is read at start and its value is passed to
   omp_set_num_threads; the team size actually used is printed at the end.
   usage: rainrate GATES SCANS [CFG] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv)
{
    int ng = argc > 1 ? atoi(argv[1]) : 20000, scans = argc > 2 ? atoi(argv[2]) : 300, cfg_threads = 0, team = 0;
    FILE *f = fopen(argc > 3 ? argv[3] : "rain.cfg", "r");
    if (f) { if (fscanf(f, "threads %d", &cfg_threads) != 1) cfg_threads = 0; fclose(f); }
    if (cfg_threads > 0) omp_set_num_threads(cfg_threads);
    double *dbz = malloc(ng * sizeof *dbz), *rr = malloc(ng * sizeof *rr), tot = 0;
    for (int g = 0; g < ng; g++) dbz[g] = 10.0 + 40.0 * (g % 113) / 113.0;
    double t0 = omp_get_wtime();
    for (int s = 0; s < scans; s++) {
#pragma omp parallel
        {
#pragma omp single
            team = omp_get_num_threads();
#pragma omp for schedule(static) reduction(+ : tot)
            for (int g = 0; g < ng; g++) {
                double z = pow(10.0, 0.1 * (dbz[g] + 0.01 * s)); /* reflectivity factor */
                rr[g] = pow(z / 200.0, 0.625);                   /* Marshall-Palmer */
                tot += rr[g];
            }
        }
    }
    printf("rainrate: gates=%d scans=%d seconds=%.4f team=%d mean_rr=%.4f\n", ng, scans, omp_get_wtime() - t0, team, tot / ((double)ng * scans));
    return 0;
}
