#include <stdio.h>
#include <stdlib.h>
#include "gram.h"

int main(void)
{
    int n = NROWS, m = NCOLS;
    double alpha, beta;
    double *A = malloc(sizeof(double) * (size_t)n * m);
    double *C = malloc(sizeof(double) * (size_t)n * n);
    if (!A || !C) { fprintf(stderr, "gramfit: out of memory\n"); return 1; }
    init_array(n, m, &alpha, &beta, C, A);
    kernel_syrk(n, m, alpha, beta, C, A);
    double tr = 0.0, low = 0.0, wsum = 0.0;
    for (int i = 0; i < n; i++) {
        tr += C[(long)i * n + i];
        for (int j = 0; j <= i; j++) {
            low += C[(long)i * n + j];
            wsum += C[(long)i * n + j] * (double)((i + 3 * j) % 7 + 1);
        }
    }
    printf("gram %d x %d from %d columns\n", n, n, m);
    printf("trace     %.12e\n", tr);
    printf("lower sum %.12e\n", low);
    printf("weighted  %.12e\n", wsum);
    printf("corners   %.10e %.10e %.10e\n", C[0], C[(long)(n - 1) * n], C[(long)n * n - 1]);
    free(A); free(C);
    return 0;
}
