/* Relaxation update whose per-element transfer function lives in another file (scale.c). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double scale(double v);

#define N 4096
static double x[N], y[N];

static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 60000;
  for (int i = 0; i < N; i++) {
    x[i] = (i % 11) * 0.1;
    y[i] = 0.0;
  }
  double t0 = cpu();
  for (int r = 0; r < reps; r++) {
    for (int i = 0; i < N; i++)
      y[i] = 0.5 * y[i] + scale(x[i]);
  }
  double t = cpu() - t0;
  double s = 0;
  for (int i = 0; i < N; i++) s += y[i];
  printf("reps=%d elements=%d cpu_s=%.3f ns_per_element=%.3f check=%.6e\n", reps, N, t,
         1e9 * t / ((double)reps * N), s);
  return 0;
}
