/* Naive matrix product (i, j, k order: B walked down a column), n^3 multiply-adds; prints its
   CPU time and its rate of useful work. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 200;
    double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
    double *c = calloc((size_t)n * n, sizeof(double));
    for (int i = 0; i < n * n; i++) { a[i] = (i % 7) * 0.5; b[i] = (i % 5) * 0.25; }
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("product kind=ijk n=%d cpu_time= %.4f s GFLOP/s= %.3f chk= %.1f\n", n, t,
           2.0 * n * n * n / t * 1e-9, c[n * n - 1]);
    return 0;
}
