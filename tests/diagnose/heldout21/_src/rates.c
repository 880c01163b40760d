/* Photolysis-rate accumulation for a column chemistry solver: for 1024 levels (24 KB of data, in L1),
 * tend[i] += j[i] * c[i] - loss * tend[i]; called 1000000 times per run through a pointer interface.
 * At -O2 gcc does not vectorize the level loop (the pointers might alias and the trip count is not
 * known); the build row says which flags were used. Work is the same in every build. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) void accumulate(double *tend, const double *jr, const double *c, double loss, int n)
{
    for (int i = 0; i < n; i++)
        tend[i] += jr[i] * c[i] - loss * tend[i];
}

int main(int argc, char **argv)
{
    int n = 1024, calls = argc > 1 ? atoi(argv[1]) : 1000000;
    double *tend = calloc(n, sizeof *tend), *jr = malloc(n * sizeof *jr), *c = malloc(n * sizeof *c);
    for (int i = 0; i < n; i++) { jr[i] = 1e-5 * (i % 97); c[i] = 1.0 + 1e-3 * (i % 31); }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < calls; k++) accumulate(tend, jr, c, 1e-4, n);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec), chk = 0;
    for (int i = 0; i < n; i++) chk += tend[i];
    printf("build %s levels %d calls %d seconds %.3f ns/level %.3f check %.6f\n", BUILD, n, calls, s,
           1e9 * s / ((double)n * calls), chk);
    return 0;
}
