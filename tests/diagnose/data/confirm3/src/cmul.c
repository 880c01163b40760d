/* A complex multiply-accumulate over two arrays, compiled without -ffast-math (or
   -fcx-limited-range): C99 Annex G makes gcc guard every product with a NaN check and call
   libgcc's __muldc3 when it fires, which keeps the loop scalar. */
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) double complex cmacc(const double complex *a,
                                                const double complex *b, long n) {
    double complex s = 0.0;
    for (long i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 4096;
    int reps = argc > 2 ? atoi(argv[2]) : 40000;
    double complex *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    for (long i = 0; i < n; i++) {
        a[i] = (double)(i % 7) + 0.5 * I;
        b[i] = 1.0 - (double)(i % 5) * 0.25 * I;
    }
    double complex t = 0.0;
    for (int r = 0; r < reps; r++) {
        a[r % n] += 1e-12;  /* the inputs change: each call is computed */
        t += cmacc(a, b, n) * 1e-9;
    }
    printf("n=%ld reps=%d re=%.6f im=%.6f\n", n, reps, creal(t), cimag(t));
    free(a);
    free(b);
    return 0;
}
