/* Cumulative table of a Gaussian weight: P[k] = sum_{i<=k} w*exp(-x_i^2/2), each entry summed from
   scratch. Prints the CPU time per table size given on the command line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

__attribute__((noinline)) static void build(double *P, int n) {
  double h = 8.0 / n, w = h / sqrt(2.0 * M_PI);
  for (int k = 0; k < n; ++k) {
    double s = 0.0;
    for (int i = 0; i <= k; ++i) {
      double x = -4.0 + i * h;
      s += w * exp(-0.5 * x * x);
    }
    P[k] = s;
  }
}

int main(int argc, char **argv) {
  for (int a = 1; a < argc; ++a) {
    int n = atoi(argv[a]);
    double *P = malloc(n * sizeof *P);
    double t0 = cpu();
    build(P, n);
    double t1 = cpu();
    printf("n=%6d cpu_s=%8.4f ns_per_entry=%9.1f P[n/2]=%.6f P[n-1]=%.6f\n", n, t1 - t0, 1e9 * (t1 - t0) / n,
           P[n / 2], P[n - 1]);
    free(P);
  }
  return 0;
}
