/* A read head that slips: the shift added to the index is changed inside the
   loop (whenever the sample is positive), so the index is not a fixed linear function. */
#include <stdio.h>

#define N 20000
#define ROWS 120

static float sig[N], res[ROWS];

static int clampi(int v, int lo, int hi) { return v >= hi ? hi : (v <= lo ? lo : v); }

int main(void) {
  for (int t = 0; t < N; t++) sig[t] = (float)((t * 11) % 17) - 7.5f;
  for (int r = 0; r < ROWS; r++) {
    int shift = r * 3;
    float acc = 0.0f;
    for (int j = 0; j < N; j++) {
      float v = sig[clampi(j + shift, 0, N - 1)]; /* HOT */
      acc += v * 0.001f;
      if (v > 5.0f) shift += 1;
    }
    res[r] = acc;
  }
  double s = 0.0;
  for (int r = 0; r < ROWS; r++) s += res[r] * (double)(1 + r % 5);
  printf("checksum %.9g\n", s);
  return 0;
}
