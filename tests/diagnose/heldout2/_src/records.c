/* Writes 400k 24-byte records with one write(2) each. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <time.h>
int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "records.bin";
  long n = argc > 2 ? atol(argv[2]) : 400000L;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  char rec[24];
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (long i = 0; i < n; i++) {
    memset(rec, 0, sizeof rec);
    memcpy(rec, &i, sizeof i);
    if (write(fd, rec, sizeof rec) != sizeof rec) return 1;
  }
  close(fd);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("records=%ld bytes_per_write=24 time=%.3f s\n", n,
         (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  return 0;
}
