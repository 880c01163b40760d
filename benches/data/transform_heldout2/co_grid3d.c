/* Probe energy on a 3-D grid around one centre: every grid point is visited,
   only the points inside the cutoff sphere contribute. */
#include <math.h>
#include <stdio.h>

#define NX 150
#define NY 140
#define NZ 130

int main(void) {
  const double h = 0.1, ax = 7.31, ay = 6.07, az = 5.53, rc = 2.35;
  const double rc2 = rc * rc;
  double e = 0.0;
  long inside = 0;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      for (int k = 0; k < NZ; k++) {
        double dx = i * h - ax, dy = j * h - ay, dz = k * h - az;
        if (dx * dx + dy * dy + dz * dz < rc2) { /* HOT */
          double r2 = dx * dx + dy * dy + dz * dz;
          e += exp(-r2) / (1.0 + r2);
          inside++;
        }
      }
  printf("inside %ld\nenergy %.17g\n", inside, e);
  return 0;
}
