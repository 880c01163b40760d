/* reflect.c: radar reflectivity Z = sum N(D) D^6 over a 4096-bin drop-size spectrum (L1/L2 resident), recomputed for 200000 radar gates; zsum is an in-order float reduction (line 12); -DSIMD marks it omp simd reduction (build with -fopenmp-simd). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define NB 4096
__attribute__((noinline)) static float zsum(const float *nd, const float *d6, int n, float scale) {
  float z = 0.0f;
#ifdef SIMD
#pragma omp simd reduction(+:z)
#endif
  for (int i = 0; i < n; i++)
    z += nd[i] * d6[i] * scale;
  return z;
}
int main(int argc, char **argv) {
  int gates = argc > 1 ? atoi(argv[1]) : 200000;
  static float nd[NB], d6[NB];
  for (int i = 0; i < NB; i++) { float d = 0.1f + i * 0.001f; d6[i] = d * d * d * d * d * d; nd[i] = 8000.0f / (1.0f + i); }
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  double acc = 0;
  for (int g = 0; g < gates; g++) acc += zsum(nd, d6, NB, 1.0f + (g % 17) * 1e-3f);
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("reflect: gates=%d bins=%d time=%.3f s  ns/bin=%.3f  meanZ=%.4e\n", gates, NB, t, 1e9 * t / ((double)gates * NB), acc / gates);
  return 0;
}
