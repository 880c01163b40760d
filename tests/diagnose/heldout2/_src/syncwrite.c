/* A checkpoint loop that writes 4 KB and calls fsync after every write. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <time.h>
int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "ckpt.bin";
  int n = argc > 2 ? atoi(argv[2]) : 2000;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  char buf[4096];
  memset(buf, 'x', sizeof buf);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int i = 0; i < n; i++) {
    if (write(fd, buf, sizeof buf) != sizeof buf) return 1;
    fsync(fd);
  }
  close(fd);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("writes=%d time=%.3f s\n", n,
         (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  return 0;
}
