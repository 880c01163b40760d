/* Compound growth in 80-bit long double: logl/expl per step on the x87 unit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 3000000;
    long double v = 1.0L, acc = 0.0L;
    for (long i = 1; i <= n; i++) {
        v = expl(logl(v + 1.0L / (long double)i) * 0.999L);
        acc += v / (long double)i;
    }
    printf("n=%ld acc=%.6Lf\n", n, acc);
    return 0;
}
