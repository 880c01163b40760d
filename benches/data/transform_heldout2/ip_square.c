/* Quadratic chirp sampling: the clamped index grows with k*k, so it is not
   linear in the loop variable. */
#include <math.h>
#include <stdio.h>

#define NT 50000
#define NK 700
#define NR 300

static double tab[NT], out[NR];

static long clampl(long v, long lo, long hi) { return v > hi ? hi : (v < lo ? lo : v); }

int main(void) {
  for (int t = 0; t < NT; t++) tab[t] = cos(0.001 * t) + 0.0001 * (t % 23);
  for (int r = 0; r < NR; r++) {
    double acc = 0.0;
    long base = 40L * r;
    for (long k = 0; k < NK; k++) acc += tab[clampl(base + k * k / 10, 0, NT - 1)] * (double)(1 + k % 3); /* HOT */
    out[r] = acc;
  }
  double s = 0.0;
  for (int r = 0; r < NR; r++) s += out[r] * (double)(1 + r % 4);
  printf("checksum %.17g\n", s);
  return 0;
}
