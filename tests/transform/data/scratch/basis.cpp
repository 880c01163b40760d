#include <cmath>
#include <vector>
#include "basis.h"

// de Boor-Cox basis values at t, weighted by the knots; one call per point
double eval_point(const std::vector<double> &knots, double t, int degree)
{
    const int m = degree + 1;
    std::vector<double> w(m);
    double *left = new double[m];
    std::vector<double> seen;
    w[0] = 1.0;
    for (int j = 1; j <= degree; j++) {
        left[j] = t - knots[j];
        double saved = 0.0;
        for (int r = 0; r < j; r++) {
            double den = knots[r + j] - knots[r] + 1.0;
            double tmp = w[r] / den;
            w[r] = saved + (1.0 - left[j]) * tmp;
            saved = left[j] * tmp;
        }
        w[j] = saved;
        seen.push_back(saved);
    }
    double s = 0.0;
    for (int j = 0; j <= degree; j++)
        s += w[j] * knots[j];
    for (double v : seen)
        s += 1e-3 * v;
    delete[] left;
    return s;
}
