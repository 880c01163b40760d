/* trajdump: molecular-dynamics-like loop that appends one 4 KB trajectory frame per step to
   traj.bin, opened with O_DSYNC (each write returns only when the data is on the disk).
   Usage: trajdump steps. Prints the compute and output times. */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 300;
  enum { NA = 512 };
  double x[NA], v[NA];
  for (int i = 0; i < NA; i++) { x[i] = i * 0.01; v[i] = 0; }
  int fd = open("traj.bin", O_WRONLY | O_CREAT | O_TRUNC | O_DSYNC, 0644);
  if (fd < 0) { perror("traj.bin"); return 1; }
  double tc = 0, tw = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = now();
    for (int k = 0; k < 20; k++)
      for (int i = 0; i < NA; i++) { v[i] -= 1e-3 * sin(x[i]); x[i] += 1e-3 * v[i]; }
    double t1 = now();
    if (write(fd, x, sizeof x) != (ssize_t)sizeof x) { perror("write"); return 1; }
    tw += now() - t1; tc += t1 - t0;
  }
  close(fd);
  printf("trajdump: %d steps, compute %.3f s, frame output %.3f s (%d frames of %zu bytes)\n", steps, tc, tw, steps, sizeof x);
  return 0;
}
