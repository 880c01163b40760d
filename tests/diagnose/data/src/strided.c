/* Column-order traversal of a row-major matrix: poor locality (for cachegrind). */
#include <stdio.h>
#define R 1024
#define C 1024
static double m[R][C];
int main(void) {
    double s = 0;
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) m[i][j] = i + j;
    for (int rep = 0; rep < 2; rep++)
        for (int j = 0; j < C; j++) for (int i = 0; i < R; i++) s += m[i][j];
    printf("%f\n", s);
    return 0;
}
