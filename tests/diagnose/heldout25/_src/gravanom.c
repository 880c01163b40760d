/* Gravity anomaly: vertical attraction of buried point masses at surface stations, summed in long double (x87); -DDBL double. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
#ifdef DBL
typedef double real;
#define SQ sqrt
#else
typedef long double real;
#define SQ sqrtl
#endif
int main(int argc, char **argv) {
  int ns = argc > 1 ? atoi(argv[1]) : 2000, nm = argc > 2 ? atoi(argv[2]) : 4000;
  real *mx = malloc(nm * sizeof *mx), *mz = malloc(nm * sizeof *mz), *mm = malloc(nm * sizeof *mm);
  for (int k = 0; k < nm; k++) { mx[k] = (k * 37 % 1000) * 10.0; mz[k] = 100 + k % 300; mm[k] = 1e9 * (1 + k % 3); }
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  double total = 0;
  for (int s = 0; s < ns; s++) {
    real x = s * 5.0, g = 0;
    for (int k = 0; k < nm; k++) {
      real dx = x - mx[k], z = mz[k];
      real r2 = dx * dx + z * z;
      g += mm[k] * z / (r2 * SQ(r2));
    }
    total += (double)(6.674e-11L * g);
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("gravanom stations=%d masses=%d real=%zu bytes  %.3f s  %.2f ns/pair  mean dg %.6e m/s2\n", ns, nm, sizeof(real), t, 1e9 * t / ((double)ns * nm), total / ns);
  return 0;
}
