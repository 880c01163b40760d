/* pdeposit: cloud-in-cell charge deposition of np particles on an n x n grid (PIC).
   Usage: pdeposit n np steps [random|sorted]. "random" keeps the particles in the order they were
   created (random cells); "sorted" orders them by cell first. Prints time per particle and the
   nominal bytes moved per second. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { double x, y; } part;
static unsigned long long rs = 88172645463325252ULL;
static double urand(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (rs >> 11) * (1.0 / 9007199254740992.0); }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static int gn;
static int bycell(const void *a, const void *b) {
  const part *p = a, *q = b;
  long ka = (long)p->y * gn + (long)p->x, kb = (long)q->y * gn + (long)q->x;
  return (ka > kb) - (ka < kb);
}

static void deposit(const part *p, long np, double *rho, int n) {
  for (long i = 0; i < np; i++) {
    int ix = (int)p[i].x, iy = (int)p[i].y;
    double fx = p[i].x - ix, fy = p[i].y - iy;
    double *r = rho + (size_t)iy * n + ix;
    r[0] += (1 - fx) * (1 - fy); r[1] += fx * (1 - fy);
    r[n] += (1 - fx) * fy; r[n + 1] += fx * fy;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  long np = argc > 2 ? atol(argv[2]) : 4000000;
  int steps = argc > 3 ? atoi(argv[3]) : 3;
  int sorted = argc > 4 && strcmp(argv[4], "sorted") == 0;
  part *p = malloc(np * sizeof *p);
  double *rho = calloc((size_t)n * n, sizeof *rho);
  for (long i = 0; i < np; i++) { p[i].x = urand() * (n - 1); p[i].y = urand() * (n - 1); }
  gn = n;
  if (sorted) qsort(p, np, sizeof *p, bycell);
  double t0 = now();
  for (int s = 0; s < steps; s++) deposit(p, np, rho, n);
  double t = now() - t0, q = 0;
  for (size_t i = 0; i < (size_t)n * n; i++) q += rho[i];
  printf("pdeposit grid %d x %d (%.1f MB), %ld particles (%s order), %d steps\n", n, n,
         8.0 * n * n / 1e6, np, sorted ? "cell-sorted" : "creation", steps);
  printf("deposit time %.3f s  %.2f ns/particle  nominal traffic %.2f GB/s  (charge %.1f)\n", t,
         1e9 * t / (np * (double)steps), (np * (double)steps) * (16 + 4 * 16) / t / 1e9, q);
  return 0;
}
