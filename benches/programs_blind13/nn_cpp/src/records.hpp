// stormfinder: the storm-track archive (Rodinia nn's hurricane records, one fix each)
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct Record {
    std::string name;      // storm name
    int year, month, day, hour;
    int number;            // storm number of the season
    float lat, lng;        // position of the fix, degrees
    int wind, press;       // maximum wind (kt), central pressure (hPa)
};

// the archive: `count` fixes of synthetic storms (tracks drifting west-north-west
// from the tropics, positions to 0.1 degree as in the best-track files)
std::vector<Record> make_archive(std::size_t count, std::uint64_t seed);

// one line of the archive as the nn input files hold it
std::string format_record(const Record &r);
