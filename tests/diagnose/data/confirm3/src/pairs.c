/* Counts the pairs of points closer than a cutoff by comparing every point of one set with
   every point of another: n x m distance checks. Called as ./pairs N N the work grows as N^2.
   Prints the sizes and its own CPU time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 2000, m = argc > 2 ? atol(argv[2]) : n;
    double *x = malloc(n * sizeof *x), *y = malloc(m * sizeof *y);
    for (long i = 0; i < n; i++) x[i] = (double)((i * 7919) % 10007) / 10007.0;
    for (long j = 0; j < m; j++) y[j] = (double)((j * 104729) % 10009) / 10009.0;
    clock_t c0 = clock();
    long close = 0;
    for (long i = 0; i < n; i++)
        for (long j = 0; j < m; j++) {
            double d = x[i] - y[j];
            close += d * d < 1e-6;
        }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("n=%ld m=%ld close=%ld cpu=%.4f s\n", n, m, close, cpu);
    free(x);
    free(y);
    return 0;
}
