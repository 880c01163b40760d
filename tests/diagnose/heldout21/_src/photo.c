/* Photolysis rates for a grid of atmospheric columns: each column integrates the actinic flux over
 * 160 wavelength bins and 60 levels (work in registers, no large arrays); columns are split evenly
 * over the OpenMP threads with schedule(static). Prints threads, columns, seconds and, per thread,
 * the CPU it last ran on. */
#define _GNU_SOURCE
#include <math.h>
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int ncol = argc > 1 ? atoi(argv[1]) : 6000;
    double total = 0;
    double t0 = omp_get_wtime();
    int nt = 1;
    int cpu[64];
#pragma omp parallel reduction(+ : total)
    {
#pragma omp single
        nt = omp_get_num_threads();
#pragma omp for schedule(static)
        for (int c = 0; c < ncol; c++) {
            double sza = 0.2 + 1.2 * c / ncol, col = 0;
            for (int w = 0; w < 160; w++) {
                double sigma = 1e-19 * (1.0 + 0.01 * w), tau = 0;
                for (int l = 0; l < 60; l++) {
                    tau += sigma * 1e18 * (1.0 + 0.02 * l) / cos(sza);
                    col += exp(-tau) * sigma;
                }
            }
            total += col;
        }
        cpu[omp_get_thread_num()] = sched_getcpu();
    }
    double t1 = omp_get_wtime();
    printf("threads %d columns %d seconds %.3f rate_sum %.6e\n", nt, ncol, t1 - t0, total);
    for (int t = 0; t < nt; t++) printf("thread %d cpu %d\n", t, cpu[t]);
    return 0;
}
