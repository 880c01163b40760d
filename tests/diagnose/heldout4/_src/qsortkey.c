/* Sorts records whose key is a decimal string; the comparator parses both keys every call. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { char key[24]; double parsed; int id; } rec;

int cmp_text(const void *a, const void *b) {
  double x = strtod(((const rec *)a)->key, NULL), y = strtod(((const rec *)b)->key, NULL);
  return (x > y) - (x < y);
}
int cmp_num(const void *a, const void *b) {
  double x = ((const rec *)a)->parsed, y = ((const rec *)b)->parsed;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000000;
  int fixed = argc > 2 ? atoi(argv[2]) : 0;
  rec *r = malloc(n * sizeof *r);
  unsigned s = 7;
  for (int i = 0; i < n; i++) { s = s * 1664525u + 1013904223u; snprintf(r[i].key, sizeof r[i].key, "%.9e", s / 4294967296.0 * 1e4); r[i].id = i; }
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  if (fixed) { for (int i = 0; i < n; i++) r[i].parsed = strtod(r[i].key, NULL); qsort(r, n, sizeof *r, cmp_num); }
  else qsort(r, n, sizeof *r, cmp_text);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("records %d first %s last %s sort_time %.3f s\n", n, r[0].key, r[n - 1].key, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
