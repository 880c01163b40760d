// stormfinder: the K archived storm fixes nearest to a position (Rodinia nn)
// usage: ./stormfinder RECORDS K LAT LNG
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include "nn.hpp"
#include "records.hpp"

int main(int argc, char **argv)
{
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s RECORDS K LAT LNG\n", argv[0]);
        return 1;
    }
    std::size_t count = std::strtoull(argv[1], nullptr, 10);
    int k = std::atoi(argv[2]);
    float lat = std::strtof(argv[3], nullptr), lng = std::strtof(argv[4], nullptr);
    if (count == 0 || k < 1) {
        std::fprintf(stderr, "stormfinder: RECORDS and K must be positive\n");
        return 1;
    }

    std::vector<Record> archive = make_archive(count, 7);
    std::printf("archive: %zu fixes; the %d nearest to (%.1f, %.1f)\n", archive.size(), k, lat,
                lng);

    auto t0 = std::chrono::steady_clock::now();
    std::vector<Neighbor> found = nearest(archive, k, lat, lng);
    auto t1 = std::chrono::steady_clock::now();

    // the table as nn prints it, slot by slot: the first lines and a summary of the rest
    double sum = 0.0, far = 0.0;
    long weighted = 0;
    for (int j = 0; j < k; j++) {
        if (j < 12)
            std::printf("%s --> Distance=%f\n", found[j].entry.c_str(), found[j].dist);
        sum += found[j].dist;
        if (found[j].dist > far)
            far = found[j].dist;
        weighted += static_cast<long>(j + 1) * std::atol(found[j].entry.c_str());
    }
    std::printf("slots %d: distance sum %.6f, farthest %.6f, year checksum %ld\n", k, sum, far,
                weighted);
    double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    std::printf("search: %.2f ms\n", ms);
    return 0;
}
