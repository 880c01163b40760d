#pragma once
#include <vector>
#include "series.hpp"

struct CellStats {
    double trend;        // K per decade
    int extreme_months;  // |z| > 2
    int longest_warm;    // longest run of z > 1
    double zmax;
};

// standardised anomalies z = (x - mean) / stddev of the deseasonalised series
CellStats analyse_cell(const Series &s, std::vector<double> &z);
