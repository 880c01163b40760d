/* Same grid probe as a full sweep, but every visited point is also counted
   (the points outside the sphere do work too: the outside counter). */
#include <math.h>
#include <stdio.h>

#define N 120

int main(void) {
  const double h = 0.1, px = 5.5, py = 6.25, pz = 4.75, r = 2.0;
  const double r2 = r * r;
  double acc = 0.0;
  long outside = 0;
  for (int a = 0; a < N; a++)
    for (int b = 0; b < N; b++)
      for (int c = 0; c < N; c++) {
        double dx = a * h - px, dy = b * h - py, dz = c * h - pz;
        double d2 = dx * dx + dy * dy + dz * dz;
        if (d2 < r2)
          acc += 1.0 / (1.0 + d2); /* HOT */
        else
          outside++;
      }
  printf("outside %ld\nacc %.17g\n", outside, acc);
  return 0;
}
