/* sums a row-major matrix column by column: stride n*8 bytes per access */
#include <stdio.h>
#include <stdlib.h>
#define N 1536
static double m[N][N];
static double colsum(void) {
  double s = 0.0;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      s += m[i][j];
  return s;
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) m[i][j] = (i + j) % 7;
  double s = 0.0;
  for (int r = 0; r < 4; r++) s += colsum();
  printf("sum %.1f\n", s);
  return 0;
}
