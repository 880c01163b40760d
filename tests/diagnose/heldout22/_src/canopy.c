/* Radiative transfer through forest-canopy columns (C, OpenMP).
 * The domain runs from grassland (few leaf layers) to old forest (many layers): column c has
 * 4 + 400*c/ncol layers, and each layer is a short two-stream update. The columns are shared with
 * schedule(static), so the last thread gets the tall forest. Each thread prints its columns, layers,
 * busy time and wait at the join. usage: canopy [columns] [sweeps] */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int ncol = argc > 1 ? atoi(argv[1]) : 6000, sweeps = argc > 2 ? atoi(argv[2]) : 400;
    double *absorbed = calloc(ncol, sizeof *absorbed);
    int nt = omp_get_max_threads();
    double busy[64] = {0}, layers_done[64] = {0}, cols_done[64] = {0};
    double t0 = omp_get_wtime(), tend[64] = {0};
#pragma omp parallel
    {
        int id = omp_get_thread_num();
        double ts = omp_get_wtime(), my_layers = 0.0, my_cols = 0.0;
        for (int sw = 0; sw < sweeps; sw++) {
#pragma omp for schedule(static) nowait
            for (int c = 0; c < ncol; c++) {
                int nl = 4 + (int)(400.0 * c / ncol);
                double up = 0.0, down = 1.0 + 0.001 * sw, lai = 0.05 + 1e-5 * c;
                for (int l = 0; l < nl; l++) {
                    double tr = 1.0 - lai * (0.5 + 0.1 * (l & 3));
                    double refl = 0.12 * down;
                    down = down * tr;
                    up = up * tr + refl;
                }
                absorbed[c] += 1.0 - down - up;
                my_layers += nl;
                my_cols += 1;
            }
        }
        busy[id] = omp_get_wtime() - ts;
        layers_done[id] = my_layers;
        cols_done[id] = my_cols;
#pragma omp barrier
        tend[id] = omp_get_wtime();
    }
    double t = omp_get_wtime() - t0, sum = 0.0;
    for (int c = 0; c < ncol; c++) sum += absorbed[c];
    printf("canopy columns=%d sweeps=%d threads=%d schedule=static seconds=%.3f absorbed=%.4f\n", ncol, sweeps, nt, t, sum);
    printf("thread  columns     layers   busy_s   wait_s\n");
    for (int i = 0; i < nt; i++)
        printf("%6d %8.0f %10.0f %8.3f %8.3f\n", i, cols_done[i], layers_done[i], busy[i], (tend[i] - t0) - busy[i]);
    return 0;
}
