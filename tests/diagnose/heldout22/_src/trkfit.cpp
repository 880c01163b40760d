// Track-candidate scoring for a detector's pattern recognition (C++, serial).
// Every candidate is scored against the event's hit list; score_candidate takes the hit list by value,
// so each call copies the 2048-hit vector (allocation and copy) before reading it. -DCREF passes it by
// const reference. usage: trkfit [events] [candidates]; prints one build row.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct Hit { double z, r, phi; };

#ifdef CREF
__attribute__((noinline)) double score_candidate(const std::vector<Hit> &hits, double slope, double phi0)
#else
__attribute__((noinline)) double score_candidate(std::vector<Hit> hits, double slope, double phi0)
#endif
{
    double s = 0.0;
    for (std::size_t i = 0; i < hits.size(); i += 16) {
        double dphi = hits[i].phi - phi0 - slope * hits[i].r;
        s += dphi * dphi < 0.01 ? 1.0 : 0.0;
    }
    return s;
}

int main(int argc, char **argv)
{
    int nev = argc > 1 ? std::atoi(argv[1]) : 40, ncand = argc > 2 ? std::atoi(argv[2]) : 2000;
    std::vector<Hit> hits(2048);
    double best = 0.0;
    auto t0 = std::chrono::steady_clock::now();
    for (int e = 0; e < nev; e++) {
        for (std::size_t i = 0; i < hits.size(); i++)
            hits[i] = {0.01 * i, 1.0 + (i * 7 + e) % 100, 0.001 * ((i * 13 + e) % 6283)};
        for (int c = 0; c < ncand; c++) {
            double sc = score_candidate(hits, 0.0001 * c, 0.003 * c);
            if (sc > best) best = sc;
        }
    }
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
#ifdef CREF
    const char *build = "const-ref";
#else
    const char *build = "shipped";
#endif
    std::printf("trkfit build=%s events=%d candidates=%d scores=%d seconds=%.3f us_per_score=%.3f best=%.0f\n",
                build, nev, ncand, nev * ncand, t, 1e6 * t / (nev * ncand), best);
    return 0;
}
