/* Friends-of-friends links: every pair of points is tested against the link length, although
   under one link per point is found. ./linkpairs N */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 3000;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    unsigned s = 7;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u; x[i] = (s >> 8) / 16777216.0;
        s = s * 1103515245u + 12345u; y[i] = (s >> 8) / 16777216.0;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long pairs = 0, links = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            pairs++;
            if (hypot(x[i] - x[j], y[i] - y[j]) < 0.004) links++;
        }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("linkpairs points=%d pairs=%ld links=%ld seconds=%.3f\n", n, pairs, links,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    return 0;
}
