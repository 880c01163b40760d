/* Tiled matmul C += A*B (n x n doubles), single-threaded, for a recorded replay table.
 * -DORDER=0..5 (ijk ikj jik jki kij kji inside a tile), -DTILE=T (T >= n: untiled).
 * usage: matmul_rows N REPS; prints cpu_s (thread CPU time of the REPS multiplies) and checksum. */
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#define BODY C[i * n + j] += A[i * n + k] * B[k * n + j]
#include "matmul_tile.h" /* src/perfscout/tune/kernels/: the tunable matmul's tile */
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 256, reps = argc > 2 ? atol(argv[2]) : 1;
  long t = TILE < n ? TILE : n;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n),
         *C = malloc(sizeof(double) * n * n);
  if (!A || !B || !C) return 2;
  for (long i = 0; i < n * n; i++) {
    A[i] = (double)((i * 7) % 11) - 5.0;
    B[i] = (double)((i * 3) % 13) - 6.0;
    C[i] = 0.0;
  }
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++)
    for (long ii = 0; ii < n; ii += t)
      for (long kk = 0; kk < n; kk += t)
        for (long jj = 0; jj < n; jj += t)
          tile(n, ii, MIN(ii + t, n), jj, MIN(jj + t, n), kk, MIN(kk + t, n), A, B, C);
  double el = ps_cpu() - t0;
  double sum = 0.0;
  for (long i = 0; i < n * n; i++) sum += C[i] * (double)(1 + i % 17);
  printf("cpu_s=%.6f checksum=%.17g\n", el, sum);
  free(A); free(B); free(C);
  return 0;
}
