/* pitchstats.c sports analytics: kinetic-energy total of ball-tracking samples (float sum reduction) per rally. */
#include <stdio.h>
#include <stdlib.h>
#define N 4096
float energy(const float *restrict vx, const float *restrict vy, const float *restrict vz, int n) {
  float s = 0.f;
#ifdef SIMD
#pragma omp simd reduction(+:s)
#endif
  for (int i = 0; i < n; i++)
    s += vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i];
  return s;
}
int main(int argc, char **argv) {
  int rallies = argc > 1 ? atoi(argv[1]) : 100000;
  float *vx = malloc(N * 4), *vy = malloc(N * 4), *vz = malloc(N * 4);
  for (int i = 0; i < N; i++) { vx[i] = (i % 17) * 0.1f; vy[i] = (i % 5) * 0.2f; vz[i] = (i % 3) * 0.05f; }
  double tot = 0;
  for (int r = 0; r < rallies; r++) { vx[r % N] += 1e-6f; tot += energy(vx, vy, vz, N); }
  printf("rallies %d samples %d energy %.6e\n", rallies, N, tot);
  return 0;
}
