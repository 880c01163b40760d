/* triangular work under schedule(static): thread 0 gets the short rows, the last thread the
   long ones; the others wait at the loop's implicit barrier */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 6000;
    double *out = malloc(n * sizeof *out), t0 = omp_get_wtime();
#pragma omp parallel
    {
        double tb = omp_get_wtime();
#pragma omp for schedule(static) nowait
        for (int i = 0; i < n; ++i) {
            double s = 0;
            for (int j = 0; j <= i; ++j) s += sqrt((double)j + i) * 1e-3;
            out[i] = s;
        }
        double busy = omp_get_wtime() - tb;
#pragma omp barrier
#pragma omp critical
        printf("thread %d busy=%.3f s\n", omp_get_thread_num(), busy);
    }
    printf("elapsed=%.3f s out=%.6e\n", omp_get_wtime() - t0, out[n - 1]);
    free(out); return 0;
}
