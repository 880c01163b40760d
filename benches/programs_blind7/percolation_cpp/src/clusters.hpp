// Clusters of occupied sites by weighted union-find with path halving (Newman & Ziff 2001)
#pragma once
#include <vector>

#include "lattice.hpp"

class Clusters {
public:
    explicit Clusters(const Lattice& lat);
    void reset();
    // occupy site s and merge it with its occupied neighbours; returns the size of the
    // cluster s now belongs to
    int occupy(int s);
    int largest() const { return largest_; }
    bool spans() const;                 // does one cluster touch the top and the bottom row?
    double mean_finite_size() const;    // mean cluster size excluding the largest (chi)

private:
    int find(int s);
    const Lattice& lat_;
    std::vector<int> parent_;           // root: -size; otherwise the parent site
    std::vector<char> occupied_;
    std::vector<char> touches_top_, touches_bottom_;   // per root
    int largest_ = 0;
    long sum_sq_ = 0;                   // sum over clusters of size^2
    long occupied_count_ = 0;
};
