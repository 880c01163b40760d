/* Particle CFL limiter: particles whose speed exceeds the limit are clipped and counted (one path),
   the others get a drag update (other path). Speeds are random (mode random) or sorted (mode sorted).
   ./cflclip            table of both modes
   ./cflclip N STEPS M  one mode (M = random | sorted) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
__attribute__((noinline)) static long limit(long n, double *v, double *e, double vmax)
{
    long clipped = 0;
    for (long i = 0; i < n; i++) {
        if (v[i] > vmax) {
            e[i] += 0.5 * (v[i] * v[i] - vmax * vmax);
            clipped++;
        } else {
            e[i] *= 0.999;
        }
    }
    return clipped;
}
static double run(long n, int steps, int sorted, long *clip)
{
    double *v = malloc(n * sizeof *v), *e = calloc(n, sizeof *e);
    srand(7);
    for (long i = 0; i < n; i++) v[i] = (double)rand() / RAND_MAX;
    if (sorted) qsort(v, n, sizeof *v, cmp);
    double t0 = now(); *clip = 0;
    for (int s = 0; s < steps; s++) *clip += limit(n, v, e, 0.5);
    double sec = now() - t0;
    free(v); free(e);
    return sec;
}
int main(int argc, char **argv)
{
    long clip;
    if (argc > 3) {
        long n = atol(argv[1]); int steps = atoi(argv[2]); int sorted = strcmp(argv[3], "sorted") == 0;
        double s = run(n, steps, sorted, &clip);
        printf("mode=%s n=%ld steps=%d seconds=%.3f clipped=%ld ns/particle-step=%.2f\n", argv[3], n, steps, s, clip, 1e9 * s / ((double)n * steps));
        return 0;
    }
    long n = 1000000; int steps = 60;
    printf("cflclip: %ld particles, %d steps, half of them above the limit\n", n, steps);
    printf("%8s %10s %12s %18s\n", "mode", "seconds", "clipped", "ns/particle-step");
    const char *m[2] = {"random", "sorted"};
    for (int k = 0; k < 2; k++) {
        double s = run(n, steps, k, &clip);
        printf("%8s %10.3f %12ld %18.2f\n", m[k], s, clip, 1e9 * s / ((double)n * steps));
    }
    return 0;
}
