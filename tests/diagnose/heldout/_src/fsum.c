/* A float sum reduction over an in-cache array: without -ffast-math gcc keeps it scalar. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
float dot(const float *a, const float *b, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int reps = argc > 2 ? atoi(argv[2]) : 200000;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) { a[i] = 1.0f / (i + 1); b[i] = (float)(i % 3); }
  float s = 0; double t0 = now();
  for (int r = 0; r < reps; r++) { s += dot(a, b, n); a[r % n] += 1e-7f; }
  double t = now() - t0;
  printf("time=%.4f s\nGFLOP/s=%.3f\nsum=%g\n", t, 2.0 * n * reps / t / 1e9, s);
  return 0;
}
