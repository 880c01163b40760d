/* All-pairs interaction sum over a grid's cells: O(cells^2) work. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  int cells = n * n;
  double s = 0;
  for (int i = 0; i < cells; i++)
    for (int j = 0; j < cells; j++) s += 1.0 / (1.0 + fabs((double)(i - j)));
  printf("n=%d cells=%d sum=%.6f\n", n, cells, s);
  return 0;
}
