/* Explicit update of a large field; every step a forked child writes a checkpoint checksum while the parent goes on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv)
{
  size_t n = argc > 1 ? strtoul(argv[1], 0, 10) : 50000000;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  int use_fork = argc > 3 ? atoi(argv[3]) : 1;
  const char *dir = argc > 4 ? argv[4] : ".";
  double *u = malloc(n * sizeof *u);
  for (size_t i = 0; i < n; i++) u[i] = (double)(i % 97);
  double t_update = 0, t0 = now();
  for (int s = 0; s < steps; s++) {
    if (use_fork) {
      pid_t p = fork();
      if (p == 0) {
        double sum = 0; for (size_t i = 0; i < n; i += 512) sum += u[i];
        char name[4096]; snprintf(name, sizeof name, "%s/ckpt.txt", dir);
        FILE *f = fopen(name, "w"); if (f) { fprintf(f, "%d %.6e\n", s, sum); fclose(f); }
        _exit(0);
      }
    }
    double a = now();
    for (size_t i = 0; i < n; i++) u[i] = 0.5 * u[i] + 1.0;
    t_update += now() - a;
    if (use_fork) while (waitpid(-1, 0, WNOHANG) > 0) {}
  }
  while (wait(0) > 0) {}
  double total = now() - t0;
  printf("steps %d  cells %zu  checkpoint child per step: %s\n", steps, n, use_fork ? "yes" : "no");
  printf("update time %.3f s (%.1f ms/step)\n", t_update, 1e3 * t_update / steps);
  printf("total time  %.3f s\n", total);
  printf("u[12345] = %.6f\n", u[12345]);
  return 0;
}
