#include <math.h>
#include <stdio.h>
#include "loadcase.h"

void report(int m, int n, double R[NDOF][NCASES], double seconds)
{
    double sum = 0.0, sumabs = 0.0, maxabs = 0.0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            sum += R[i][j];
            sumabs += fabs(R[i][j]);
            if (fabs(R[i][j]) > maxabs)
                maxabs = fabs(R[i][j]);
        }
    printf("dofs %d, load cases %d\n", m, n);
    printf("response sum      %.12e\n", sum);
    printf("response abs sum  %.12e\n", sumabs);
    printf("largest response  %.12e\n", maxabs);
    for (int c = 0; c < n; c += n / 4)
        printf("case %4d  dof 0: %.12e  dof %d: %.12e\n", c, R[0][c], m - 1, R[m - 1][c]);
    printf("symm %.3f s\n", seconds);
}
