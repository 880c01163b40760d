// particleFilter() of Rodinia (openmp/particlefilter/ex_particle_OPENMP_seq.c), in the
// lab's C++: motion model, likelihood over the disk template, weight update, estimate,
// systematic resampling with the benchmark's findIndex
#include "filter.hpp"
#include <cmath>
#include "rng.hpp"

namespace {
// first index whose CDF value reaches value; -1 if none (Rodinia's findIndex)
int find_index(const std::vector<double>& cdf, int length, double value)
{
    for (int x = 0; x < length; x++)
        if (cdf[x] >= value) return x;
    return -1;
}

double round_double(double value)
{
    int new_value = static_cast<int>(value);
    if (value - new_value < .5)
        return new_value;
    return new_value + 1;
}
}  // namespace

ParticleFilter::ParticleFilter(int n_particles, int radius, double x0, double y0,
                               std::vector<long> seeds)
    : n_(n_particles), seed_(std::move(seeds)), x_(n_particles, x0), y_(n_particles, y0),
      weights_(n_particles, 1.0 / n_particles), likelihood_(n_particles), cdf_(n_particles),
      u_(n_particles), xj_(n_particles), yj_(n_particles)
{
    int diameter = radius * 2 - 1;
    for (int dx = 0; dx < diameter; dx++)
        for (int dy = 0; dy < diameter; dy++) {
            double dist = std::sqrt(std::pow(dx - radius + 1, 2) + std::pow(dy - radius + 1, 2));
            if (dist < radius) {
                objxy_.push_back(dx - radius + 1);
                objxy_.push_back(dy - radius + 1);
            }
        }
    count_ones_ = static_cast<int>(objxy_.size() / 2);
}

Estimate ParticleFilter::step(const Video& video, int k)
{
    // motion model: drift (+1, -2) per frame with noise
    for (int x = 0; x < n_; x++) {
        x_[x] += 1 + 5 * rng::randn(seed_, x);
        y_[x] += -2 + 2 * rng::randn(seed_, x);
    }
    // likelihood: object (228) against background (100) over the template's pixels
    for (int x = 0; x < n_; x++) {
        double sum = 0.0;
        for (int y = 0; y < count_ones_; y++) {
            int ix = static_cast<int>(round_double(x_[x]) + objxy_[y * 2]);
            int iy = static_cast<int>(round_double(y_[x]) + objxy_[y * 2 + 1]);
            if (ix < 0) ix = 0;
            if (ix >= video.width) ix = video.width - 1;
            if (iy < 0) iy = 0;
            if (iy >= video.height) iy = video.height - 1;
            double I = video.at(ix, iy, k);
            sum += (std::pow(I - 100, 2) - std::pow(I - 228, 2)) / 50.0;
        }
        likelihood_[x] = sum / count_ones_;
    }
    // weights: prior times likelihood, normalised (the likelihood is shifted by its
    // maximum so that exp() stays finite)
    double lmax = likelihood_[0];
    for (int x = 1; x < n_; x++)
        if (likelihood_[x] > lmax) lmax = likelihood_[x];
    double sum_weights = 0;
    for (int x = 0; x < n_; x++) {
        weights_[x] = weights_[x] * std::exp(likelihood_[x] - lmax);
        sum_weights += weights_[x];
    }
    for (int x = 0; x < n_; x++) weights_[x] = weights_[x] / sum_weights;

    Estimate e{0.0, 0.0, 0.0};
    for (int x = 0; x < n_; x++) {
        e.x += x_[x] * weights_[x];
        e.y += y_[x] * weights_[x];
        if (weights_[x] > 0) e.weight_entropy -= weights_[x] * std::log(weights_[x]);
    }

    // systematic resampling
    cdf_[0] = weights_[0];
    for (int x = 1; x < n_; x++) cdf_[x] = weights_[x] + cdf_[x - 1];
    double u1 = (1 / static_cast<double>(n_)) * rng::randu(seed_, 0);
    for (int x = 0; x < n_; x++) u_[x] = u1 + x / static_cast<double>(n_);
    for (int j = 0; j < n_; j++) {
        int i = find_index(cdf_, n_, u_[j]);
        if (i == -1) i = n_ - 1;
        xj_[j] = x_[i];
        yj_[j] = y_[i];
    }
    for (int x = 0; x < n_; x++) {
        x_[x] = xj_[x];
        y_[x] = yj_[x];
        weights_[x] = 1 / static_cast<double>(n_);
    }
    return e;
}
