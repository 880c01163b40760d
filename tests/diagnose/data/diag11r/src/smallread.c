/* Reads a file in 8 KiB blocks with O_DIRECT (every block goes to the device). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv) {
  size_t bs = argc > 2 ? atol(argv[2]) : 8192;
  int fd = open(argv[1], O_RDONLY | O_DIRECT);
  if (fd < 0) { perror("open"); return 1; }
  void *buf; if (posix_memalign(&buf, 4096, bs)) return 1;
  long tot = 0, sum = 0; ssize_t r;
  while ((r = read(fd, buf, bs)) > 0) { tot += r; sum += ((unsigned char *)buf)[0]; }
  close(fd);
  printf("bytes=%ld block=%zu sum=%ld\n", tot, bs, sum);
  return 0;
}
