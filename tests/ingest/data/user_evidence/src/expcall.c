/* Scales every element by exp(k) where k never changes inside the loop: the call is repeated
 * for each element (kept at -O2 by a volatile k). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 30000000;
    volatile double k = 0.125;
    double s = 0;
    for (long i = 0; i < n; i++) s += (double)(i & 1023) * exp(k);
    printf("n=%ld s=%.3f\n", n, s);
    return 0;
}
