/* a 16 MB scratch buffer malloc'ed, touched and freed in every step (above the mmap threshold) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  double sum = 0.0;
  for (int step = 0; step < 150; step++) {
    size_t n = 2u << 20;
    double *w = malloc(n * sizeof *w);
    memset(w, 0, n * sizeof *w);
    w[step] = step;
    sum += w[step] + w[n - 1];
    free(w);
  }
  printf("sum=%g\n", sum);
  return 0;
}
