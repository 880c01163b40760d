/* Each OpenMP thread does a share of work that grows with its id, and the program prints a
 * per-thread busy table ("thread busy_s") and its elapsed time: a per-thread report. */
#include <omp.h>
#include <stdio.h>

int main(void) {
    enum { MAXT = 64 };
    double busy[MAXT] = {0};
    int nt = 1;
    double t0 = omp_get_wtime();
    volatile double sink = 0;
#pragma omp parallel
    {
        int id = omp_get_thread_num();
#pragma omp single
        nt = omp_get_num_threads();
        double s = omp_get_wtime(), acc = 0;
        long n = 20000000L * (id + 1);
        for (long i = 0; i < n; i++) acc += (double)(i % 7) * 0.5;
        if (id < MAXT) busy[id] = omp_get_wtime() - s;
#pragma omp atomic
        sink += acc;
    }
    printf("thread busy_s\n");
    for (int i = 0; i < nt && i < MAXT; i++) printf("%d %.3f\n", i, busy[i]);
    printf("time=%.3f s\n", omp_get_wtime() - t0);
    return sink < 0;
}
