/* Histogram of set bits of a xorshift stream with __builtin_popcountll: built with plain -O2
   (no -mpopcnt, no -march), gcc calls libgcc's __popcountdi2 for every value. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void histogram(long n, long *hist)
{
    uint64_t x = 88172645463325252ull;
    for (long i = 0; i < n; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        hist[__builtin_popcountll(x)]++;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000000;
    long hist[65] = {0};
    histogram(n, hist);
    printf("n=%ld hist[32]=%ld\n", n, hist[32]);
    return 0;
}
