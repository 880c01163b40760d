/* A worker pool of a fixed size that meets at a spinning barrier after every step. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static int W, N, STEPS; static double *u; static atomic_int arrived, gen;
static void barrier(void) {
  int g = atomic_load(&gen);
  if (atomic_fetch_add(&arrived, 1) == W - 1) { atomic_store(&arrived, 0); atomic_fetch_add(&gen, 1); }
  else while (atomic_load(&gen) == g) ;
}
static void *work(void *arg) {
  long id = (long)arg, lo = id * N / W, hi = (id + 1) * N / W;
  for (int s = 0; s < STEPS; s++) { for (long i = lo; i < hi; i++) u[i] = u[i] * 0.99 + 1e-3; barrier(); }
  return NULL;
}
int main(int argc, char **argv) {
  W = argc > 1 ? atoi(argv[1]) : 6; N = argc > 2 ? atoi(argv[2]) : 40000; STEPS = argc > 3 ? atoi(argv[3]) : 40;
  u = calloc(N, sizeof(double));
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  pthread_t t[64];
  for (long i = 0; i < W; i++) pthread_create(&t[i], NULL, work, (void *)i);
  for (int i = 0; i < W; i++) pthread_join(t[i], NULL);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("pool=%d cells=%d steps=%d time=%.3f s\n", W, N, STEPS, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
