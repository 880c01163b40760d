// Tensor-product B-spline surface z(u, v) over the unit square
#pragma once
#include <cstddef>
#include <vector>

#include "bspline.hpp"

class Surface {
public:
    Surface(int ncu, int ncv, int degree);

    // control heights, row-major (ncu x ncv)
    double& ctrl(int i, int j) { return P_[static_cast<std::size_t>(i) * ncv_ + j]; }
    double ctrl(int i, int j) const { return P_[static_cast<std::size_t>(i) * ncv_ + j]; }

    double eval(double u, double v) const;

    int degree() const { return p_; }
    int ncu() const { return ncu_; }
    int ncv() const { return ncv_; }

private:
    int ncu_, ncv_, p_;
    spline::KnotVector U_, V_;
    std::vector<double> P_;
};
