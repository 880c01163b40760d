/* Walk a linked list whose nodes are shuffled over 256 MB: one dependent load per step. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
struct node { struct node *next; long pad[7]; };
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000L;
  long steps = argc > 2 ? atol(argv[2]) : 20000000L;
  struct node *nodes = malloc(n * sizeof *nodes);
  long *perm = malloc(n * sizeof *perm);
  for (long i = 0; i < n; i++) perm[i] = i;
  srand(7);
  for (long i = n - 1; i > 0; i--) {
    long j = ((long)rand() * RAND_MAX + rand()) % (i + 1);
    long t = perm[i]; perm[i] = perm[j]; perm[j] = t;
  }
  for (long i = 0; i < n; i++) nodes[perm[i]].next = &nodes[perm[(i + 1) % n]];
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  struct node *p = &nodes[perm[0]];
  for (long s = 0; s < steps; s++) p = p->next;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("steps=%ld time=%.3f s ns_per_step=%.1f\n", steps, t, 1e9 * t / steps);
  printf("end=%p\n", (void *)p);
  return 0;
}
