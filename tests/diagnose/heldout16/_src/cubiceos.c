/* Cubic fit of a barotropic equation of state, p = a0 + rho*(a1 + rho*(a2 + rho*a3)), evaluated over
   an in-cache block of cells many times; the kernel takes plain pointers (no restrict).
   ./cubiceos [N SWEEPS]   prints ns/cell */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
__attribute__((noinline)) void eos_cubic(int n, const double *rho, double *p, double *c2, const double *a)
{
    for (int i = 0; i < n; i++) {
        double r = rho[i];
        p[i] = a[0] + r * (a[1] + r * (a[2] + r * a[3]));
        c2[i] = a[1] + r * (2.0 * a[2] + r * 3.0 * a[3]);
    }
}
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 2000, sweeps = argc > 2 ? atoi(argv[2]) : 300000;
    double *rho = malloc(n * sizeof *rho), *p = malloc(n * sizeof *p), *c2 = malloc(n * sizeof *c2);
    double a[4] = {1.0e5, 2.2e4, -3.0e2, 1.5};
    for (int i = 0; i < n; i++) rho[i] = 1.0 + 1e-3 * (i % 97);
    double t0 = now(), s = 0;
    for (int k = 0; k < sweeps; k++) { eos_cubic(n, rho, p, c2, a); rho[k % n] += 1e-12 * p[0]; }
    double sec = now() - t0;
    for (int i = 0; i < n; i++) s += p[i] + c2[i];
    printf("cubiceos: cells=%d sweeps=%d seconds=%.3f ns/cell=%.3f checksum=%.9e\n", n, sweeps, sec, 1e9 * sec / ((double)n * sweeps), s);
    return 0;
}
