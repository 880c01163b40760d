#pragma once
#include <cstdint>
#include <vector>
#include "series.hpp"

// Synthetic reanalysis-like monthly field on a regular lat-lon grid: seasonal cycle,
// warming trend, red noise.
struct Grid {
    int nlat, nlon, nmonths;
    double lat(int j) const { return -90.0 + (j + 0.5) * 180.0 / nlat; }
};

Series make_cell_series(const Grid &g, int j, int i, std::uint64_t seed);
