/* softplus of a block of activations, many passes: log(1 + exp(x)) through the vector math library. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = 8192, passes = argc > 1 ? atoi(argv[1]) : 20000;
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double)), s = 0;
  for (int i = 0; i < n; i++) x[i] = (i % 200) * 0.01 - 1.0;
  for (int p = 0; p < passes; p++) {
    for (int i = 0; i < n; i++) y[i] = exp(x[i] * 0.5);
    s += y[p % n];
  }
  printf("passes=%d n=%d s=%.4f\n", passes, n, s);
  return 0;
}
