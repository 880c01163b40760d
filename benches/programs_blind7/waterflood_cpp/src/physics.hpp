// Two-phase immiscible displacement (water pushing oil) in the Buckley-Leverett limit:
// fractional flow of water with quadratic relative permeabilities and a gravity term in y.
#pragma once

struct BuckleyLeverett {
    double M;   // oil / water viscosity ratio
    double G;   // gravity number (vertical direction only)

    // fractional flow f(s) = s^2 / (s^2 + (1-s)^2 / M)
    double frac(double s) const {
        const double a = s * s, b = (1.0 - s) * (1.0 - s) / M;
        return a / (a + b);
    }
    double dfrac(double s) const {
        const double a = s * s, b = (1.0 - s) * (1.0 - s) / M;
        const double d = a + b;
        return 2.0 * s * (1.0 - s) / M / (d * d);
    }
    // flux in x (driven by the unit total velocity) and in y (gravity segregation: the
    // heavier water sinks, counter-current to the oil; zero at s = 0 and s = 1)
    double flux_x(double s) const { return frac(s); }
    double flux_y(double s) const { return -G * frac(s) * (1.0 - s) * (1.0 - s); }
    double speed_x(double s) const { return dfrac(s); }
    double speed_y(double s) const {
        return -G * (dfrac(s) * (1.0 - s) * (1.0 - s) - 2.0 * frac(s) * (1.0 - s));
    }
};
