/* Upper-cases a long string; the loop condition calls strlen on every iteration. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
void upcase(char *s) {
  for (size_t i = 0; i < strlen(s); i++) s[i] = (char)toupper((unsigned char)s[i]);
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 60000;
  char *s = malloc(n + 1);
  for (long i = 0; i < n; i++) s[i] = 'a' + (i % 26);
  s[n] = 0;
  double t0 = now();
  upcase(s);
  printf("length=%ld\ntime=%.4f s\nfirst=%c\n", n, now() - t0, s[0]);
  return 0;
}
