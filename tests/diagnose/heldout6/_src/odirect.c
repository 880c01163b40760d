/* Reads a data file in 4 KiB blocks opened with O_DIRECT (a "bypass the cache" option left on). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv) {
  const char *path = argv[1];
  int direct = argc > 2 ? atoi(argv[2]) : 1;
  size_t bs = argc > 3 ? (size_t)atol(argv[3]) : 4096;
  int fd = open(path, O_RDONLY | (direct ? O_DIRECT : 0));
  if (fd < 0) { perror("open"); return 1; }
  void *buf; if (posix_memalign(&buf, 4096, bs)) return 1;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  long total = 0; unsigned long sum = 0; ssize_t r;
  while ((r = read(fd, buf, bs)) > 0) { total += r; for (ssize_t i = 0; i < r; i += 64) sum += ((unsigned char *)buf)[i]; }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("read %ld bytes in %.3f s (%.1f MB/s) block=%zu direct=%d sum=%lu\n", total, t, total / t / 1e6, bs, direct, sum);
  close(fd);
  return 0;
}
