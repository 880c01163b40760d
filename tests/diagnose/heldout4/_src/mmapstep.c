/* Time stepping with a scratch field mapped fresh (mmap) and released (munmap) every step. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

int main(int argc, char **argv) {
  size_t mb = argc > 1 ? atol(argv[1]) : 128;
  int steps = argc > 2 ? atoi(argv[2]) : 30;
  int fixed = argc > 3 ? atoi(argv[3]) : 0;
  size_t n = mb * 1024 * 1024 / sizeof(double);
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  double s = 0.0, *w = NULL;
  for (int st = 0; st < steps; st++) {
    if (!fixed || !w) w = mmap(NULL, n * sizeof(double), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    for (size_t i = 0; i < n; i += 64) w[i] = st + i * 1e-9;   /* sparse update: one value per 512 B */
    for (size_t i = 0; i < n; i += 512) s += w[i];
    if (!fixed) munmap(w, n * sizeof(double));
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("steps: %d\nfield: %zu MB\nsum: %.3f\nwall: %.3f s\n", steps, mb, s, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
