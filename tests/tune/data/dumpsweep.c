/* A user's program that prints only its time: a 1-D smoothing sweep. Built with -DDUMP it also
 * prints a sample of its array (the program's own output switch, the spec's check.defines).
 * -DSHIFT=1 is a knob a tuning space exposes that changes the numbers (one element gets +1):
 * the timed output is the same line either way, only the dump shows the difference. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifndef SHIFT
#define SHIFT 0
#endif
#define LEN 100000
int main(int argc, char **argv) {
  int passes = argc > 1 ? atoi(argv[1]) : 4;
  double *a = malloc(sizeof(double) * LEN), *b = malloc(sizeof(double) * LEN);
  if (!a || !b) return 1;
  for (int i = 0; i < LEN; i++) a[i] = b[i] = (double)(i % 97);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int p = 0; p < passes; p++) {
    for (int i = 1; i < LEN - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0 + (SHIFT && i == LEN / 2 ? 1.0 : 0.0);
    double *t = a; a = b; b = t;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("Time: %.6f\n", (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
#ifdef DUMP
  for (int i = 0; i < LEN; i += 500) printf("%.9e\n", a[i]);
#endif
  free(a); free(b);
  return 0;
}
