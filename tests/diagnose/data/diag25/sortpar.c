/* A serial qsort between two parallel loops: the sort caps the speedup. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 3000000;
    double *v = malloc(sizeof(double) * n), s = 0, t0 = omp_get_wtime();
#pragma omp parallel for
    for (int i = 0; i < n; i++) v[i] = sin(i * 0.7) * 1e3;
    qsort(v, n, sizeof(double), cmp);
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++) s += sqrt(fabs(v[i]));
    printf("threads=%d n=%d wall_s=%.3f sum=%.4e\n", omp_get_max_threads(), n,
           omp_get_wtime() - t0, s);
    return 0;
}
