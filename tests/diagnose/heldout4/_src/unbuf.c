/* Writes n fixed-size binary records to a file whose stream buffering was switched off. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct { int step; float x, y, z; } sample; /* 16 bytes */

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "samples.bin";
  long n = argc > 2 ? atol(argv[2]) : 400000;
  int fixed = argc > 3 ? atoi(argv[3]) : 0;
  FILE *f = fopen(path, "wb");
  if (!fixed) setvbuf(f, NULL, _IONBF, 0);
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (long i = 0; i < n; i++) { sample s = {(int)i, i * 0.1f, i * 0.2f, i * 0.3f}; fwrite(&s, sizeof s, 1, f); }
  fclose(f);
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("records: %ld\nbytes: %ld\nelapsed: %.3f s\nthroughput: %.2f MB/s\n", n, n * 16, t, n * 16 / t / 1e6);
  return 0;
}
