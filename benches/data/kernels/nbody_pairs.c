/* Pairwise gravitational accelerations of n bodies (all pairs, softened), single precision,
 * single-threaded, for the PRE-REGISTERED replay table nbody_pairs
 * (benches/data/nbody_pairs_prereg.md): not used to tune the guide. Positions and masses are
 * stored as four float arrays (structure of arrays, 4 n floats: L1/L2 resident); the j loop is
 * a reduction into three sums per body i, each pair costing a square root and a division.
 * -DJB=b processes the j bodies in blocks of b (every i over one block before the next block);
 * -DFORM=0 computes 1/r^3 as inv*inv*inv with inv = 1/sqrtf(r2), FORM=1 as powf(r2, -1.5f);
 * -DUNROLL=U (GCC unroll pragma on the j loop).
 * usage: nbody_pairs N REPS; prints cpu_s (the kernel loop's thread CPU time), a checksum. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef JB
#define JB (1 << 30)
#endif
#ifndef FORM
#define FORM 0
#endif
#include "ps_unroll.h"

#define EPS2 1e-3f

static uint64_t rs = 88172645463325252ULL;
static uint64_t xs(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static float u01(void) { return (float)(xs() >> 40) / (float)(1 << 24); }

static void accel(int n, const float *restrict x, const float *restrict y,
                  const float *restrict z, const float *restrict m, float *restrict ax,
                  float *restrict ay, float *restrict az) {
  for (int i = 0; i < n; i++) { ax[i] = 0.0f; ay[i] = 0.0f; az[i] = 0.0f; }
  for (int j0 = 0; j0 < n; j0 += JB) {
    int j1 = n - j0 > JB ? j0 + JB : n;
    for (int i = 0; i < n; i++) {
      float xi = x[i], yi = y[i], zi = z[i], sx = 0.0f, sy = 0.0f, sz = 0.0f;
      PS_UNROLL for (int j = j0; j < j1; j++) {
        float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
        float r2 = dx * dx + dy * dy + dz * dz + EPS2;
#if FORM == 0
        float inv = 1.0f / sqrtf(r2);
        float s = m[j] * inv * inv * inv;
#else
        float s = m[j] * powf(r2, -1.5f);
#endif
        sx += dx * s; sy += dy * s; sz += dz * s;
      }
      ax[i] += sx; ay[i] += sy; az[i] += sz;
    }
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  long reps = argc > 2 ? atol(argv[2]) : 1;
  float *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * n),
        *z = malloc(sizeof(float) * n), *m = malloc(sizeof(float) * n);
  float *ax = malloc(sizeof(float) * n), *ay = malloc(sizeof(float) * n),
        *az = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    x[i] = u01(); y[i] = u01(); z[i] = u01(); m[i] = 0.5f + u01() / (float)n;
  }
  double sum = 0.0;
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++) {
    accel(n, x, y, z, m, ax, ay, az);
    sum += (double)ax[r % n] + (double)ay[(r * 3) % n] + (double)az[(r * 7) % n];
    x[r % n] += 1e-6f * ax[(r * 5) % n]; /* a dependence between repetitions */
  }
  double el = ps_cpu() - t0;
  for (int i = 0; i < n; i++) sum += (double)ax[i] * (double)(1 + i % 7);
  printf("cpu_s=%.6f checksum=%.6g\n", el, sum);
  return 0;
}
