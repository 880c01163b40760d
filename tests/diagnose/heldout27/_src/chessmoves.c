/* chessmoves.c game AI: OpenMP evaluation of candidate moves, each searched to a depth that grows with the move index (static schedule). */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
static double search(int move, int nodes) {
  unsigned x = 2463534242u + move; double v = 0;
  for (int k = 0; k < nodes; k++) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; v += (x & 1023) * 1e-3; }
  return v;
}
int main(int argc, char **argv) {
  int moves = argc > 1 ? atoi(argv[1]) : 2000;
  double best = 0, busy[64] = {0};
#pragma omp parallel
  {
    int id = omp_get_thread_num(); double t0 = omp_get_wtime();
#ifdef DYN
#pragma omp for schedule(dynamic, 4) reduction(max:best) nowait
#else
#pragma omp for schedule(static) reduction(max:best) nowait
#endif
    for (int m = 0; m < moves; m++) {
      double v = search(m, 400 * m);
      if (v > best) best = v;
    }
    busy[id] = omp_get_wtime() - t0;
  }
  for (int i = 0; i < omp_get_max_threads(); i++) printf("thread %d busy %.3f s\n", i, busy[i]);
  printf("moves %d best score %.3f\n", moves, best);
  return 0;
}
