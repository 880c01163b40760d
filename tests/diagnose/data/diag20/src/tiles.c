/* Tiled transpose b = a^T of an n x n double matrix stored with leading dimension ld. With ld a
   power of two, the rows of a 64 x 64 tile are 16 KiB apart and all map to the same L1 sets.
   Prints the process CPU time (load-independent) or, with "rate", only the bandwidth. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double cpu(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = 2048, ld = argc > 1 ? atoi(argv[1]) : 2048, reps = 20, T = 64;
  int rate = argc > 2 && strcmp(argv[2], "rate") == 0;
  double *a = malloc(sizeof(double) * n * ld), *b = malloc(sizeof(double) * n * ld);
  for (long i = 0; i < (long)n * ld; i++) { a[i] = (double)(i % 1013); b[i] = 0; }
  double t0 = cpu();
  for (int r = 0; r < reps; r++)
    for (int ii = 0; ii < n; ii += T)
      for (int jj = 0; jj < n; jj += T)
        for (int i = ii; i < ii + T; i++)
          for (int j = jj; j < jj + T; j++) b[(long)j * ld + i] = a[(long)i * ld + j] + r;
  double s = cpu() - t0;
  if (rate) printf("ld=%d bandwidth=%.2f GB/s\n", ld, 2.0 * 8 * n * n * reps / s * 1e-9);
  else printf("n=%d ld=%d cpu=%.4f s check=%.0f\n", n, ld, s, b[(long)5 * ld + 7]);
  return 0;
}
