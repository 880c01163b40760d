/* Matrix product on static 2-D arrays, k-i-j order, accumulating into C. */
#include <stdio.h>
#define N 96
static double A[N][N], B[N][N], C[N][N];

static void mm(void) {
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j]; /* HOT */
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i + 2 * j) % 7) - 3.0;
      B[i][j] = (double)((3 * i + j) % 5) - 2.0;
      C[i][j] = (double)(i % 2);
    }
  mm();
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += C[i][j] * (double)(1 + (i + j) % 9);
  printf("checksum %.17g\n", s);
  return 0;
}
