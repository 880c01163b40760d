// Diagnostics of a waterflood: saturation statistics, water cut at the producer face.
#pragma once
#include "physics.hpp"
#include "transport.hpp"

struct FloodStats {
    double mean_sw;      // pore-volume averaged water saturation
    double front_x;      // furthest x where sw > 0.05 (averaged over rows)
    double water_cut;    // fractional flow of water leaving at x = lx
};

FloodStats flood_stats(const Grid& g, const BuckleyLeverett& bl);
