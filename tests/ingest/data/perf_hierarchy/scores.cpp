// Each candidate is scored against the event's hits, passed by value (a copy per call) or,
// with -DCREF, by const reference. ./scores EVENTS CANDIDATES
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#ifdef CREF
__attribute__((noinline)) static double score(const std::vector<double> &hits, int c)
#else
__attribute__((noinline)) static double score(std::vector<double> hits, int c)
#endif
{
    return hits[(size_t)c % hits.size()] * 0.5 + c;
}

int main(int argc, char **argv)
{
    int events = argc > 1 ? atoi(argv[1]) : 100, cands = argc > 2 ? atoi(argv[2]) : 2000;
    std::vector<double> hits(6000, 1.0);
    double best = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (int e = 0; e < events; e++)
        for (int c = 0; c < cands; c++) {
            double s = score(hits, c);
            if (s > best) best = s;
        }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
#ifdef CREF
    const char *build = "const-ref";
#else
    const char *build = "by-value";
#endif
    printf("scores build=%s events=%d candidates=%d seconds=%.3f best=%.1f\n", build, events,
           cands, secs, best);
    return 0;
}
