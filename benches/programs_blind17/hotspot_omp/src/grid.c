#include <math.h>
#include "hotspot.h"
/* a synthetic floorplan: a few hot functional units on a cool background */
void make_power(double *power, int rows, int cols)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            double x = (double)c / cols, y = (double)r / rows;
            double p = 0.02 + 0.01 * sin(17.0 * x) * cos(11.0 * y);
            if (x > 0.2 && x < 0.4 && y > 0.1 && y < 0.3) p += 0.6;
            if (x > 0.6 && x < 0.9 && y > 0.5 && y < 0.7) p += 0.35;
            if ((r / 32 + c / 32) % 5 == 0) p += 0.05;
            power[(long)r * cols + c] = p;
        }
}

void make_temp(double *temp, int rows, int cols)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            temp[(long)r * cols + c] = 323.0 + 2.0 * sin(0.01 * (r + 2 * c));
}
