#ifndef HIST_H
#define HIST_H
#include <vector>

struct Histogram {
    std::vector<double> weight;
    std::vector<long> count;
    explicit Histogram(std::size_t n) : weight(n, 0.0), count(n, 0) {}
};

void fill(Histogram &h, long n);
#endif
