/* Band-weighted surface albedo: for each of many surface points a dot product of 256 spectral
   reflectances with the solar weights, summed in double in source order (a strict floating-point
   reduction). usage: albedo POINTS REPS */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define NB 256
double band_sum(const double *refl, const double *w)
{
    double s = 0.0;
    for (int b = 0; b < NB; b++)
        s += refl[b] * w[b];
    return s;
}
int main(int argc, char **argv)
{
    int np = argc > 1 ? atoi(argv[1]) : 64, reps = argc > 2 ? atoi(argv[2]) : 40000;
    double *r = malloc((size_t)np * NB * sizeof *r), w[NB], acc = 0;
    for (int b = 0; b < NB; b++) w[b] = 1.0 / NB * (1 + b % 3);
    for (int i = 0; i < np * NB; i++) r[i] = 0.1 + 0.8 * (i % 101) / 101.0;
    struct timespec a, c; clock_gettime(CLOCK_MONOTONIC, &a);
    for (int k = 0; k < reps; k++)
        for (int p = 0; p < np; p++) { acc += band_sum(r + (size_t)p * NB, w); r[(size_t)p * NB] += 1e-12; }
    clock_gettime(CLOCK_MONOTONIC, &c);
    double t = (c.tv_sec - a.tv_sec) + 1e-9 * (c.tv_nsec - a.tv_nsec);
    printf("albedo: points=%d bands=%d reps=%d seconds=%.4f ns/band-term=%.3f acc=%.6f\n", np, NB, reps, t, 1e9 * t / ((double)np * NB * reps), acc);
    return 0;
}
