/* ancestry.c: generation depth of every individual in a pedigree (parent indices), scattered storage. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static long walked;
static int depth_of(const int *parent, int i) {
  int d = 0;
  while (parent[i] >= 0) { i = parent[i]; d++; walked++; }
  return d;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  int *perm = malloc(n * sizeof(int)), *parent = malloc(n * sizeof(int)), *depth = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) perm[i] = i;
  srand(7);
  for (int i = n - 1; i > 0; i--) { int j = rand() % (i + 1); int t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
  /* individual of generation order g lives at slot perm[g]; its parent is one of the previous three */
  parent[perm[0]] = -1;
  for (int g = 1; g < n; g++) { int pg = g - 1 - rand() % (g < 3 ? g : 3); parent[perm[g]] = perm[pg]; }
  double t0 = now(); long sum = 0;
  for (int g = 0; g < n; g++) {
#ifdef MEMO
    int i = perm[g];
    depth[i] = parent[i] < 0 ? 0 : depth[parent[i]] + 1; walked++;
#else
    int i = perm[g];
    depth[i] = depth_of(parent, i);
#endif
    sum += depth[i];
  }
  double dt = now() - t0;
  printf("individuals %6d  links walked %11ld  time %.4f s  %.1f ns/individual  mean depth %.1f\n", n, walked, dt,
         dt * 1e9 / n, (double)sum / n);
  return 0;
}
