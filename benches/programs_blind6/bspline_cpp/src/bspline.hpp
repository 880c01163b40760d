// B-spline basis functions (Piegl & Tiller, The NURBS Book, A2.1 / A2.2)
#pragma once
#include <vector>

namespace spline {

using KnotVector = std::vector<double>;

// clamped uniform knot vector for n+1 control points of degree p on [0,1]
KnotVector clamped_uniform(int n, int p);

// index of the knot span containing u (n = number of control points - 1)
int find_span(int n, int p, double u, const KnotVector& U);

// the p+1 non-vanishing basis functions N_{span-p..span, p}(u)
std::vector<double> basis_funs(int span, double u, int p, const KnotVector& U);

}  // namespace spline
