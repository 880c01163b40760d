/* Points within an L1 (diamond) neighbourhood: the tested quantity is a sum of
   absolute distances, not a sum of squares. */
#include <math.h>
#include <stdio.h>

#define NX 1500
#define NY 1200

static float img[NY][NX];

int main(void) {
  const float h = 0.01f, mx = 7.3f, my = 6.1f, rad = 2.2f;
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      float dx = x * h - mx, dy = y * h - my;
      float l1 = fabsf(dx) + fabsf(dy);
      if (l1 < rad) img[y][x] += 1.0f - l1 / rad; /* HOT */
    }
  double s = 0.0;
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) s += img[y][x] * (double)(1 + (x + 3 * y) % 5);
  printf("checksum %.9g\n", s);
  return 0;
}
