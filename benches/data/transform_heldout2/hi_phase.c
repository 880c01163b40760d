/* Accumulate damped cosine modes weighted by a signal: the mode weight depends only
   on the mode index k, yet it is recomputed for every sample t. */
#include <math.h>
#include <stdio.h>

#define NT 1500
#define NK 1200

static double sig[NT], spec[NK];

int main(void) {
  const double omega = 0.0137, damp = 0.0021;
  for (int t = 0; t < NT; t++) sig[t] = (double)((t * 7) % 19) - 9.0;
  for (int t = 0; t < NT; t++) {
    double amp = sig[t] * 0.001;
    for (int k = 0; k < NK; k++) {
      double w = cos(omega * k) * exp(-damp * k); /* HOT */
      spec[k] += amp * w;
    }
  }
  double s = 0.0;
  for (int k = 0; k < NK; k++) s += spec[k] * (double)(1 + k % 5);
  printf("checksum %.17g\n", s);
  return 0;
}
