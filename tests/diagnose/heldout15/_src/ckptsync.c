/* Time-stepping loop that appends a small restart record (the step's 8 KB of diagnostics) to a file
 * and calls fsync after every record "so a crash loses nothing". Prints compute and output time.
 * Usage: ckptsync FILE STEPS */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "restart.dat";
  int steps = argc > 2 ? atoi(argv[2]) : 600;
  int n = 8000;
  double *u = malloc(sizeof(double) * n), rec[1024];
  for (int i = 0; i < n; i++) u[i] = 0.001 * i;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  double tc = 0, to = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = now();
    for (int i = 1; i < n - 1; i++) u[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]) + 1e-4 * sin(u[i]);
    for (int k = 0; k < 1024; k++) rec[k] = u[k * 7];
    double t1 = now();
    if (write(fd, rec, sizeof rec) != (ssize_t)sizeof rec) return 1;
    fsync(fd);
    to += now() - t1; tc += t1 - t0;
  }
  close(fd);
  printf("steps=%d compute_s=%.3f output_s=%.3f records=%d bytes=%ld\n", steps, tc, to, steps, (long)steps * (long)sizeof rec);
  return 0;
}
