/* A user's program (not a bundled kernel): a horizontal box blur of an image, repeated.
 * Knobs a user would expose: -DBLOCK=B processes each row in strips of B pixels; the
 * environment variable ROWBLUR_SPLIT=1 splits the work into two half-images (same result).
 * Prints the result line the experiment runner reads. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifndef BLOCK
#define BLOCK 64
#endif
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static void blur(long w, long r0, long r1, const float *in, float *out) {
  for (long r = r0; r < r1; r++)
    for (long c0 = 1; c0 < w - 1; c0 += BLOCK) {
      long c1 = c0 + BLOCK < w - 1 ? c0 + BLOCK : w - 1;
      for (long c = c0; c < c1; c++)
        out[r * w + c] = (in[r * w + c - 1] + in[r * w + c] + in[r * w + c + 1]) * (1.0f / 3);
    }
}
int main(int argc, char **argv) {
  long w = argc > 1 ? atol(argv[1]) : 1024, passes = argc > 2 ? atol(argv[2]) : 20, h = 256;
  const char *split = getenv("ROWBLUR_SPLIT");
  float *a = malloc(sizeof(float) * w * h), *b = malloc(sizeof(float) * w * h);
  if (!a || !b || w < 3) return 1;
  for (long i = 0; i < w * h; i++) a[i] = b[i] = (float)(i % 251);
  double t0 = now();
  for (long p = 0; p < passes; p++) {
    if (split && split[0] == '1') {
      blur(w, 0, h / 2, a, b);
      blur(w, h / 2, h, a, b);
    } else {
      blur(w, 0, h, a, b);
    }
    float *t = a; a = b; b = t;
  }
  double dt = now() - t0;
  double sum = 0.0;
  for (long i = 0; i < w * h; i += 13) sum += a[i];
  printf("PERFSCOUT kernel=rowblur n=%ld threads=1 time_s=%.6f metric=mpix value=%.3f "
         "checksum=%.9e\n", w, dt, (double)w * h * passes / dt / 1e6, sum);
  free(a); free(b);
  return 0;
}
