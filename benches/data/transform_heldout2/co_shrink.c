/* The cutoff shrinks after every plane of the sweep: it changes inside the nest. */
#include <math.h>
#include <stdio.h>

#define NI 110
#define NJ 110
#define NK 110

int main(void) {
  const double h = 0.1, ox = 5.4, oy = 5.6, oz = 5.2;
  double rc2 = 9.0;
  double tot = 0.0;
  long hits = 0;
  for (int i = 0; i < NI; i++) {
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++) {
        double dx = i * h - ox, dy = j * h - oy, dz = k * h - oz;
        double q = dx * dx + dy * dy + dz * dz;
        if (q < rc2) {
          tot += exp(-q) * (1.0 + 0.01 * i); /* HOT */
          hits++;
        }
      }
    rc2 *= 0.985;
  }
  printf("hits %ld\ntot %.17g\n", hits, tot);
  return 0;
}
