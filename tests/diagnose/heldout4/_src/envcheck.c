/* Damped update of a signal; the debug switch is looked up in the environment per sample. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000;
  int reps = argc > 2 ? atoi(argv[2]) : 500;
  int fixed = argc > 3 ? atoi(argv[3]) : 0;
  double *s = malloc(n * sizeof *s), acc = 0.0;
  for (int i = 0; i < n; i++) s[i] = (i % 17) * 0.1;
  int dbg0 = getenv("SIGNAL_DEBUG") != NULL;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++) {
      int dbg = fixed ? dbg0 : getenv("SIGNAL_DEBUG") != NULL;
      s[i] = 0.9 * s[i] + 0.1 * (i & 7);
      if (dbg) fprintf(stderr, "%d %g\n", i, s[i]);
      acc += s[i];
    }
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("samples=%d reps=%d acc=%.3f time=%.3f s\n", n, reps, acc, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
