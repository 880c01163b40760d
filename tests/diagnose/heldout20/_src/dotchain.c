/* dotchain: correlation of a float template against many in-cache windows; the float sum is a
   reduction that gcc keeps scalar without fast-math (the order of additions would change). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define M 2048
static float tmpl[M], sig[M + 4096];
__attribute__((noinline)) float corr(const float *a, const float *b, int m) {
  float s = 0.0f;
  for (int k = 0; k < m; k++)
    s += a[k] * b[k];
  return s;
}
int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 200;
  for (int i = 0; i < M; i++) tmpl[i] = (float)((i * 37) % 101) / 101.0f;
  for (int i = 0; i < M + 4096; i++) sig[i] = (float)((i * 53) % 97) / 97.0f;
  struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
  float best = 0.0f;
  for (int r = 0; r < reps; r++)
    for (int off = 0; off < 4096; off += 4) {
      float c = corr(tmpl, sig + off, M);
      if (c > best) best = c;
    }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  double macs = (double)reps * 1024 * M;
  printf("reps=%d macs=%.3e seconds=%.4f ns_per_mac=%.4f best=%.3f\n", reps, macs, s, 1e9 * s / macs, best);
  return 0;
}
