/* Attenuation table: every cell's factor is recomputed with exp() although it depends only
   on the column; a second, rarely taken branch calls exp() too. ./decay ROWS COLS */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 2000, cols = argc > 2 ? atoi(argv[2]) : 2000;
    double sum = 0.0;
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
            double f = exp(-0.001 * j);  /* the hot call */
            if (i % 500 == 0 && j != 0)
                f += exp(-0.5 * i) * 1e-3;  /* a rare one */
            sum += f * (i + 1);
        }
    }
    printf("rows %d cols %d sum %.6e\n", rows, cols, sum);
    return 0;
}
