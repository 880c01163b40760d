/* RK4 for many independent damped oscillators x'' = -k x - c x' (arrays stay in L1); prints GFLOP/s. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 512
static double x[N], v[N], k[N], c[N];
static void step(double h)
{
  for (int i = 0; i < N; i++) {
    double x0 = x[i], v0 = v[i], kk = k[i], cc = c[i];
    double a1 = -kk * x0 - cc * v0;
    double x2 = x0 + 0.5 * h * v0, v2 = v0 + 0.5 * h * a1;
    double a2 = -kk * x2 - cc * v2;
    double x3 = x0 + 0.5 * h * v2, v3 = v0 + 0.5 * h * a2;
    double a3 = -kk * x3 - cc * v3;
    double x4 = x0 + h * v3, v4 = v0 + h * a3;
    double a4 = -kk * x4 - cc * v4;
    x[i] = x0 + h / 6.0 * (v0 + 2.0 * v2 + 2.0 * v3 + v4);
    v[i] = v0 + h / 6.0 * (a1 + 2.0 * a2 + 2.0 * a3 + a4);
  }
}
int main(int argc, char **argv)
{
  long steps = argc > 1 ? atol(argv[1]) : 400000;
  for (int i = 0; i < N; i++) { x[i] = 1.0; v[i] = 0.0; k[i] = 1.0 + i * 1e-3; c[i] = 0.01; }
  struct timespec t0, t1, c0, c1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
  for (long s = 0; s < steps; s++) step(1e-4);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  double c = (c1.tv_sec - c0.tv_sec) + 1e-9 * (c1.tv_nsec - c0.tv_nsec);
  const double flops = 38.0; /* per oscillator per step, counted from the source */
  printf("oscillators=%d steps=%ld\n", N, steps);
  printf("time=%.3f s\n", t);
  printf("cpu=%.3f s\n", c);
  printf("GFLOP/s=%.2f\n", flops * N * steps / t * 1e-9);
  printf("GFLOP/s per cpu second=%.2f\n", flops * N * steps / c * 1e-9);
  printf("x[7]=%.9f\n", x[7]);
  return 0;
}
