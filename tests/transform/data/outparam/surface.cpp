#include <cmath>
#include <vector>
#include "surface.h"

// Bernstein weights of a degree at t: a new vector per call
std::vector<double> weights(double t, int degree)
{
    std::vector<double> w(degree + 1, 1.0);
    for (int k = 1; k <= degree; k++)
        for (int j = k; j >= 0; j--)
            w[j] = (j > 0 ? t * w[j - 1] : 0.0) + (j < k ? (1.0 - t) * w[j] : 0.0);
    return w;
}

double surface(const std::vector<double> &ctrl, int points)
{
    double total = 0.0;
    for (int p = 0; p < points; p++) {
        double t = (p % 997) / 997.0;
        int degree = 2 + p % 4;
        std::vector<double> w = weights(t, degree);
        double s = 0.0;
        for (int j = 0; j <= degree; j++)
            s += w[j] * ctrl[j];
        w[0] = s;  // the caller may write its copy
        total += w[0];
    }
    return total;
}
