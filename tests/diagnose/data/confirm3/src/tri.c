/* Triangular work under schedule(static): row i costs i inner steps, so the thread given the
   upper half of the rows does about three times the work of the other. Each thread prints its
   own CPU time (CLOCK_THREAD_CPUTIME_ID). With "wait" as argv[2], the thread given the lighter
   both threads do equal work and thread 1 then sleeps three times its own working wall time:
   its printed wall time is four times the other's while the CPU samples of the two threads are
   equal (a wall clock that counts blocking, not work). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(clockid_t c) {
    struct timespec t;
    clock_gettime(c, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 40000;
    int wall = argc > 2 && strcmp(argv[2], "wait") == 0;
    double total = 0.0;
    double w0 = now(CLOCK_MONOTONIC);
#pragma omp parallel reduction(+:total)
    {
        double c0 = now(CLOCK_THREAD_CPUTIME_ID), t0 = now(CLOCK_MONOTONIC);
        double s = 0.0;
        if (wall) {  /* equal work per thread: the same number of inner steps */
            long rows = n / omp_get_num_threads();
            for (long i = 0; i < rows; i++)
                for (long j = 0; j < n / 2; j++) s += 1.0 / (double)(i + j + 1);
        } else {
#pragma omp for schedule(static)
            for (long i = 0; i < n; i++)
                for (long j = 0; j < i; j++) s += 1.0 / (double)(i + j + 1);
        }
        double c1 = now(CLOCK_THREAD_CPUTIME_ID);
        if (wall && omp_get_thread_num() == 1) {
            struct timespec d = {0, 0};
            double extra = 3.0 * (now(CLOCK_MONOTONIC) - t0);  /* 4x its own wall time */
            d.tv_sec = (time_t)extra;
            d.tv_nsec = (long)((extra - (double)d.tv_sec) * 1e9);
            nanosleep(&d, NULL);
        }
        double t1 = now(CLOCK_MONOTONIC);
        total += s;
#pragma omp critical
        {
            if (wall)
                printf("thread %d time=%.3f s\n", omp_get_thread_num(), t1 - t0);
            else
                printf("thread %d rows busy_cpu=%.3f s\n", omp_get_thread_num(), c1 - c0);
        }
    }
    printf("threads=%d n=%ld sum=%.6f elapsed=%.3f s\n", omp_get_max_threads(), n, total,
           now(CLOCK_MONOTONIC) - w0);
    return 0;
}
