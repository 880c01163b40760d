/* Event logger: opens the log, appends one record and closes it again for every event. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "events.log";
  long n = argc > 2 ? atol(argv[2]) : 100000;
  int fixed = argc > 3 ? atoi(argv[3]) : 0;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  FILE *keep = fixed ? fopen(path, "w") : NULL;
  double v = 0.0;
  for (long i = 0; i < n; i++) {
    v = v * 0.999 + (double)(i % 13);
    FILE *f = fixed ? keep : fopen(path, "a");
    fprintf(f, "%ld %.6f\n", i, v);
    if (!fixed) fclose(f);
  }
  if (keep) fclose(keep);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("events=%ld elapsed=%.3f s\n", n, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
