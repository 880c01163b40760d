/* Each step allocates a fresh 32 MB buffer, touches it once, frees it: the memory goes back
   to the OS each time and every page faults again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 300;
  size_t sz = 32u << 20;
  double s = 0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int k = 0; k < steps; k++) {
    char *b = malloc(sz);
    memset(b, k & 0xff, sz);
    s += b[(k * 4099) % sz];
    free(b);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("steps=%d buffer=32 MB time=%.3f s\n", steps,
         (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  printf("s=%g\n", s);
  return 0;
}
