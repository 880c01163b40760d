/* A serial Monte-Carlo estimate; prints its own wall and CPU time. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double clk(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000000;
    const char *tag = argc > 2 ? argv[2] : "job";
    double w0 = clk(CLOCK_MONOTONIC), c0 = clk(CLOCK_PROCESS_CPUTIME_ID);
    uint64_t s = 0x853c49e6748fea9bULL;
    long in = 0;
    for (long i = 0; i < n; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        double x = (s >> 11) * 0x1.0p-53;
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        double y = (s >> 11) * 0x1.0p-53;
        in += x * x + y * y < 1.0;
    }
    double w = clk(CLOCK_MONOTONIC) - w0, c = clk(CLOCK_PROCESS_CPUTIME_ID) - c0;
    printf("%s: samples=%ld pi=%.6f wall=%.3f s cpu=%.3f s\n", tag, n, 4.0 * in / n, w, c);
    return 0;
}
