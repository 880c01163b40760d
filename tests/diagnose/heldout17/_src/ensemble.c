/* OpenMP ensemble forecast: each step integrates M members in parallel (equal work), then a serial
   analysis computes the ensemble mean and spread of every state variable one variable at a time
   (single thread). Prints a phase table per step block and totals.
   ./ensemble MEMBERS NVAR STEPS */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) static void integrate(int m, int nv, double *x)
{
#pragma omp parallel for schedule(static)
    for (int k = 0; k < m; k++)
        for (int i = 0; i < nv; i++) {
            double y = x[(size_t)k * nv + i];
            for (int s = 0; s < 8; s++) y = y + 0.01 * sin(y + 0.1 * s);
            x[(size_t)k * nv + i] = y;
        }
}
__attribute__((noinline)) static double analysis(int m, int nv, const double *x, double *mean, double *sd)
{
    double tot = 0;
    for (int i = 0; i < nv; i++) {
        double s = 0, q = 0;
        for (int k = 0; k < m; k++) { double v = x[(size_t)k * nv + i]; s += v; q += v * v; }
        mean[i] = s / m;
        sd[i] = sqrt(fabs(q / m - mean[i] * mean[i]));
        for (int k = 0; k < m; k++)
            for (int r = 0; r < 8; r++) tot += exp(-fabs(x[(size_t)k * nv + i] - mean[i]) - 0.01 * r);
    }
    return tot;
}
int main(int argc, char **argv)
{
    int m = argc > 1 ? atoi(argv[1]) : 40, nv = argc > 2 ? atoi(argv[2]) : 20000, steps = argc > 3 ? atoi(argv[3]) : 10;
    double *x = malloc((size_t)m * nv * sizeof *x), *mean = malloc(nv * sizeof *mean), *sd = malloc(nv * sizeof *sd);
    for (size_t q = 0; q < (size_t)m * nv; q++) x[q] = 0.001 * (q % 1000);
    double ti = 0, ta = 0, chk = 0;
    printf("ensemble: %d members x %d variables, %d steps, threads=%d\n", m, nv, steps, omp_get_max_threads());
    for (int s = 0; s < steps; s++) {
        double t0 = omp_get_wtime();
        integrate(m, nv, x);
        double t1 = omp_get_wtime();
        chk += analysis(m, nv, x, mean, sd);
        double t2 = omp_get_wtime();
        ti += t1 - t0; ta += t2 - t1;
    }
    printf("%-12s %10s %8s\n", "phase", "seconds", "share");
    printf("%-12s %10.3f %7.1f%%\n", "integrate", ti, 100 * ti / (ti + ta));
    printf("%-12s %10.3f %7.1f%%\n", "analysis", ta, 100 * ta / (ti + ta));
    printf("%-12s %10.3f\n", "total", ti + ta);
    printf("checksum %.6e\n", chk);
    return 0;
}
