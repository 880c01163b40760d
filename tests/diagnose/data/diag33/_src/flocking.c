/* Flocking birds: every step new birds join and every pair of birds is tested for a near
 * miss (an all-pairs loop). "steps S J": S steps, J birds joining per step, one table row per
 * 4 steps (step, birds, that step's seconds, the running total). "sweep N": one flock of N
 * birds, one step, one key=value line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

__attribute__((noinline)) int near_miss(const double *a, const double *b)
{
    double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
    return dx * dx + dy * dy + dz * dz < 1e-7;
}

static long all_pairs(const double *p, int n)
{
    long hits = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            hits += near_miss(p + 3 * i, p + 3 * j);
    return hits;
}

int main(int argc, char **argv)
{
    srand(5);
    if (argc > 2 && strcmp(argv[1], "sweep") == 0) {
        int n = atoi(argv[2]);
        double *p = malloc(3 * sizeof *p * (size_t)n);
        for (int k = 0; k < 3 * n; k++) p[k] = rand() / (double)RAND_MAX;
        double t0 = now();
        long hits = all_pairs(p, n);
        double dt = now() - t0;
        printf("birds=%d pairs=%ld near=%ld seconds=%.4f us_per_bird=%.2f\n", n,
               (long)n * (n - 1) / 2, hits, dt, 1e6 * dt / n);
        free(p);
        return 0;
    }
    int steps = argc > 2 ? atoi(argv[2]) : 32, join = argc > 3 ? atoi(argv[3]) : 150;
    double *p = malloc(3 * sizeof *p * (size_t)steps * join);
    int n = 0;
    long hits = 0;
    double total = 0.0;
    printf("%5s %7s %9s %9s\n", "step", "birds", "step_s", "total_s");
    for (int s = 1; s <= steps; s++) {
        for (int k = 0; k < join; k++, n++)
            for (int d = 0; d < 3; d++) p[3 * n + d] = rand() / (double)RAND_MAX;
        double t0 = now();
        hits += all_pairs(p, n);
        double dt = now() - t0;
        total += dt;
        if (s % 4 == 0) printf("%5d %7d %9.4f %9.4f\n", s, n, dt, total);
    }
    printf("near=%ld\n", hits);
    free(p);
    return 0;
}
