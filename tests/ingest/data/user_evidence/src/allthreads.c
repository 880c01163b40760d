/* An omp parallel region without a work-sharing loop: every thread sweeps the whole array
 * (argv[1] = "dup"), or the same sweep shared out with omp for (argv[1] = "for"); and two
 * omp sections of unequal cost (argv[1] = "sections"). Each thread or section prints its
 * busy time. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int N = 4000000;

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "dup";
    if (argc > 2) N = atoi(argv[2]);
    double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    for (int i = 0; i < N; i++) { a[i] = i * 1e-6; b[i] = 0; }
    double t0 = omp_get_wtime();
    if (strcmp(mode, "sections") == 0) {
        double heavy = 0, light = 0, th = 0, tl = 0;
#pragma omp parallel sections
        {
#pragma omp section
            { double s = omp_get_wtime(); for (int i = 0; i < N; i++) heavy += sin(a[i]) * cos(a[i]);
              th = omp_get_wtime() - s; }
#pragma omp section
            { double s = omp_get_wtime(); for (int i = 0; i < N / 5; i++) light += sqrt(a[i]);
              tl = omp_get_wtime() - s; }
        }
        printf("section heavy busy=%.3f s\nsection light busy=%.3f s\n", th, tl);
        printf("threads=%d wall=%.3f s h=%.3f l=%.3f\n", omp_get_max_threads(),
               omp_get_wtime() - t0, heavy, light);
        return 0;
    }
    int dup = strcmp(mode, "dup") == 0;
#pragma omp parallel
    {
        double s = omp_get_wtime();
        for (int r = 0; r < 20; r++) {
            if (dup) {
                for (int i = 0; i < N; i++) b[i] = 0.5 * b[i] + a[i];
            } else {
#pragma omp for
                for (int i = 0; i < N; i++) b[i] = 0.5 * b[i] + a[i];
            }
        }
        double busy = omp_get_wtime() - s;
#pragma omp critical
        printf("thread %d busy=%.3f s\n", omp_get_thread_num(), busy);
    }
    printf("threads=%d n=%d wall=%.3f s b=%.4f\n", omp_get_max_threads(), N,
           omp_get_wtime() - t0, b[N / 2]);
    free(a); free(b);
    return 0;
}
