/* Orbit integration (leapfrog, 2-body problem in the plane) carried out entirely in __float128 for
   accuracy. Prints the energy drift and the CPU time. */
#include <quadmath.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
  long nsteps = argc > 1 ? atol(argv[1]) : 2000000;
  __float128 x = 1, y = 0, vx = 0, vy = 1.1Q, dt = 1e-4Q;
  __float128 r2 = x * x + y * y, r = sqrtq(r2);
  __float128 e0 = 0.5Q * (vx * vx + vy * vy) - 1 / r;
  struct timespec t0, t1;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
  for (long s = 0; s < nsteps; ++s) {
    r2 = x * x + y * y;
    __float128 ir3 = 1 / (r2 * sqrtq(r2));
    vx -= 0.5Q * dt * x * ir3; vy -= 0.5Q * dt * y * ir3;
    x += dt * vx; y += dt * vy;
    r2 = x * x + y * y;
    ir3 = 1 / (r2 * sqrtq(r2));
    vx -= 0.5Q * dt * x * ir3; vy -= 0.5Q * dt * y * ir3;
  }
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
  r = sqrtq(x * x + y * y);
  __float128 e1 = 0.5Q * (vx * vx + vy * vy) - 1 / r;
  double c = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("steps=%ld cpu_s=%.3f ns_per_step=%.1f energy0=%.15f rel_drift=%.3e\n", nsteps, c, 1e9 * c / nsteps,
         (double)e0, (double)((e1 - e0) / e0));
  return 0;
}
