/* Edge-based residual assembly of an unstructured "mesh" (each node i joined to i+1 and i+stride):
 * res[a] += w*(x[b]-x[a]); res[b] -= w*(x[b]-x[a]) over all edges. The node numbering is either the
 * mesh generator's random one ("shuffled") or a locality-preserving one ("renumbered"); the edge
 * list is the same mesh either way. Usage: edgeflux shuffled|renumbered NODES SWEEPS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

__attribute__((noinline, noclone)) static void build_mesh(int n, int stride, int shuffled, int *perm, int *ea, int *eb, int *ne) {
  for (int i = 0; i < n; i++) perm[i] = i;
  if (shuffled) {
    unsigned s = 12345u;
    for (int i = n - 1; i > 0; i--) { s = s * 1103515245u + 12345u; int j = (int)((s >> 4) % (unsigned)(i + 1)); int t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
  }
  int m = 0;
  for (int i = 0; i < n; i++) {
    if (i + 1 < n) { ea[m] = perm[i]; eb[m] = perm[i + 1]; m++; }
    if (i + stride < n) { ea[m] = perm[i]; eb[m] = perm[i + stride]; m++; }
  }
  *ne = m;
}

__attribute__((noinline, noclone)) static void sweep_edges(int ne, const int *ea, const int *eb, const double *x, double *res, double w) {
  for (int e = 0; e < ne; e++) {
    int a = ea[e], b = eb[e];
    double f = w * (x[b] - x[a]);
    res[a] += f;
    res[b] -= f;
  }
}

int main(int argc, char **argv) {
  int shuffled = argc > 1 && strcmp(argv[1], "shuffled") == 0;
  int n = argc > 2 ? atoi(argv[2]) : 4000000;
  int sweeps = argc > 3 ? atoi(argv[3]) : 4;
  int *ea = malloc(sizeof(int) * 2 * (size_t)n), *eb = malloc(sizeof(int) * 2 * (size_t)n), ne;
  double *x = malloc(sizeof(double) * n), *res = calloc(n, sizeof(double));
  int *perm = malloc(sizeof(int) * n);
  build_mesh(n, 1000, shuffled, perm, ea, eb, &ne);
  for (int i = 0; i < n; i++) x[perm[i]] = (i % 97) * 0.01; /* the same field on the same mesh */
  double t0 = now();
  for (int s = 0; s < sweeps; s++) sweep_edges(ne, ea, eb, x, res, 0.5);
  double t = now() - t0, chk = 0;
  for (int i = 0; i < n; i++) chk += res[i] * res[i];
  printf("numbering=%s nodes=%d edges=%d sweeps=%d time=%.3f s  %.2f ns/edge  nominal %.2f GB/s (40 B/edge)  checksum=%.6e\n",
         shuffled ? "shuffled" : "renumbered", n, ne, sweeps, t, 1e9 * t / ((double)ne * sweeps), 40.0 * ne * sweeps / t / 1e9, chk);
  return 0;
}
