/* epidemic.c: medicine, age-structured SEIR epidemic model over 2000 districts: the force of infection
   of each district sums contacts over 16 age groups, and the contact-matrix row normalisation
   (exp of the age distance, summed over the row) is recomputed inside the innermost loop for every
   district and day although it depends on neither. -DHOIST computes it once. Argument: days. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#define D 2000
#define A 16
static double S[D][A], E[D][A], I[D][A], R[D][A];
int main(int argc, char **argv) {
  int days = argc > 1 ? atoi(argv[1]) : 20;
  for (int d = 0; d < D; d++) for (int a = 0; a < A; a++) { S[d][a] = 1000; E[d][a] = 0; I[d][a] = (d % 50 == 0); R[d][a] = 0; }
  double norm[A][A];
#ifdef HOIST
  for (int a = 0; a < A; a++) { double z = 0; for (int k = 0; k < A; k++) z += exp(-0.3 * abs(a - k)); for (int b = 0; b < A; b++) norm[a][b] = exp(-0.3 * abs(a - b)) / z; }
#endif
  double t0 = now();
  for (int t = 0; t < days; t++)
    for (int d = 0; d < D; d++)
      for (int a = 0; a < A; a++) {
        double lam = 0;
        for (int b = 0; b < A; b++) {
#ifndef HOIST
          double z = 0;
          for (int k = 0; k < A; k++) z += exp(-0.3 * abs(a - k));
          norm[a][b] = exp(-0.3 * abs(a - b)) / z;
#endif
          lam += 0.25 * norm[a][b] * I[d][b] / (S[d][b] + E[d][b] + I[d][b] + R[d][b]);
        }
        double inf = lam * S[d][a], rec = 0.1 * I[d][a], inc = 0.2 * E[d][a];
        S[d][a] -= inf; E[d][a] += inf - inc; I[d][a] += inc - rec; R[d][a] += rec;
      }
  double tt = now() - t0, tot = 0;
  for (int d = 0; d < D; d++) for (int a = 0; a < A; a++) tot += R[d][a];
  printf("epidemic districts %d days %d time %.3f s  %.1f us/district-day  recovered %.1f\n", D, days, tt, 1e6 * tt / ((double)D * days), tot);
  return 0;
}
