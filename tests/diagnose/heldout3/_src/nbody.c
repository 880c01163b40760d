/* All-pairs gravitational accelerations for n bodies (structure of arrays), repeated steps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void accel(int n, const double *x, const double *y, const double *z, const double *m,
                  double *ax, double *ay, double *az) {
    for (int i = 0; i < n; i++) {
        double sx = 0, sy = 0, sz = 0;
        for (int j = 0; j < n; j++) {
            double dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
            double r2 = dx * dx + dy * dy + dz * dz + 1e-3;
            double inv = 1.0 / sqrt(r2);
            double f = m[j] * inv * inv * inv;
            sx += f * dx; sy += f * dy; sz += f * dz;
        }
        ax[i] = sx; ay[i] = sy; az[i] = sz;
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    int steps = argc > 2 ? atoi(argv[2]) : 20;
    double *p = malloc(7 * n * sizeof *p);
    double *x = p, *y = p + n, *z = p + 2 * n, *m = p + 3 * n, *ax = p + 4 * n, *ay = p + 5 * n, *az = p + 6 * n;
    for (int i = 0; i < n; i++) { x[i] = sin(i); y[i] = cos(1.3 * i); z[i] = sin(0.7 * i); m[i] = 1.0 + (i % 7); }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int s = 0; s < steps; s++) {
        accel(n, x, y, z, m, ax, ay, az);
        for (int i = 0; i < n; i++) { x[i] += 1e-6 * ax[i]; y[i] += 1e-6 * ay[i]; z[i] += 1e-6 * az[i]; }
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double dt = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    double pairs = (double)n * n * steps;
    printf("bodies=%d steps=%d\n", n, steps);
    printf("time=%.3f s\n", dt);
    printf("interactions=%.3e per s\n", pairs / dt);
    printf("rate=%.2f GFLOP/s\n", 20.0 * pairs / dt / 1e9);
    printf("ax0=%g\n", ax[0]);
    return 0;
}
