/* Several centres, each added to a (NZ+1)x(NY+1)x(NX+1) density with inclusive loops.
   The loop order is z, y, x; the positions are offset node indices (i + 1) * h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 100
#define NY 90
#define NZ 80
#define IDX(k, j, i) (((k) * (NY + 1) + (j)) * (NX + 1) + (i))

int main(void) {
  const double h = 0.2, cut = 3.1;
  double *rho = calloc((size_t)(NX + 1) * (NY + 1) * (NZ + 1), sizeof(double));
  for (int c = 0; c < 6; c++) {
    double cx = 2.5 + 3.3 * c, cy = 4.0 + 2.1 * c, cz = 3.7 + 1.9 * c;
    double cut2 = cut * cut;
    for (int k = 0; k <= NZ; k++)
      for (int j = 0; j <= NY; j++)
        for (int i = 0; i <= NX; i++) {
          double ex = (i + 1) * h - cx;
          double ey = (j + 1) * h - cy;
          double ez = (k + 1) * h - cz;
          double q = ex * ex + ey * ey + ez * ez;
          if (q < cut2) rho[IDX(k, j, i)] += sqrt(cut2 - q); /* HOT */
        }
  }
  double s = 0.0;
  for (long t = 0; t < (long)(NX + 1) * (NY + 1) * (NZ + 1); t++) s += rho[t] * (double)(1 + t % 13);
  printf("checksum %.17g\n", s);
  free(rho);
  return 0;
}
