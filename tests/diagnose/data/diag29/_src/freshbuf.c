/* A diffusion step that callocs a fresh 48 MB scratch field every step and frees it. */
#include <stdio.h>
#include <stdlib.h>
static void step(double *u, long n) {
  double *tmp = calloc(n, sizeof(double));
  for (long i = 1; i < n - 1; i++) tmp[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
  for (long i = 1; i < n - 1; i++) u[i] = tmp[i];
  free(tmp);
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 6000000;
  int steps = argc > 2 ? atoi(argv[2]) : 20;
  double *u = calloc(n, sizeof(double));
  u[n / 2] = 1.0;
  for (int s = 0; s < steps; s++) step(u, n);
  printf("cells=%ld steps=%d u_mid=%.6f\n", n, steps, u[n / 2]);
  free(u);
  return 0;
}
