// lattice.cpp: backward induction on the CRR tree
#include "lattice.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

double price_crr(const Option& opt, int steps) {
    const double dt = opt.expiry / steps;
    const double u = std::exp(opt.vol * std::sqrt(dt));
    const double d = 1.0 / u;
    const double growth = std::exp((opt.rate - opt.dividend) * dt);
    const double pu = (growth - d) / (u - d);
    const double pd = 1.0 - pu;
    const double disc = std::exp(-opt.rate * dt);
    const bool call = opt.kind == Kind::Call;
    const bool american = opt.style == Style::American;

    // underlying and option values at expiry: node j has j up-moves
    std::vector<double> s(steps + 1), v(steps + 1);
    for (int j = 0; j <= steps; ++j) {
        s[j] = opt.spot * std::pow(u, 2 * j - steps);
        v[j] = std::max(call ? s[j] - opt.strike : opt.strike - s[j], 0.0);
    }
    // step back through the tree; going back one level, node j's underlying is u times lower
    for (int i = steps - 1; i >= 0; --i) {
        for (int j = 0; j <= i; ++j) {
            s[j] = s[j] * u;
            const double hold = disc * (pu * v[j + 1] + pd * v[j]);
            if (american) {
                const double exercise = call ? s[j] - opt.strike : opt.strike - s[j];
                v[j] = std::max(hold, exercise);
            } else {
                v[j] = hold;
            }
        }
    }
    return v[0];
}
