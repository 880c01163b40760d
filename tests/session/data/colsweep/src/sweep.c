#include "sweep.h"

/* One in-place sweep down the columns: each point takes the new values of its upper and
   left neighbours, so both loops carry a dependence. */
void sweep(int n, double *a)
{
    for (int j = 1; j < n; j++)
        for (int i = 1; i < n; i++)
            a[i * n + j] = 0.5 * (a[(i - 1) * n + j] + a[i * n + j - 1]);
}
