#pragma once
#include <vector>
#include "video.hpp"

struct Estimate {
    double x, y, weight_entropy;
};

// the sequential importance resampling filter of Rodinia's particlefilter benchmark
class ParticleFilter {
public:
    ParticleFilter(int n_particles, int radius, double x0, double y0, std::vector<long> seeds);
    Estimate step(const Video& video, int frame);

private:
    int n_;
    std::vector<long> seed_;
    std::vector<double> x_, y_, weights_, likelihood_, cdf_, u_, xj_, yj_;
    std::vector<int> objxy_;  // offsets (dx, dy) of the disk's pixels
    int count_ones_ = 0;
};
