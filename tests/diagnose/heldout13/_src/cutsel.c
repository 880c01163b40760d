/* Event selection: for each event, a transverse-momentum cut decides whether the event's
   weighted moments are accumulated (the cut passes about half the events, in random order).
   usage: cutsel NEVENT REPS [sorted]  (sorted: the same events ordered by pt) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    int reps = argc > 2 ? atoi(argv[2]) : 20;
    int sorted = argc > 3 && strcmp(argv[3], "sorted") == 0;
    double *pt = malloc(n * sizeof *pt), *w = malloc(n * sizeof *w);
    unsigned long s = 88172645463325252UL;
    for (long i = 0; i < n; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        pt[i] = 50.0 * (double)(s >> 11) / 9007199254740992.0;
        w[i] = 1.0 + 1e-3 * (double)(i % 101);
    }
    if (sorted) qsort(pt, n, sizeof *pt, cmp);
    double m0 = 0, m1 = 0, m2 = 0;
    long pass = 0;
    clock_t c0 = clock();
    for (int r = 0; r < reps; r++)
        for (long i = 0; i < n; i++) {
            if (pt[i] > 25.0) {
                pass++;
                m0 += w[i];
                m1 += w[i] * pt[i];
                m2 += w[i] * pt[i] * pt[i];
            }
        }
    double t = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("events=%ld reps=%d order=%s cpu=%.3f s  %.2f ns/event  pass=%ld  mean=%.4f\n", n, reps,
           sorted ? "sorted" : "input", t, 1e9 * t / ((double)n * reps), pass, m1 / m0 + 0 * m2);
    return 0;
}
