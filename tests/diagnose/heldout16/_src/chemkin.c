/* OpenMP per-cell reaction kinetics (one-step Arrhenius, explicit sub-steps, equal work per cell)
   followed each step by a diagnostics pass over all cells (peak rate and its cell).
   ./chemkin CELLS STEPS [REPEATS [DIAG_ITERS]]   prints threads, a phase table and repeat lines */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static double kin_y[1 << 20], kin_t[1 << 20], rate[1 << 20];
static void kinetics(int n)
{
#pragma omp parallel for schedule(static)
    for (int c = 0; c < n; c++) {
        double y = kin_y[c], t = kin_t[c], r = 0;
        for (int s = 0; s < 40; s++) {
            r = 2.0e3 * exp(-8.0 / t) * y * (1.0 - y);
            y += 1e-4 * r; t += 5e-5 * r;
        }
        kin_y[c] = y; kin_t[c] = t; rate[c] = r;
    }
}
static double diagnostics(int n, int iters, int *where)
{
    double peak = -1; int w = 0;
    for (int c = 0; c < n; c++) {
        double q = rate[c] * log(1.0 + kin_t[c]) / sqrt(1.0 + kin_y[c] * kin_y[c]);
        for (int s = 0; s < iters; s++) q = 0.5 * (q + rate[c] / (1e-12 + q)) + 1e-3 * sin(q);
        if (q > peak) { peak = q; w = c; }
    }
    *where = w;
    return peak;
}
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20000, steps = argc > 2 ? atoi(argv[2]) : 20, reps = argc > 3 ? atoi(argv[3]) : 1,
        diag = argc > 4 ? atoi(argv[4]) : 48;
    if (n > (1 << 20)) n = 1 << 20;
    printf("chemkin: cells=%d steps=%d threads=%d\n", n, steps, omp_get_max_threads());
    for (int r = 0; r < reps; r++) {
        for (int c = 0; c < n; c++) { kin_y[c] = 0.01 + 0.5 * (c % 101) / 101.0; kin_t[c] = 1.0 + 0.2 * (c % 37) / 37.0; }
        double tk = 0, td = 0, peak = 0; int where = 0;
        for (int s = 0; s < steps; s++) {
            double t0 = omp_get_wtime(); kinetics(n);
            double t1 = omp_get_wtime(); peak = diagnostics(n, diag, &where);
            td += omp_get_wtime() - t1; tk += t1 - t0;
        }
        if (r == 0) {
            printf("%-12s %9s %12s\n", "phase", "seconds", "ns/cell-step");
            printf("%-12s %9.3f %12.1f\n", "kinetics", tk, 1e9 * tk / ((double)n * steps));
            printf("%-12s %9.3f %12.1f\n", "diagnostics", td, 1e9 * td / ((double)n * steps));
            printf("%-12s %9.3f\n", "total", tk + td);
            printf("peak rate %.6e at cell %d\n", peak, where);
        }
        if (reps > 1) printf("repeat %d: total %.3f s  %.2f Mcell-steps/s\n", r + 1, tk + td, (double)n * steps / (tk + td) / 1e6);
    }
    return 0;
}
