// Channel geometry: straight walls with a smooth bump on the lower wall
#pragma once

struct Channel {
    double length = 6.0;
    double height = 1.0;
    double bump_x0 = 2.0;     // bump start
    double bump_len = 1.0;    // bump length
    double bump_h = 0.1;      // bump height (fraction of the channel height)

    double lower(double x) const;   // y of the lower wall at x
    double upper(double x) const;   // y of the upper wall at x
};

// one-sided tanh stretching of t in [0,1] towards t=0 (beta > 0)
double stretch_wall(double t, double beta);
// two-sided stretching, clustering at both ends
double stretch_both(double t, double beta);
