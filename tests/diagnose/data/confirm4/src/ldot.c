/* a dot product in 80-bit long double: x87 code, no vector form */
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) long double ldot(const long double *x, const long double *y, long n) {
    long double s = 0;
    for (long i = 0; i < n; i++) s += x[i] * y[i];
    return s;
}
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    int reps = argc > 2 ? atoi(argv[2]) : 200;
    long double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    for (long i = 0; i < n; i++) { x[i] = 1.0L / (i + 1); y[i] = i % 7; }
    long double s = 0;
    for (int r = 0; r < reps; r++) s += ldot(x + (r & 1), y, n - 1);  /* arguments vary: the call is not hoisted */
    printf("sum=%.10Lg\n", s);
    return 0;
}
