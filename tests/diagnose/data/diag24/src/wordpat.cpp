// Counts the records of a generated log whose text matches a pattern. mode=rebuild builds the
// std::regex for every record (the pattern never changes); mode=once builds it before the loop.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <regex>
#include <string>
#include <vector>

static double cpu_s() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static long count_rebuild(const std::vector<std::string>& recs) {
    long hits = 0;
    for (const auto& r : recs) {
        std::regex pat("station=([A-Z]+)[0-9]* value=([0-9.]+) [a-z]+");
        if (std::regex_search(r, pat)) ++hits;
    }
    return hits;
}

static long count_once(const std::vector<std::string>& recs) {
    long hits = 0;
    std::regex pat("station=([A-Z]+)[0-9]* value=([0-9.]+) [a-z]+");
    for (const auto& r : recs)
        if (std::regex_search(r, pat)) ++hits;
    return hits;
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    std::string mode = argc > 2 ? argv[2] : "rebuild";
    std::vector<std::string> recs;
    char buf[96];
    for (int i = 0; i < n; ++i) {
        snprintf(buf, sizeof buf, "station=%c%c%d value=%d.%d %s", 'A' + i % 7, 'K' + i % 5,
                 i % 100, i % 300, i % 10, i % 3 ? "ok" : "suspect");
        recs.emplace_back(buf);
    }
    double t0 = cpu_s();
    long hits = mode == "once" ? count_once(recs) : count_rebuild(recs);
    double t = cpu_s() - t0;
    printf("records=%d mode=%s cpu_s=%.4f us_per_record=%.3f hits=%ld\n", n, mode.c_str(), t,
           1e6 * t / n, hits);
    return 0;
}
