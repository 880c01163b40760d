/* Weights from a node table: the weight of node k reads the array xs[k], so the
   expression is not built from scalars alone. */
#include <math.h>
#include <stdio.h>

#define NS 1500
#define NN 1200

static double xs[NN], load[NS], out[NN];

int main(void) {
  const double beta = 0.75;
  for (int k = 0; k < NN; k++) xs[k] = 0.001 * (double)((k * 13) % 101);
  for (int s = 0; s < NS; s++) load[s] = (double)(s % 9) - 4.0;
  for (int s = 0; s < NS; s++) {
    double f = load[s];
    for (int k = 0; k < NN; k++) {
      double w = exp(-beta * xs[k]) * sqrt(1.0 + xs[k]); /* HOT */
      out[k] += f * w;
    }
    xs[s % NN] += 1e-6;
  }
  double c = 0.0;
  for (int k = 0; k < NN; k++) c += out[k] * (double)(1 + k % 4);
  printf("checksum %.17g\n", c);
  return 0;
}
