/* Rows of a field smoothed in a static OpenMP loop; the rows of the second half are 16x as
 * costly as the first's. Each thread prints its rows, busy and waiting seconds. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 2000, reps = argc > 2 ? atoi(argv[2]) : 10;
    double total = 0.0, t0 = omp_get_wtime();
    int nt = omp_get_max_threads();
    double busy[64] = {0}, wait[64] = {0};
    long done[64] = {0};
#pragma omp parallel reduction(+:total)
    {
        int me = omp_get_thread_num();
        for (int r = 0; r < reps; r++) {
            double a = omp_get_wtime();
#pragma omp for schedule(static) nowait
            for (int i = 0; i < rows; i++) {
                int work = i < rows / 2 ? 200 : 3200;
                double x = 0.0;
                for (int k = 0; k < work; k++) x += sin(0.001 * k + i);
                total += x;
                done[me]++;
            }
            double b = omp_get_wtime();
#pragma omp barrier
            busy[me] += b - a;
            wait[me] += omp_get_wtime() - b;
        }
    }
    double sec = omp_get_wtime() - t0;
    printf("%6s %6s %8s %8s\n", "thread", "rows", "busy_s", "wait_s");
    for (int t = 0; t < nt; t++) printf("%6d %6ld %8.3f %8.3f\n", t, done[t], busy[t], wait[t]);
    printf("threads=%d rows=%d reps=%d seconds=%.4f check=%.6e\n", nt, rows, reps, sec, total);
    return 0;
}
