/* A fixed pool of worker threads (WORKERS, default 8) that meet at a spinning barrier every step. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <math.h>
static int nw, steps; static long n;
static double *u;
static atomic_int arrived; static atomic_int gen;
static void barrier(void) {
  int g = atomic_load(&gen);
  if (atomic_fetch_add(&arrived, 1) == nw - 1) { atomic_store(&arrived, 0); atomic_fetch_add(&gen, 1); }
  else while (atomic_load(&gen) == g) __builtin_ia32_pause();
}
static void *worker(void *arg) {
  long id = (long)arg, lo = n * id / nw, hi = n * (id + 1) / nw;
  for (int s = 0; s < steps; s++) {
    for (long i = lo; i < hi; i++) u[i] = 0.999 * u[i] + 0.001 * sqrt(u[i] + 1.0);
    barrier();
  }
  return NULL;
}
int main(int argc, char **argv) {
  n = argc > 1 ? atol(argv[1]) : 200000;
  steps = argc > 2 ? atoi(argv[2]) : 2000;
  const char *w = getenv("WORKERS");
  nw = w ? atoi(w) : 8;
  u = malloc(sizeof(double) * n);
  for (long i = 0; i < n; i++) u[i] = i % 10;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  pthread_t t[64];
  for (long i = 0; i < nw; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < nw; i++) pthread_join(t[i], NULL);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("workers=%d n=%ld steps=%d time=%.3f s check=%.6f\n", nw, n, steps,
         (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec), u[n / 3]);
  return 0;
}
