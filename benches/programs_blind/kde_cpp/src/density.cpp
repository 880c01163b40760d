// density.cpp: the estimate itself, one pass over all samples per grid point
#include "density.hpp"

#include <cmath>

void estimate_density(const std::vector<Sample>& samples, double h, Grid& grid) {
    const double norm = 1.0 / (h * std::sqrt(2.0 * M_PI));
    const double inv2h2 = 1.0 / (2.0 * h * h);
    double wsum = 0.0;
    for (const Sample& s : samples) wsum += s.weight;
    for (std::size_t g = 0; g < grid.value.size(); ++g) {
        const double xg = grid.x(g);
        double acc = 0.0;
        for (const Sample& s : samples) {
            const double d = xg - s.x;
            acc += s.weight * std::exp(-d * d * inv2h2);
        }
        grid.value[g] = norm * acc / wsum;
    }
}
