/* Two physics modules run side by side in OpenMP sections: a radiation update and a cheap chemistry update. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double radiation(long n) { double s = 0; for (long i = 1; i <= n; i++) s += sin(1e-6 * i) / i; return s; }
static double chemistry(long n) { double s = 0; for (long i = 1; i <= n; i++) s += cos(1e-6 * i) / i; return s; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 40000000;
    int steps = argc > 2 ? atoi(argv[2]) : 4;
    double busy[2] = {0, 0}, r = 0, c = 0;
    double t0 = omp_get_wtime();
    for (int s = 0; s < steps; s++) {
#pragma omp parallel sections
        {
#pragma omp section
            { double a = omp_get_wtime(); r += radiation(n); busy[0] += omp_get_wtime() - a; }
#pragma omp section
            { double a = omp_get_wtime(); c += chemistry(n / 6); busy[1] += omp_get_wtime() - a; }
        }
    }
    double wall = omp_get_wtime() - t0;
    printf("section radiation busy=%.3f s\nsection chemistry busy=%.3f s\n", busy[0], busy[1]);
    printf("threads=%d steps=%d wall=%.3f s r=%.6f c=%.6f\n", omp_get_max_threads(), steps, wall, r, c);
    return 0;
}
