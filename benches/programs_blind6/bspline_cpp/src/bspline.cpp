#include "bspline.hpp"

#include <stdexcept>

namespace spline {

KnotVector clamped_uniform(int n, int p) {
    const int m = n + p + 1;
    KnotVector U(m + 1);
    const int inner = n - p + 1;
    for (int i = 0; i <= m; ++i) {
        if (i <= p)
            U[i] = 0.0;
        else if (i >= m - p)
            U[i] = 1.0;
        else
            U[i] = static_cast<double>(i - p) / inner;
    }
    return U;
}

int find_span(int n, int p, double u, const KnotVector& U) {
    if (u >= U[n + 1]) return n;
    if (u <= U[p]) return p;
    int low = p, high = n + 1;
    int mid = (low + high) / 2;
    while (u < U[mid] || u >= U[mid + 1]) {
        if (u < U[mid])
            high = mid;
        else
            low = mid;
        mid = (low + high) / 2;
    }
    return mid;
}

std::vector<double> basis_funs(int span, double u, int p, const KnotVector& U) {
    std::vector<double> N(p + 1);
    std::vector<double> left(p + 1), right(p + 1);
    N[0] = 1.0;
    for (int j = 1; j <= p; ++j) {
        left[j] = u - U[span + 1 - j];
        right[j] = U[span + j] - u;
        double saved = 0.0;
        for (int r = 0; r < j; ++r) {
            const double temp = N[r] / (right[r + 1] + left[j - r]);
            N[r] = saved + right[r + 1] * temp;
            saved = left[j - r] * temp;
        }
        N[j] = saved;
    }
    return N;
}

}  // namespace spline
