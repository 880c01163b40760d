/* The suite's initial field, and what the project prints of the final one. */
#include <math.h>
#include <stdio.h>
#include "adi.h"

void init_array(int n, DATA_TYPE u[n][n])
{
    int i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            u[i][j] = (DATA_TYPE)(i + n - j) / n;
}

void field_report(int n, DATA_TYPE u[n][n])
{
    DATA_TYPE s = 0.0, s2 = 0.0, diag = 0.0, umin = u[0][0], umax = u[0][0];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            s += u[i][j];
            s2 += u[i][j] * u[i][j];
            if (u[i][j] < umin) umin = u[i][j];
            if (u[i][j] > umax) umax = u[i][j];
        }
        diag += u[i][i];
    }
    printf("field sum      %.13e\n", s);
    printf("field l2       %.13e\n", sqrt(s2));
    printf("field diagonal %.13e\n", diag);
    printf("field range    %.13e %.13e\n", umin, umax);
    printf("probe u[n/4][n/3] %.13e  u[n/2][n/2] %.13e  u[n-2][1] %.13e\n",
           u[n / 4][n / 3], u[n / 2][n / 2], u[n - 2][1]);
}
