// The archive the group searches: synthetic best-track fixes, laid out like the
// records of Rodinia nn's input files (year month day hour number name lat long wind press)
#include "records.hpp"
#include <cmath>
#include <cstdio>

namespace {
const char *const NAMES[] = {"ALBERTO", "BERYL", "CHRIS", "DEBBY", "ERNESTO", "FLORENCE",
                             "GORDON", "HELENE", "ISAAC", "JOYCE", "KIRK", "LESLIE",
                             "MICHAEL", "NADINE", "OSCAR", "PATTY", "RAFAEL", "SARA"};

struct Lcg {
    std::uint64_t x;
    double next()
    {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<double>(x >> 11) * (1.0 / 9007199254740992.0);
    }
};

float tenth(double v) { return static_cast<float>(std::round(v * 10.0) / 10.0); }
}  // namespace

std::vector<Record> make_archive(std::size_t count, std::uint64_t seed)
{
    std::vector<Record> out;
    out.reserve(count);
    Lcg g{seed * 0x9E3779B97F4A7C15ULL + 1};
    int storm = 0;
    while (out.size() < count) {
        // a new storm: genesis in the tropics, then 6-hourly fixes along its track
        int year = 1950 + static_cast<int>(g.next() * 70);
        int month = 6 + static_cast<int>(g.next() * 6);
        int day = 1 + static_cast<int>(g.next() * 28);
        double lat = 8.0 + g.next() * 17.0, lng = 20.0 + g.next() * 70.0;
        double dlat = 0.1 + g.next() * 0.4, dlng = 0.3 + g.next() * 0.6;
        int fixes = 10 + static_cast<int>(g.next() * 50);
        int wind = 25 + static_cast<int>(g.next() * 20);
        const char *name = NAMES[storm % 18];
        for (int f = 0; f < fixes && out.size() < count; f++) {
            Record r;
            r.name = name;
            r.year = year;
            r.month = month;
            r.day = 1 + (day - 1 + f / 4) % 28;
            r.hour = 6 * (f % 4);
            r.number = storm % 30 + 1;
            r.lat = tenth(lat);
            r.lng = tenth(lng);
            r.wind = wind;
            r.press = 1010 - wind / 2;
            out.push_back(r);
            lat += dlat + 0.2 * (g.next() - 0.5);
            lng += dlng + 0.2 * (g.next() - 0.5);
            wind += static_cast<int>(g.next() * 11) - 4;
            if (wind < 15)
                wind = 15;
        }
        storm++;
    }
    return out;
}

std::string format_record(const Record &r)
{
    char buf[96];
    std::snprintf(buf, sizeof buf, "%4d %2d %2d %2d %2d %-9s %5.1f %5.1f %4d %4d", r.year,
                  r.month, r.day, r.hour, r.number, r.name.c_str(), r.lat, r.lng, r.wind,
                  r.press);
    return buf;
}
