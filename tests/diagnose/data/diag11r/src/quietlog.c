/* A trace message built with snprintf for every update; only warnings are kept. */
#include <stdio.h>
#include <stdlib.h>
static int level = 1; /* 0 trace, 1 warn */
static char last[256];
static void trace(int lv, double a, double b, long i) {
  char msg[256];
  snprintf(msg, sizeof msg, "update %ld: a=%.12g b=%.12g ratio=%.9e", i, a, b, a / (b + 1));
  if (lv >= level) { fputs(msg, stderr); fputc('\n', stderr); }
  else last[0] = msg[0];
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 600000;
  double a = 1, b = 2;
  for (long i = 0; i < n; i++) { a = 0.999 * a + 0.001 * b; b = b * 1.0000001; trace(0, a, b, i); }
  trace(1, a, b, n);
  printf("updates=%ld a=%.6f\n", n, a);
  return 0;
}
