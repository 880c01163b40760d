/* Sum of pair distances below a cutoff, over all pairs, repeated a number of times. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2000, reps = argc > 2 ? atoi(argv[2]) : 3;
  double *x = malloc(n * sizeof(double)), s = 0;
  for (int i = 0; i < n; i++) x[i] = (i * 7919 % n) * 0.01;
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++) { double d = x[i] - x[j]; if (d * d < 1.0) s += d * d; }
  printf("n=%d sum=%.3f\n", n, s);
  return 0;
}
