/* Triangular OpenMP loop under schedule(static): each thread prints its own CPU time. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 12000;
    double total = 0;
#pragma omp parallel reduction(+ : total)
    {
        struct timespec a, b;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
        long rows = 0;
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) total += sqrt((double)(i - j) + 1.0);
            rows++;
        }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        double ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) * 1e-6;
#pragma omp critical
        printf("worker %d rows=%ld busy_ms=%.1f\n", omp_get_thread_num(), rows, ms);
    }
    printf("total=%.6e\n", total);
    return 0;
}
