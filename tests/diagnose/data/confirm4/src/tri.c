/* triangular rows under a static schedule: thread 0 gets the short rows, thread 1 the long ones */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 30000;
    int nap = argc > 2;  /* "nap": equal work, thread 1 sleeps instead of the long rows */
    double total = 0;
#pragma omp parallel reduction(+:total)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        long lo = n * t / nt, hi = n * (t + 1) / nt;
        double w0 = omp_get_wtime();
        if (nap) {
            for (long i = 0; i < n / 2; i++) for (long j = 0; j < n / 4; j++) total += (double)(i ^ j) * 1e-9;
            if (t == 1) { struct timespec s = {2, 0}; nanosleep(&s, NULL); }
        } else {
            for (long i = lo; i < hi; i++) for (long j = 0; j < i; j++) total += (double)(i ^ j) * 1e-9;
        }
        double w1 = omp_get_wtime();
#pragma omp critical
        printf("thread %d busy=%.3f s\n", t, w1 - w0);  /* wall time, as users time threads */
    }
    printf("total=%.6g\n", total);
    return 0;
}
