#include "particles.hpp"
double relax(std::vector<double>& x, int sweeps) {
    for (int s = 0; s < sweeps; ++s)
        for (std::vector<double>::iterator it = x.begin() + 1; it + 1 != x.end(); ++it)
            *it = 0.25 * (*(it - 1) + 2.0 * *it + *(it + 1));
    double sum = 0.0;
    for (std::vector<double>::const_iterator it = x.begin(); it != x.end(); ++it) sum += *it;
    return sum;
}
