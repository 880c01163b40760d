/* Event times re-sorted each frame with a hand-written quicksort (first element as pivot). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static void qs(double *a, long lo, long hi) {
  if (lo >= hi) return;
  double p = a[lo]; long i = lo, j = hi;
  while (i <= j) {
    while (a[i] < p) i++;
    while (a[j] > p) j--;
    if (i <= j) { double t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
  }
  qs(a, lo, j); qs(a, i, hi);
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000;
  int frames = argc > 2 ? atoi(argv[2]) : 5;
  double *a = malloc(sizeof(double) * n);
  for (long i = 0; i < n; i++) a[i] = i * 0.5;  /* arrives already in time order */
  struct timespec s, e; clock_gettime(CLOCK_MONOTONIC, &s);
  for (int f = 0; f < frames; f++) {
    for (long i = 0; i < n; i += 97) a[i] += 0.01 * f;  /* a few events move slightly */
    qs(a, 0, n - 1);
  }
  clock_gettime(CLOCK_MONOTONIC, &e);
  printf("n=%ld frames=%d time=%.3f s first=%.2f last=%.2f\n", n, frames,
         (e.tv_sec - s.tv_sec) + 1e-9 * (e.tv_nsec - s.tv_nsec), a[0], a[n - 1]);
  return 0;
}
