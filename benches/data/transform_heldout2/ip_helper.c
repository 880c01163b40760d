/* 1-D FIR filter with clamp-to-edge reads: the inner loop runs over the taps and
   reads the signal through a clamp helper of this file. */
#include <stdio.h>

#define N 60000
#define K 33
#define R (K / 2)

static float x[N], y[N], w[K];

static int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

int main(void) {
  for (int t = 0; t < N; t++) x[t] = (float)((t * 7) % 31) - 15.0f;
  for (int t = 0; t < K; t++) w[t] = 1.0f / (float)(1 + (t - R) * (t - R));
  for (int rep = 0; rep < 4; rep++) {
    for (int i = 0; i < N; i++) {
      float acc = 0.0f;
      for (int t = 0; t < K; t++)
        acc += w[t] * x[clampi(i + t - R, 0, N - 1)]; /* HOT */
      y[i] = acc * 0.25f;
    }
    for (int i = 0; i < N; i++) x[i] = y[i];
  }
  double s = 0.0;
  for (int i = 0; i < N; i++) s += x[i] * (double)(1 + i % 5);
  printf("checksum %.9g\n", s);
  return 0;
}
