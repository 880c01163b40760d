/* The loop body calls a function that counts its calls in a global. */
#include <stdio.h>

static long calls = 0;
static double f(double v) { calls++; return v * 2.0 + (double)calls; }

int main(void) {
  double x[2000], y[2000];
  for (long i = 0; i < 2000; i++) x[i] = (double)(i % 5);
  for (long i = 0; i < 2000; i++)
    y[i] = f(x[i]); /* HOT */
  double s = 0.0;
  for (long i = 0; i < 2000; i++) s += y[i];
  printf("checksum %.17g calls %ld\n", s, calls);
  return 0;
}
