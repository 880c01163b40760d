#include "surface.hpp"

Surface::Surface(int ncu, int ncv, int degree)
    : ncu_(ncu), ncv_(ncv), p_(degree),
      U_(spline::clamped_uniform(ncu - 1, degree)),
      V_(spline::clamped_uniform(ncv - 1, degree)),
      P_(static_cast<std::size_t>(ncu) * ncv, 0.0) {}

double Surface::eval(double u, double v) const {
    const int su = spline::find_span(ncu_ - 1, p_, u, U_);
    const int sv = spline::find_span(ncv_ - 1, p_, v, V_);
    const std::vector<double> Nu = spline::basis_funs(su, u, p_, U_);
    const std::vector<double> Nv = spline::basis_funs(sv, v, p_, V_);
    double z = 0.0;
    for (int k = 0; k <= p_; ++k) {
        const double* row = &P_[static_cast<std::size_t>(su - p_ + k) * ncv_ + (sv - p_)];
        double t = 0.0;
        for (int l = 0; l <= p_; ++l) t += Nv[l] * row[l];
        z += Nu[k] * t;
    }
    return z;
}
