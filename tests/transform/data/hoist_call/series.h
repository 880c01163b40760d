#ifndef SERIES_H
#define SERIES_H
#include <cstddef>
#include <vector>

/* A time series; its statistics are computed on demand in series.cpp. */
class Series {
public:
    explicit Series(std::size_t n) : v_(n, 0.0) {}
    std::size_t size() const { return v_.size(); }
    double operator[](std::size_t i) const { return v_[i]; }
    void set(std::size_t i, double x) { v_[i] = x; }
    double mean() const;
    double stddev() const;
    double scaled_mean(double f) const;
    double noisy_mean() const;
    void touch();
private:
    std::vector<double> v_;
    double scale_ = 1.0;
};

double clip(double x, double lo, double hi);

#endif
