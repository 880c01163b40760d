/* Reversed, decimated resampling: row r reads src at off - 2*j, clamped with
   fmin/fmax; the offset varies between rows so the first and last rows touch the edges. */
#include <math.h>
#include <stdio.h>

#define NSRC 4000
#define NOUT 1500
#define ROWS 400

static double src[NSRC], dst[ROWS][NOUT];

int main(void) {
  const double hi = NSRC - 1.0;
  for (int t = 0; t < NSRC; t++) src[t] = sin(0.01 * t) + 0.001 * (t % 17);
  for (int r = 0; r < ROWS; r++) {
    double off = 2990.0 + 2.6 * r;
    for (int j = 0; j < NOUT; j++)
      dst[r][j] = 0.5 * dst[r][j] + src[(int)fmin(fmax(off - 2.0 * j, 0.0), hi)]; /* HOT */
  }
  double s = 0.0;
  for (int r = 0; r < ROWS; r++)
    for (int j = 0; j < NOUT; j++) s += dst[r][j] * (double)(1 + (r + j) % 7);
  printf("checksum %.17g\n", s);
  return 0;
}
