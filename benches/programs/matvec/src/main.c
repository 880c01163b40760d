#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include "matvec.h"

static double wtime(void) {
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 3000;
    int reps = argc > 2 ? atoi(argv[2]) : 10;
    double *a = malloc(sizeof(double) * n * (long)n), *x = malloc(sizeof(double) * n);
    double *y = malloc(sizeof(double) * n), *z = malloc(sizeof(double) * n);
    for (long k = 0; k < (long)n * n; k++) a[k] = 1.0 / (1 + k % 13);
    for (int i = 0; i < n; i++) x[i] = 1.0 + i % 5;
    double t = wtime();
    for (int r = 0; r < reps; r++) {
        matvec(n, a, x, y);
        matvec_t(n, a, y, z);
        x[r % n] += 1e-3;
    }
    t = wtime() - t;
    double s = 0;
    for (int i = 0; i < n; i++) s += z[i];
    printf("# matvec pair, n = %d, %d repetitions\n", n, reps);
    printf("%-12s %12.6f\n", "seconds", t);
    printf("%-12s %12.6f\n", "GFLOP/s", 4.0 * n * (double)n * reps / t / 1e9);
    printf("%-12s %.12e\n", "result", s);
    return 0;
}
