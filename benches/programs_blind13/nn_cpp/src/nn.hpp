// stormfinder: the k nearest fixes to a point (Rodinia nn)
#pragma once
#include <string>
#include <vector>
#include "records.hpp"

struct Neighbor {
    std::string entry;   // the record, as its archive line
    float dist;          // its distance to the target, degrees
};

// Rodinia nn's neighbour table: k slots, each the nearest seen so far
std::vector<Neighbor> nearest(const std::vector<Record> &archive, int k, float lat, float lng);
