/* Sums the values above a threshold over pseudo-random bytes: a data-dependent branch at -O1. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1L << 20;
    unsigned char *a = malloc((size_t)n);
    unsigned x = 12345;
    for (long i = 0; i < n; i++) { x = x * 1103515245u + 12345u; a[i] = (unsigned char)(x >> 16); }
    long sum = 0;
    for (int r = 0; r < 4; r++)
        for (long i = 0; i < n; i++)
            if (a[i] >= 128) sum += a[i];
    printf("sum=%ld\n", sum);
    free(a);
    return 0;
}
