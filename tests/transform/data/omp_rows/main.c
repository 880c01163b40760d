#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#include "sweep.h"

int main(int argc, char **argv)
{
    int n = N, m = N, steps = argc > 1 ? atoi(argv[1]) : 50;
    double *a = calloc((size_t)n * m, sizeof *a), *b = calloc((size_t)n * m, sizeof *b);
    for (int j = 0; j < m; j++) a[j] = b[j] = 1.0;          /* hot top edge */
    double t0 = omp_get_wtime(), change = 0.0;
    for (int s = 0; s < steps; s++) {
        change = smooth(a, b, n, m);
        double *t = a; a = b; b = t;
    }
    red_black(a, n, m);
    heat(a, b, n, m, 5);
    double sum = 0.0;
    for (long k = 0; k < (long)n * m; k++) sum += a[k] * (double)(k % 7 + 1);
    printf("relax %dx%d steps %d: change %.8e sum %.10e\n", n, m, steps, change, sum);
    fprintf(stderr, "time %.3f s\n", omp_get_wtime() - t0);
    return 0;
}
