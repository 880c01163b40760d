/* OpenMP mixing-ratio update q = a*qa + b*qb + c over four 48 MB arrays (streaming, 32 bytes per
   point), repeated; prints a table of threads, seconds, points and GB/s.
   ./mixratio N REPS THREADS...  (default 6000000 points, 12 reps, threads 1 2) */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) static void mix(long n, double *restrict q, const double *restrict qa, const double *restrict qb, const double *restrict c, double a, double b)
{
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
        q[i] = a * qa[i] + b * qb[i] + c[i];
}
int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 6000000;
    int reps = argc > 2 ? atoi(argv[2]) : 12;
    double *q = malloc(n * sizeof *q), *qa = malloc(n * sizeof *q), *qb = malloc(n * sizeof *q), *c = malloc(n * sizeof *q);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) { q[i] = 0; qa[i] = 1e-3 * (i % 17); qb[i] = 2e-3 * (i % 13); c[i] = 1e-6 * (i % 7); }
    printf("mixratio: q = a*qa + b*qb + c, %ld points, %d reps, 32 bytes moved per point\n", n, reps);
    printf("%8s %10s %14s %10s\n", "threads", "seconds", "points", "GB/s");
    int nt = argc > 3 ? argc - 3 : 2;
    for (int t = 0; t < nt; t++) {
        int th = argc > 3 ? atoi(argv[3 + t]) : t + 1;
        omp_set_num_threads(th);
        mix(n, q, qa, qb, c, 0.5, 0.25);
        double t0 = omp_get_wtime();
        for (int r = 0; r < reps; r++) mix(n, q, qa, qb, c, 0.5 + 1e-9 * r, 0.25);
        double s = omp_get_wtime() - t0;
        printf("%8d %10.3f %14.0f %10.2f\n", th, s, (double)n * reps, 32.0 * n * reps / s / 1e9);
    }
    double cs = 0; for (long i = 0; i < n; i += 1000) cs += q[i];
    printf("checksum %.6e\n", cs);
    return 0;
}
