/* Partition function of a level ladder, accumulated with long double exponentials and logarithms. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef DOUBLE
typedef double real;
#define EXP exp
#define LOG log
#else
typedef long double real;
#define EXP expl
#define LOG logl
#endif

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    int temps = argc > 2 ? atoi(argv[2]) : 10;
    real *e = malloc(n * sizeof *e);
    for (long i = 0; i < n; i++) e[i] = (real)i * 1e-4;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    real f = 0;
    for (int k = 1; k <= temps; k++) {
        real beta = 1.0 / (0.5 * k), z = 0;
        for (long i = 0; i < n; i++) z += EXP(-beta * e[i]) * LOG(2 + e[i]);
        f += -LOG(z) / beta;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double dt = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("levels: %ld\n", n);
    printf("time: %.3f s\n", dt);
    printf("free_energy: %.10Lf\n", (long double)f);
    return 0;
}
