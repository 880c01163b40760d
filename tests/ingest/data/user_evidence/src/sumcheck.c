/* Sums a generated array: prints its size, a unit-less checksum total, a unit-less count of
 * work items and the elapsed time in seconds (the unit is printed only for the time). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 4000000;
    double *x = malloc((size_t)n * sizeof *x);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < n; i++) x[i] = (double)(i % 1000) * 0.5 + 1.0;
    double total = 0.0;
    long work = 0;
    for (long i = 0; i < n; i++) { total += x[i] * 2.0; work += x[i] > 100.0; }
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("points=%ld total=%f work=%ld time=%.3f s\n", n, total, work,
           (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
    free(x);
    return 0;
}
