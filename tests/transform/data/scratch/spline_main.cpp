#include <cstdio>
#include <vector>
#include "basis.h"

#ifndef N
#define N 400
#endif
#ifndef ROWS
#define ROWS 2000
#endif

int main()
{
    std::vector<double> knots(64);
    for (int i = 0; i < 64; i++)
        knots[i] = 0.1 * i + 0.01 * (i % 5);
    double total = 0.0;
    #pragma omp parallel for reduction(+ : total)
    for (int p = 0; p < N * (ROWS / 100); p++)
        total += eval_point(knots, (p % 1000) / 1000.0, 1 + p % 3);
    std::printf("surface %.10e\n", total);
    return 0;
}
