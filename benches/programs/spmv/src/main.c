#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "csr.h"

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "input.txt";
    FILE *f = fopen(path, "r");
    int n, band, iters;
    if (!f || fscanf(f, "n %d band %d iters %d", &n, &band, &iters) != 3) {
        fprintf(stderr, "cannot read %s\n", path);
        return 2;
    }
    fclose(f);
    csr a = banded(n, band);
    double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) x[i] = 1.0;
    clock_t c0 = clock();
    for (int it = 0; it < iters; it++) {
        spmv(&a, x, y);
        double norm = 0;
        for (int i = 0; i < n; i++) norm += y[i] * y[i];
        for (int i = 0; i < n; i++) x[i] = y[i] / (norm > 0 ? norm : 1);
    }
    double ms = 1000.0 * (clock() - c0) / CLOCKS_PER_SEC;
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i];
    printf("spmv n=%d nnz=%d iters=%d\n", n, a.nnz, iters);
    printf("solve time [ms] = %.2f\n", ms);
    printf("sum(x) = %.12e\n", s);
    return 0;
}
