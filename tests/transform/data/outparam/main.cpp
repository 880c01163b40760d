#include <cstdio>
#include <vector>
#include "surface.h"

#ifndef POINTS
#define POINTS 20000
#endif

int main()
{
    std::vector<double> ctrl = {1.0, 2.5, -0.5, 3.0, 0.25, 1.5};
    std::printf("surface %.12e\n", surface(ctrl, POINTS));
    std::printf("one %.6f\n", weights(0.5, 2)[1]);
    return 0;
}
