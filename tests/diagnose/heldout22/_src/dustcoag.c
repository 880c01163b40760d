/* Dust-grain coagulation kernel evaluation (C, OpenMP).
 * For each pair of size bins the collision kernel (Brownian plus differential settling) is iterated
 * in registers, once per time step (a worksharing loop, so a barrier, per step); the bins are split
 * evenly among threads (every row costs the same). Prints the threads, seconds and the CPU each thread
 * ran on at the end (sched_getcpu). usage: dustcoag [bins] [iterations] [steps] */
#define _GNU_SOURCE
#include <math.h>
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int nb = argc > 1 ? atoi(argv[1]) : 600, it = argc > 2 ? atoi(argv[2]) : 24, nsteps = argc > 3 ? atoi(argv[3]) : 40;
    double total = 0.0;
    int cpu[64];
    double t0 = omp_get_wtime();
#pragma omp parallel reduction(+ : total)
    for (int st = 0; st < nsteps; st++) {
#pragma omp for schedule(static)
        for (int i = 0; i < nb; i++) {
            double ri = 1e-7 * (1.0 + i);
            for (int j = 0; j < nb; j++) {
                double rj = 1e-7 * (1.0 + j), k = 0.0, v = ri + rj;
                for (int s = 0; s < it; s++) {
                    k = k * 0.999 + v * (ri * rj) / (ri + rj + 1e-9 * (s + st));
                    v = v * 1.0000001;
                }
                total += k;
            }
        }
        cpu[omp_get_thread_num()] = sched_getcpu();
    }
    double t = omp_get_wtime() - t0;
    int nt = omp_get_max_threads();
    printf("dustcoag bins=%d iterations=%d steps=%d threads=%d seconds=%.3f kernel=%.6e\n", nb, it, nsteps, nt, t, total);
    for (int i = 0; i < nt && i < 64; i++) printf("  thread %d ran on cpu %d\n", i, cpu[i]);
    return 0;
}
