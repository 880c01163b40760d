#include <chrono>
#include <cstdio>
#include "stats.h"

int main()
{
    Series series{"temperature", {}};
    for (int i = 0; i < SAMPLES; i++)
        series.values.push_back((i * 37 % 101) * 0.25 - 7.0);
    std::vector<double> weights(SAMPLES, 0.5), centred;
    auto t0 = std::chrono::steady_clock::now();
    double acc = 0.0;
    for (int r = 0; r < 300; r++) {
        acc += mean(series.values);
        acc += series.weighted(weights);
        acc += spread(series);
        acc += label_len(series.name);
        acc += dist(Point{1.0 * r, 2.0}, Point{0.5, 0.25 * r});
    }
    acc += trimmed(series.values, 0.1);
    normalise(series.values, centred);
    normalise(centred, centred);
    acc += consume(centred);
    series.scale(0.5);
    acc += mean(series.values);
    double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("checksum %.12f\n", acc);
    std::fprintf(stderr, "elapsed %.3f s\n", dt);
    return 0;
}
