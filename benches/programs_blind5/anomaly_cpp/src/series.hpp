#pragma once
#include <cstddef>
#include <vector>

// A monthly time series of one grid cell (e.g. 2 m temperature, K).
class Series {
public:
    explicit Series(std::vector<double> values) : v_(std::move(values)) {}
    std::size_t size() const { return v_.size(); }
    double operator[](std::size_t i) const { return v_[i]; }
    double mean() const;
    double stddev() const;           // sample standard deviation
    double trend_per_decade() const; // least-squares slope, per 120 months
private:
    std::vector<double> v_;
};
