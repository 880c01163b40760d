// Rodinia 3.1 nn (nn_openmp.c), as in the suite: the distance of every record to the
// target, then for each record the slot with the greatest distance found by a scan
// of the k slots, and the record takes that slot if it is closer.
#include "nn.hpp"
#include <cmath>

namespace {
constexpr float OPEN = 10000.0f;   // an empty slot's distance
constexpr std::size_t REC_WINDOW = 10;
}

std::vector<Neighbor> nearest(const std::vector<Record> &archive, int k, float lat, float lng)
{
    std::vector<Neighbor> neighbors(k, Neighbor{"", OPEN});
    float z[REC_WINDOW];

    for (std::size_t base = 0; base < archive.size(); base += REC_WINDOW) {
        std::size_t rec_count = std::min(REC_WINDOW, archive.size() - base);

        for (std::size_t i = 0; i < rec_count; i++) {
            float tmp_lat = archive[base + i].lat;
            float tmp_long = archive[base + i].lng;
            z[i] = std::sqrt(((tmp_lat - lat) * (tmp_lat - lat)) +
                             ((tmp_long - lng) * (tmp_long - lng)));
        }

        for (std::size_t i = 0; i < rec_count; i++) {
            float max_dist = -1;
            int max_idx = 0;
            // find a neighbor with greatest dist and take his spot if allowed!
            for (int j = 0; j < k; j++) {
                if (neighbors[j].dist > max_dist) {
                    max_dist = neighbors[j].dist;
                    max_idx = j;
                }
            }
            // compare each record with max value to find the nearest neighbor
            if (z[i] < neighbors[max_idx].dist) {
                neighbors[max_idx].entry = format_record(archive[base + i]);
                neighbors[max_idx].dist = z[i];
            }
        }
    }
    return neighbors;
}
