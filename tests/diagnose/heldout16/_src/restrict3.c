/* 3-D multigrid restriction (fine n^3 -> coarse (n/2)^3, eight-point average) on row-major arrays
   f[i][j][k], with the loop nest written k outermost and i innermost (the first, slowest index).
   ./restrict3          size table at ~16.7 M coarse updates per size
   ./restrict3 N REPS   one size */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
__attribute__((noinline, noclone)) static void restrict3(int n, const double *f, double *c)
{
    size_t m = (size_t)n / 2, nn = (size_t)n * n;
    for (size_t k = 0; k < m; k++)
        for (size_t j = 0; j < m; j++)
            for (size_t i = 0; i < m; i++) {
                const double *p = f + (2 * i) * nn + (2 * j) * n + 2 * k;
                double s = p[0] + p[1] + p[n] + p[n + 1];
                s += p[nn] + p[nn + 1] + p[nn + n] + p[nn + n + 1];
                c[(i * m + j) * m + k] = 0.125 * s;
            }
}
static double run(int n, int reps, double *sec)
{
    size_t nf = (size_t)n * n * n, m = (size_t)n / 2;
    double *f = malloc(nf * sizeof *f), *c = malloc(m * m * m * sizeof *c);
    for (size_t q = 0; q < nf; q++) f[q] = (double)(q % 97) * 0.01;
    double t0 = now();
    for (int r = 0; r < reps; r++) { restrict3(n, f, c); f[r % nf] += c[0] * 1e-9; }
    *sec = now() - t0;
    double cs = 0; for (size_t q = 0; q < m * m * m; q++) cs += c[q];
    free(f); free(c);
    return cs;
}
int main(int argc, char **argv)
{
    double sec;
    if (argc > 2) {
        int n = atoi(argv[1]), reps = atoi(argv[2]);
        double cs = run(n, reps, &sec);
        printf("n=%d reps=%d seconds=%.3f checksum=%.6e\n", n, reps, sec, cs);
        return 0;
    }
    static const int sizes[] = {32, 64, 128, 192, 256};
    printf("restrict3: eight-point restriction, ~16.7 M coarse updates per size\n");
    printf("%6s %8s %12s %9s %12s %10s\n", "n", "reps", "updates", "seconds", "ns/update", "GB/s");
    for (int s = 0; s < 5; s++) {
        int n = sizes[s]; size_t m = n / 2;
        int reps = (int)(16777216 / (m * m * m)); if (reps < 1) reps = 1;
        run(n, reps, &sec);
        double upd = (double)reps * m * m * m;
        printf("%6d %8d %12.0f %9.3f %12.2f %10.2f\n", n, reps, upd, sec, 1e9 * sec / upd, upd * 72.0 / sec / 1e9);
    }
    return 0;
}
