/* duffing.c: ensemble of forced Duffing oscillators (vibration isolators), symplectic-Euler steps. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef DBL
typedef double real;
#else
typedef long double real;
#endif
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#define NE 4096
static real xs[NE], vs[NE], fs[NE];
int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 20000;
  const real dt = 1e-3, w2 = 1.3, beta = 0.4, gam = 0.05;
  for (int e = 0; e < NE; e++) { xs[e] = 0.01 * (e % 50); vs[e] = 0; fs[e] = 0.2 + 1e-4 * e; }
  double t0 = now();
  for (int s = 0; s < steps; s++) {
    for (int e = 0; e < NE; e++) {
      real x = xs[e];
      real a = fs[e] - w2 * x - beta * x * x * x - gam * vs[e];
      vs[e] += dt * a;
      xs[e] = x + dt * vs[e];
    }
  }
  double el = now() - t0;
  double sum = 0; for (int e = 0; e < NE; e++) sum += (double)xs[e];
  printf("oscillators %d steps %d sizeof(real) %zu  time %.3f s  %.2f ns/update  mean x %.6f\n", NE, steps,
         sizeof(real), el, el * 1e9 / ((double)NE * steps), sum / NE);
  return 0;
}
