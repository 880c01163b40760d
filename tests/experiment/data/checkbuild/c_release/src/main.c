#include <stdio.h>
#include <stdlib.h>
#include "dot.h"
int main(void) {
    long n = 1000000;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    for (long i = 0; i < n; ++i) { a[i] = i % 13; b[i] = 1.0 / (1 + i % 7); }
    double s = 0.0;
#ifdef USE_FAST
    for (int r = 0; r < 20; ++r) s += dot(a, b, n);
#endif
    printf("checksum = %.10e\n", s);
    free(a); free(b);
    return 0;
}
