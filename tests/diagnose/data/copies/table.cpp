#include "table.h"

double lookup(std::vector<double> xs, std::vector<double> ys, double x)
{
    std::size_t lo = 0, hi = xs.size() - 1;
    while (hi - lo > 1) {
        std::size_t mid = (lo + hi) / 2;
        if (xs[mid] <= x)
            lo = mid;
        else
            hi = mid;
    }
    double t = (x - xs[lo]) / (xs[hi] - xs[lo]);
    return ys[lo] + t * (ys[hi] - ys[lo]);
}
