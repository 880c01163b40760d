/* Cell update on a mesh whose first quarter is refined (8 sub-steps per cell there, 1 elsewhere). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 400000;
    int steps = argc > 2 ? atoi(argv[2]) : 10;
    double *q = malloc(n * sizeof *q);
    long subs[64] = {0};
    double tt[64] = {0};
    for (int i = 0; i < n; i++) q[i] = 1.0 + (i % 13) * 0.01;
#pragma omp parallel
    {
        int id = omp_get_thread_num();
        long mine = 0;
        double t0 = tcpu();
        for (int s = 0; s < steps; s++) {
#pragma omp for schedule(static)
            for (int i = 0; i < n; i++) {
                int nsub = i < n / 4 ? 8 : 1;
                double x = q[i];
                for (int k = 0; k < nsub; k++) x = x + 0.01 * sin(x) * cos(0.5 * x);
                q[i] = x;
                mine += nsub;
            }
        }
        tt[id] = tcpu() - t0;
        subs[id] = mine;
    }
    int nt = omp_get_max_threads();
    for (int t = 0; t < nt; t++) printf("thread %d: substeps=%ld cpu=%.3f s\n", t, subs[t], tt[t]);
    printf("refine n=%d steps=%d threads=%d q0=%.6f\n", n, steps, nt, q[0]);
    return 0;
}
