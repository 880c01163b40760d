/* Wavefield snapshot writer: after each compute step every value of the field is written to the
   snapshot file at its own offset with one pwrite() of 8 bytes. Prints steps, values written,
   compute seconds and write seconds. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 50000, steps = argc > 2 ? atoi(argv[2]) : 4;
  const char *path = argc > 3 ? argv[3] : "snap.bin";
  double *u = malloc(n * sizeof *u), tc = 0.0, tw = 0.0;
  for (int i = 0; i < n; i++) u[i] = (i % 100) * 0.01;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (int s = 0; s < steps; s++) {
    double t0 = now();
    for (int i = 1; i < n - 1; i++) u[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
    double t1 = now(); tc += t1 - t0;
    for (int i = 0; i < n; i++) {
      off_t off = ((off_t)s * n + i) * (off_t)sizeof(double);
      if (pwrite(fd, &u[i], sizeof(double), off) != sizeof(double)) { perror("pwrite"); return 1; }
    }
    tw += now() - t1;
  }
  close(fd);
  printf("steps=%d values_written=%ld compute_s=%.4f write_s=%.4f MB=%.1f\n", steps, (long)n * steps, tc, tw, 8.0 * n * steps / 1e6);
  return 0;
}
