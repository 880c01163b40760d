/* Connected components of a bond list with union-find: union by index (the larger root
   is hung under the smaller), find without path compression. The bonds come from a
   1-D chain (i, i+1), listed from the end of the chain. Prints a size sweep. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double cputime(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static int *parent;
__attribute__((noinline)) static int find(int i) {
#ifdef COMPRESS
  int r = i; while (parent[r] != r) r = parent[r];
  while (parent[i] != r) { int n = parent[i]; parent[i] = r; i = n; }
  return r;
#else
  while (parent[i] != i) i = parent[i];
  return i;
#endif
}
__attribute__((noinline)) static void unite(int a, int b) {
  int ra = find(a), rb = find(b);
  if (ra == rb) return;
  if (ra < rb) parent[rb] = ra; else parent[ra] = rb;
}
static long components(int n) {
  parent = malloc(n * sizeof *parent);
  for (int i = 0; i < n; i++) parent[i] = i;
  for (int i = n - 2; i >= 0; i--) unite(i + 1, i);
  long c = 0;
  for (int i = 0; i < n; i++) c += find(i) == i;
  free(parent);
  return c;
}
int main(int argc, char **argv) {
  int lo = argc > 1 ? atoi(argv[1]) : 2500, hi = argc > 2 ? atoi(argv[2]) : 20000;
  printf("%8s %10s %12s\n", "sites", "clusters", "cpu_time_s");
  for (int n = lo; n <= hi; n *= 2) {
    double c0 = cputime();
    long c = components(n);
    printf("%8d %10ld %12.4f\n", n, c, cputime() - c0);
  }
  return 0;
}
