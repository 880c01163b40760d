#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "trace.h"

/* a test body around a central mass, leapfrog, every step traced */
int main(int argc, char **argv) {
  int bodies = argc > 1 ? atoi(argv[1]) : 8, steps = argc > 2 ? atoi(argv[2]) : 4000;
  double dt = 1e-3;
  trace_start(bodies);
  for (int b = 0; b < bodies; b++) {
    double x = 1.0 + 0.1 * b, y = 0.0, vx = 0.0, vy = 1.0 / sqrt(x) * (1.0 - 0.02 * b);
    for (int s = 0; s < steps; s++) {
      double r3 = pow(x * x + y * y, 1.5);
      vx -= 0.5 * dt * x / r3; vy -= 0.5 * dt * y / r3;
      x += dt * vx; y += dt * vy;
      r3 = pow(x * x + y * y, 1.5);
      vx -= 0.5 * dt * x / r3; vy -= 0.5 * dt * y / r3;
      trace_point(b, (s + 1) * dt, x, y);
    }
  }
  return 0;
}
