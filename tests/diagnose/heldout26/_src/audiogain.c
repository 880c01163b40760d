/* audiogain.c: audio, a 4-band gain/compressor stage applied to a float PCM buffer (48 kHz,
   60 s), block after block; shipped build script uses -O1 (no auto-vectorization); the variant is
   the same source built -O3 -march=native. Argument: passes. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#define N (48000 * 60)
static float in[N], out[N];
void stage(const float *restrict x, float *restrict y, int n, float g0, float g1, float g2, float g3) {
  for (int i = 0; i < n; i++) {
    float a = x[i] * g0, b = a * a * g1;
    float c = a - b * a * g2;
    y[i] = c * g3 + 0.5f * y[i];
  }
}
int main(int argc, char **argv) {
  int passes = argc > 1 ? atoi(argv[1]) : 200;
  for (int i = 0; i < N; i++) in[i] = (float)((i % 2000) * 7 % 2000 - 1000) * 0.0009f;
  double t0 = now();
  for (int p = 0; p < passes; p++) stage(in, out, N, 0.9f, 0.05f + 1e-5f * p, 0.3f, 0.8f);
  double t = now() - t0; double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("audiogain passes %d samples %d time %.3f s  %.3f ns/sample  sum %.6f\n", passes, N, t, 1e9 * t / ((double)N * passes), s);
  return 0;
}
