/* Truss stiffness: member-force sweep of a 2D truss stiffness matrix K[n][n] (row-major); the sweep walks columns innermost-by-row (stride n). -DROWS walks rows. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048, reps = argc > 2 ? atoi(argv[2]) : 8;
  double *K = malloc((size_t)n * n * sizeof *K), *u = malloc(n * sizeof *u), *f = calloc(n, sizeof *f);
  for (long i = 0; i < (long)n * n; i++) K[i] = 1.0 / (1 + i % 97);
  for (int i = 0; i < n; i++) u[i] = 1e-3 * (i % 13);
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  for (int r = 0; r < reps; r++)
#ifdef ROWS
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        f[i] += K[(long)i * n + j] * u[j];
#else
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++)
        f[i] += K[(long)i * n + j] * u[j];
#endif
  clock_gettime(CLOCK_MONOTONIC, &b);
  double s = 0; for (int i = 0; i < n; i++) s += f[i];
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("truss n=%d reps=%d sweep %.3f s  %.2f ns/entry  force sum %.6e\n", n, reps, t, 1e9 * t / ((double)n * n * reps), s);
  return 0;
}
