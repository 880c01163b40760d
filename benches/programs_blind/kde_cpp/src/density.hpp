// density.hpp: Gaussian kernel density estimate on a regular grid
#pragma once
#include <vector>

#include "samples.hpp"

struct Grid {
    double lo, hi;
    std::vector<double> value;
    double x(std::size_t i) const {
        return lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(value.size() - 1);
    }
};

// Fills grid.value with the weighted estimate of the samples' density, bandwidth h.
void estimate_density(const std::vector<Sample>& samples, double h, Grid& grid);
