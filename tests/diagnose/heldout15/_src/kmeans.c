/* OpenMP k-means on 3-D points: the assignment step is a parallel loop; after it, every iteration
 * the points are re-ordered by cluster with qsort (serially, "for cache reuse in the next step") and
 * the centroids are recomputed serially. Runs the same problem at 1 and 2 threads and prints a table
 * of the phase times. Usage: kmeans POINTS ITERS */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define K 16
typedef struct { double x, y, z; int c; } pt;
static int bycluster(const void *a, const void *b) {
  const pt *p = a, *q = b;
  if (p->c != q->c) return p->c - q->c;
  return (p->x > q->x) - (p->x < q->x);
}

static void run(pt *p0, int n, int iters, int threads) {
  pt *p = malloc(sizeof(pt) * n);
  for (int i = 0; i < n; i++) p[i] = p0[i];
  double cen[K][3];
  for (int k = 0; k < K; k++) { cen[k][0] = p[k].x; cen[k][1] = p[k].y; cen[k][2] = p[k].z; }
  omp_set_num_threads(threads);
  double ta = 0, ts = 0, tu = 0;
  for (int it = 0; it < iters; it++) {
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++) {
      double best = 1e300; int bk = 0;
      for (int k = 0; k < K; k++) {
        double dx = p[i].x - cen[k][0], dy = p[i].y - cen[k][1], dz = p[i].z - cen[k][2], d = dx * dx + dy * dy + dz * dz;
        if (d < best) { best = d; bk = k; }
      }
      p[i].c = bk;
    }
    double t1 = omp_get_wtime();
    qsort(p, n, sizeof(pt), bycluster);
    double t2 = omp_get_wtime();
    double s[K][3] = {{0}}; int m[K] = {0};
    for (int i = 0; i < n; i++) { s[p[i].c][0] += p[i].x; s[p[i].c][1] += p[i].y; s[p[i].c][2] += p[i].z; m[p[i].c]++; }
    for (int k = 0; k < K; k++) if (m[k]) for (int d = 0; d < 3; d++) cen[k][d] = s[k][d] / m[k];
    double t3 = omp_get_wtime();
    ta += t1 - t0; ts += t2 - t1; tu += t3 - t2;
  }
  printf("%7d %6d %7d %10.3f %10.3f %10.3f %10.3f\n", threads, n, iters, ta, ts, tu, ta + ts + tu);
  free(p);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300000;
  int iters = argc > 2 ? atoi(argv[2]) : 8;
  pt *p = malloc(sizeof(pt) * n);
  unsigned s = 99u;
  for (int i = 0; i < n; i++) {
    double v[3];
    for (int d = 0; d < 3; d++) { s = s * 1664525u + 1013904223u; v[d] = (s >> 8) / 16777216.0; }
    p[i].x = v[0]; p[i].y = v[1]; p[i].z = v[2]; p[i].c = 0;
  }
  printf("threads points   iters   assign_s     sort_s   update_s    total_s\n");
  run(p, n, iters, 1);
  run(p, n, iters, 2);
  return 0;
}
