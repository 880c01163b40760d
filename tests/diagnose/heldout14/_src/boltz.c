/* boltz: Monte Carlo excitation of np atoms with nlev levels at a fixed gas temperature T.
   For every atom and step the level populations are recomputed from the Boltzmann factors
   g_k exp(-E_k / kT) (T never changes during the run) and one level is sampled.
   Usage: boltz np steps. Prints the level histogram and the time per atom update. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { NLEV = 40 };
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static unsigned long long rs = 42;
static double urand(void) { rs = rs * 6364136223846793005ULL + 1442695040888963407ULL; return (rs >> 11) * (1.0 / 9007199254740992.0); }

static int sample_level(const double *E, const double *g, double kT) {
  double w[NLEV], z = 0.0;
  for (int k = 0; k < NLEV; k++) {
    w[k] = g[k] * exp(-E[k] / kT);
    z += w[k];
  }
  double u = urand() * z, c = 0.0;
  for (int k = 0; k < NLEV; k++) { c += w[k]; if (u < c) return k; }
  return NLEV - 1;
}

int main(int argc, char **argv) {
  long np = argc > 1 ? atol(argv[1]) : 100000;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  double E[NLEV], g[NLEV], kT = 0.8;
  long hist[NLEV] = {0};
  for (int k = 0; k < NLEV; k++) { E[k] = 0.1 * k * (1 + 0.05 * k); g[k] = 2 * k + 1; }
  int *lev = calloc(np, sizeof *lev);
  double t0 = now();
  for (int s = 0; s < steps; s++)
    for (long i = 0; i < np; i++) lev[i] = sample_level(E, g, kT);
  double t = now() - t0;
  for (long i = 0; i < np; i++) hist[lev[i]]++;
  printf("boltz: %ld atoms x %d steps, %d levels, kT=%.2f: %.3f s, %.1f ns/atom-update\n", np, steps, NLEV, kT, t, 1e9 * t / ((double)np * steps));
  printf("levels 0-7:");
  for (int k = 0; k < 8; k++) printf(" %ld", hist[k]);
  printf("\n");
  return 0;
}
