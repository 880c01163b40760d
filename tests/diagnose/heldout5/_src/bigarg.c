/* Particle pusher: the field state (with its 32 KiB interpolation table) is passed to the helper by value. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct field { double table[4096]; double scale; int nt; };
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

__attribute__((noinline)) double force(struct field f, double x)
{
    int k = (int)(x * f.nt) & (f.nt - 1);
    return f.scale * f.table[k];
}

int main(int argc, char **argv)
{
    long np = argc > 1 ? atol(argv[1]) : 200000;
    int steps = argc > 2 ? atoi(argv[2]) : 5;
    static struct field f;
    f.nt = 4096; f.scale = 0.5;
    for (int k = 0; k < f.nt; k++) f.table[k] = 1.0 / (k + 1);
    double *x = malloc(np * sizeof *x), *v = calloc(np, sizeof *v);
    for (long i = 0; i < np; i++) x[i] = (double)i / np;
    double t0 = now();
    for (int s = 0; s < steps; s++)
        for (long i = 0; i < np; i++) {
            v[i] += 1e-3 * force(f, x[i]);
            x[i] += 1e-6 * v[i];
        }
    double t = now() - t0;
    printf("particles=%ld steps=%d time=%.3f s  %.2f Mpush/s  v0=%.6f\n", np, steps, t, np * steps / t / 1e6, v[0]);
    return 0;
}
