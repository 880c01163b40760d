/* Writes its output one byte per write() call (no buffering). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 400000;
  const char *path = argc > 2 ? argv[2] : "out.bin";
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  double t0 = now(), acc = 0;
  for (long i = 0; i < n; i++) { char c = 'a' + (i % 26); acc += i * 0.5; if (write(fd, &c, 1) != 1) return 1; }
  close(fd);
  double t = now() - t0;
  printf("bytes=%ld\ntime=%.4f s\nthroughput=%.3f MB/s\nacc=%g\n", n, t, n / t / 1e6, acc);
  return 0;
}
