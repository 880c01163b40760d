/* pagebuf: spectral-filter step that maps a fresh anonymous 64 MB work buffer with mmap every
   step, fills and reduces it, and unmaps it again. Usage: pagebuf steps [MB].
   Prints the time per step. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

static double filter_step(const double *in, long n, int s) {
  size_t bytes = n * sizeof(double);
  double *w = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (w == MAP_FAILED) { perror("mmap"); exit(1); }
  for (long i = 0; i < n; i++) w[i] = 0.5 * in[i & 4095] + s;
  double acc = 0;
  for (long i = 0; i < n; i += 8) acc += w[i];
  munmap(w, bytes);
  return acc;
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 30;
  long mb = argc > 2 ? atol(argv[2]) : 64, n = mb * 1024 * 1024 / 8;
  double in[4096], acc = 0;
  for (int i = 0; i < 4096; i++) in[i] = i % 37;
  double t0 = now();
  for (int s = 0; s < steps; s++) acc += filter_step(in, n, s);
  double t = now() - t0;
  printf("pagebuf: %d steps with a %ld MB work buffer: %.3f s, %.1f ms/step (acc %.4e)\n", steps, mb, t, 1e3 * t / steps, acc);
  return 0;
}
