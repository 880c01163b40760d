/* Distribution-feeder voltage-drop time series (C, serial).
 * For every bus of a radial feeder and every sample of the day, the load current times an attenuation
 * factor of the bus's cable is added to the bus's drop. The attenuation depends on the bus only, but
 * the loop recomputes it (exp, sqrt) for every sample. -DHOIST computes it once per bus.
 * usage: feeder [buses] [samples]; prints one build row. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

__attribute__((noinline)) void feeder_drop(int nb, int ns, const double *len, const double *cap,
                                           const double *load, double *drop)
{
    for (int b = 0; b < nb; b++) {
#ifdef HOIST
        double att = exp(-len[b] / 3.5) / sqrt(cap[b]);
#endif
        double acc = 0.0;
        for (int s = 0; s < ns; s++) {
#ifndef HOIST
            double att = exp(-len[b] / 3.5) / sqrt(cap[b]);
#endif
            acc += load[s] * att;
            drop[s] += acc * 1e-6;
        }
    }
}

int main(int argc, char **argv)
{
    int nb = argc > 1 ? atoi(argv[1]) : 400, ns = argc > 2 ? atoi(argv[2]) : 86400;
    double *len = malloc(nb * sizeof *len), *cap = malloc(nb * sizeof *cap);
    double *load = malloc(ns * sizeof *load), *drop = calloc(ns, sizeof *drop);
    for (int b = 0; b < nb; b++) { len[b] = 0.2 + 0.01 * (b % 97); cap[b] = 50.0 + b % 13; }
    for (int s = 0; s < ns; s++) load[s] = 40.0 + 25.0 * sin(6.2831853 * s / ns);
    double t0 = now();
    feeder_drop(nb, ns, len, cap, load, drop);
    double t = now() - t0;
#ifdef HOIST
    const char *build = "hoisted";
#else
    const char *build = "shipped";
#endif
    printf("feeder build=%s buses=%d samples=%d bus_samples=%.0f seconds=%.3f ns_per_bus_sample=%.2f drop_end=%.6e\n",
           build, nb, ns, (double)nb * ns, t, 1e9 * t / ((double)nb * ns), drop[ns - 1]);
    return 0;
}
