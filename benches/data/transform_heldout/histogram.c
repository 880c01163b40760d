/* Histogram through an index array (indirect update). */
#include <stdio.h>
#include <stdlib.h>

static void histo(long n, const int *idx, double *hist) {
  for (long i = 0; i < n; i++)
    hist[idx[i]] += 1.0; /* HOT */
}

int main(void) {
  long n = 100000;
  int *idx = malloc(sizeof(int) * (size_t)n);
  double hist[64] = {0};
  for (long i = 0; i < n; i++) idx[i] = (int)((i * 37) % 64);
  histo(n, idx, hist);
  double s = 0.0;
  for (int b = 0; b < 64; b++) s += hist[b] * (double)(b + 1);
  printf("checksum %.17g\n", s);
  return 0;
}
