#include <cstdio>
#include <vector>
#include "table.h"

int main()
{
    std::vector<double> xs(POINTS), ys(POINTS);
    for (int i = 0; i < POINTS; i++) {
        xs[i] = i * 0.5;
        ys[i] = (i % 17) * 0.25;
    }
    double acc = 0.0;
    for (int k = 0; k < 60 * POINTS; k++)
        acc += lookup(xs, ys, (k % (2 * POINTS - 2)) * 0.25);
    std::printf("curve %d: %.9f\n", POINTS, acc);
    return 0;
}
