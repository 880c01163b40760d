/* a row-major matrix summed column by column: a stride of one row per access */
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) double colsum(const double *a, long n) {
    double s = 0;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) s += a[i * n + j];
    return s;
}
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 2048;
    int reps = argc > 2 ? atoi(argv[2]) : 4;
    double *a = malloc(n * n * sizeof *a);
    for (long i = 0; i < n * n; i++) a[i] = i % 11;
    double s = 0;
    for (int r = 0; r < reps; r++) s += colsum(a, n);
    printf("s=%.6g\n", s);
    return 0;
}
