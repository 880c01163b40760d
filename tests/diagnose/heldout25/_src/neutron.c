/* Neutron transport Monte Carlo (slab): each collision looks up the total cross-section on an energy grid by a linear scan from the start of the table; -DBISECT binary search. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double *E, *sig; static int ng;
static double xs(double e) {
#ifndef BISECT
  int i = 0;
  while (i < ng - 2 && E[i + 1] < e) i++;
#else
  int lo = 0, hi = ng - 1;
  while (hi - lo > 1) { int mid = (lo + hi) / 2; if (E[mid] < e) lo = mid; else hi = mid; }
  int i = lo;
#endif
  return sig[i] + (sig[i + 1] - sig[i]) * (e - E[i]) / (E[i + 1] - E[i]);
}
int main(int argc, char **argv) {
  ng = argc > 1 ? atoi(argv[1]) : 20000; int nh = argc > 2 ? atoi(argv[2]) : 20000;
  E = malloc(ng * sizeof *E); sig = malloc(ng * sizeof *sig);
  for (int i = 0; i < ng; i++) { E[i] = 1e-5 * pow(2e12, (double)i / (ng - 1)); sig[i] = 2.0 + 1.0 / sqrt(E[i]) * 1e-2 + 0.3 * sin(i * 0.01); }
  unsigned s = 12345; long coll = 0, leak = 0;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  for (int h = 0; h < nh; h++) {
    double x = 0, e = 2e6, mu = 1;
    while (e > 1e-3) {
      s = s * 1664525u + 1013904223u; double r = (s >> 8) * (1.0 / 16777216.0) + 1e-9;
      x += mu * (-log(r) / xs(e)); coll++;
      if (x < 0 || x > 30) { leak++; break; }
      s = s * 1664525u + 1013904223u; mu = 2.0 * (s >> 8) * (1.0 / 16777216.0) - 1.0;
      e *= 0.6 + 0.35 * ((s >> 4) & 0xff) / 255.0;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("neutron grid=%d histories=%d collisions=%ld leaked=%ld  %.3f s  %.1f ns/collision\n", ng, nh, coll, leak, t, 1e9 * t / coll);
  return 0;
}
