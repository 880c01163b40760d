// tracker: follows a drifting cell through a synthetic microscopy sequence with a particle
// filter (Rodinia's particlefilter benchmark, adapted); prints the track and its error.
//
// usage: tracker [width=128] [height=128] [frames=12] [particles=24000] [seed=7]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "filter.hpp"
#include "video.hpp"

int main(int argc, char** argv)
{
    int width = argc > 1 ? std::atoi(argv[1]) : 128;
    int height = argc > 2 ? std::atoi(argv[2]) : 128;
    int frames = argc > 3 ? std::atoi(argv[3]) : 12;
    int particles = argc > 4 ? std::atoi(argv[4]) : 24000;
    long seed0 = argc > 5 ? std::atol(argv[5]) : 7;
    const int radius = 5;

    std::vector<long> seed(particles);
    for (int i = 0; i < particles; i++) seed[i] = seed0 * 7919 + 104729L * i;

    auto t0 = std::chrono::steady_clock::now();
    Video video = make_video(width, height, frames, radius, seed);
    auto t1 = std::chrono::steady_clock::now();

    ParticleFilter pf(particles, radius, width / 2.0, height / 2.0, seed);
    std::printf("%d x %d x %d video, %d particles\n", width, height, frames, particles);
    std::printf("%5s %12s %12s %12s %12s %10s %10s\n", "frame", "x est", "y est", "x true",
                "y true", "error", "entropy");
    double err_sum = 0.0;
    for (int k = 0; k < frames; k++) {
        Estimate e = pf.step(video, k);
        double err = std::hypot(e.x - video.true_x[k], e.y - video.true_y[k]);
        err_sum += err;
        std::printf("%5d %12.6f %12.6f %12.6f %12.6f %10.6f %10.6f\n", k, e.x, e.y,
                    video.true_x[k], video.true_y[k], err, e.weight_entropy);
    }
    auto t2 = std::chrono::steady_clock::now();
    std::printf("mean tracking error %.6f px\n", err_sum / frames);
    std::printf("video %.3f s, filter %.3f s\n",
                std::chrono::duration<double>(t1 - t0).count(),
                std::chrono::duration<double>(t2 - t1).count());
    return 0;
}
