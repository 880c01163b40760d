/* volrender.c: graphics, maximum-intensity projection of a volume slice stack onto an image, the
   image plane img[y][x] (row-major) accumulated with x in the outer loop and y inner (stride W floats).
   -DROWS walks y outer, x inner. Arguments: size (W = H), slices. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048, ns = argc > 2 ? atoi(argv[2]) : 24;
  float *img = calloc((size_t)n * n, sizeof(float)), *sl = malloc((size_t)n * n * sizeof(float));
  for (size_t i = 0; i < (size_t)n * n; i++) sl[i] = (float)((i * 2654435761u) % 1000) * 0.001f;
  double t0 = now();
  for (int s = 0; s < ns; s++) {
    float w = 1.0f - 0.01f * s;
#ifdef ROWS
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++) {
#else
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++) {
#endif
        float v = w * sl[(size_t)y * n + x];
        if (v > img[(size_t)y * n + x]) img[(size_t)y * n + x] = v;
      }
  }
  double t = now() - t0; double sum = 0;
  for (size_t i = 0; i < (size_t)n * n; i++) sum += img[i];
  printf("volrender size %d slices %d time %.3f s  %.2f ns/pixel  checksum %.4f\n", n, ns, t, 1e9 * t / ((double)n * n * ns), sum);
  return 0;
}
