/* A serial CPU loop that prints its wall and CPU time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 600000000;
    double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID), s = 0;
    for (long i = 1; i < n; i++) s += 1.0 / (double)i;
    printf("sum=%.9f wall=%.3f s cpu=%.3f s\n", s, now(CLOCK_MONOTONIC) - w0,
           now(CLOCK_PROCESS_CPUTIME_ID) - c0);
    return 0;
}
