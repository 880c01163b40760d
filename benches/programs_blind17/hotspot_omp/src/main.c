#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#include "hotspot.h"

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s <rows> <cols> <iterations>\n", argv[0]);
        return 1;
    }
    int rows = atoi(argv[1]), cols = atoi(argv[2]), iters = atoi(argv[3]);
    size_t n = (size_t)rows * cols;
    double *temp = malloc(n * sizeof *temp), *power = malloc(n * sizeof *power);
    double *result = malloc(n * sizeof *result);
    make_power(power, rows, cols);
    make_temp(temp, rows, cols);
    double t0 = omp_get_wtime();
    compute_tran_temp(result, iters, temp, power, rows, cols);
    double t1 = omp_get_wtime();
    double sum = 0.0, mx = result[0], mn = result[0];
    for (size_t i = 0; i < n; i++) {
        sum += result[i];
        if (result[i] > mx) mx = result[i];
        if (result[i] < mn) mn = result[i];
    }
    printf("hotspot %d x %d, %d steps, %d threads\n", rows, cols, iters, omp_get_max_threads());
    printf("mean temperature %.10f K\n", sum / n);
    printf("hottest %.10f K coolest %.10f K\n", mx, mn);
    printf("probe %.10f %.10f %.10f\n", result[n / 5], result[n / 2 + cols / 3], result[n - 7]);
    printf("Total time: %.4f seconds\n", t1 - t0);
    free(temp); free(power); free(result);
    return 0;
}
