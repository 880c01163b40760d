/* Hamming distances between 64-bit fingerprints (a similarity search kernel). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4096, q = argc > 2 ? atoi(argv[2]) : 20000;
    uint64_t *fp = malloc(n * sizeof *fp), s = 88172645463325252ULL;
    for (int i = 0; i < n; i++) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; fp[i] = s; }
    long total = 0;
    double t0 = now();
    for (int k = 0; k < q; k++) {
        uint64_t key = fp[k % n] * 0x9E3779B97F4A7C15ULL;
        for (int i = 0; i < n; i++)
            total += __builtin_popcountll(fp[i] ^ key);
    }
    double t = now() - t0;
    printf("queries=%d fingerprints=%d time=%.3f s  %.1f Mcmp/s\n", q, n, t, (double)n * q / t / 1e6);
    printf("check=%ld\n", total);
    return 0;
}
