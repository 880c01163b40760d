/* Heat update where each cell finds its material's conductivity by name (bsearch over the
   sorted material table) on every step. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define NMAT 64
struct mat { char name[32]; double k; };
static struct mat table[NMAT];
static int cmp(const void *a, const void *b) { return strcmp(((const struct mat *)a)->name, ((const struct mat *)b)->name); }
static double conductivity(const char *name) {
  struct mat key; strncpy(key.name, name, sizeof key.name);
  struct mat *m = bsearch(&key, table, NMAT, sizeof table[0], cmp);
  return m ? m->k : 0.0;
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000;
  int steps = argc > 2 ? atoi(argv[2]) : 20;
  for (int m = 0; m < NMAT; m++) { snprintf(table[m].name, 32, "material-alloy-%03d", m); table[m].k = 1.0 + 0.01 * m; }
  qsort(table, NMAT, sizeof table[0], cmp);
  char (*cellmat)[32] = malloc(32 * n);
  double *t = malloc(sizeof(double) * n), *tn = malloc(sizeof(double) * n);
  for (long i = 0; i < n; i++) { snprintf(cellmat[i], 32, "material-alloy-%03ld", (i / 1000) % NMAT); t[i] = (i % 10) * 10.0; }
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  for (int s = 0; s < steps; s++) {
    for (long i = 1; i < n - 1; i++) tn[i] = t[i] + 0.1 * conductivity(cellmat[i]) * (t[i - 1] - 2 * t[i] + t[i + 1]);
    double *x = t; t = tn; tn = x; t[0] = tn[0]; t[n - 1] = tn[n - 1];
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("cells=%ld steps=%d time=%.3f s t[mid]=%.6f\n", n, steps, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec), t[n / 2]);
  return 0;
}
