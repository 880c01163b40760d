/* A kernel that reports its runs in free-form prose styles: "label ... value unit" with
   multi-word labels, values that open a clause ("4 sweeps"), bare "value unit" after a colon,
   minutes, percentages and thousands separators, and prose lines with no value. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(void) {
    static double a[1 << 20];
    double sum = 0.0;
    printf("Smoothing kernel, prose report\n");
    for (int len = 1 << 17; len <= 1 << 20; len <<= 1) {
        double t0 = now();
        for (int sweep = 0; sweep < 40; ++sweep)
            for (int i = 1; i < len - 1; ++i) a[i] = 0.5 * a[i] + 0.25 * (a[i - 1] + a[i + 1]) + 1e-9;
        double dt = now() - t0;
        sum += a[len / 2];
        printf("grid of %d points, 40 sweeps: smoothing took %.4f s (%.1f MB/s moved)\n",
               len, dt, 40.0 * len * 8.0 * 2 / dt / 1e6);
    }
    printf("cells touched %s, efficiency 87.5 %%, setup phase 0.02 min\n", "1,966,080");
    printf("checksum is %.6f and the run is over\n", sum);
    return 0;
}
