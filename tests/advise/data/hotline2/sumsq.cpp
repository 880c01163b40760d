// Each step refills a std::vector (std::fill, inlined from <algorithm>: the compiler charges
// its loop to the system header bits/stl_algobase.h) and then sums every fourth element in
// the program's own loop, line 16. A line-level profile's hottest line is the header's; the
// program's hottest line is 16 (its loop header is 15).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

static double refill_sum(std::vector<double>& v, int reps)
{
    double s = 0.0;
    for (int r = 0; r < reps; ++r) {
        std::fill(v.begin(), v.end(), 0.5 * r);
        for (std::size_t i = 0; i < v.size(); i += 4)
            s += v[i] * v[i] + 1e-9 * static_cast<double>(i);
    }
    return s;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    int reps = argc > 2 ? std::atoi(argv[2]) : 100;
    std::vector<double> v(static_cast<std::size_t>(n));
    std::printf("%g\n", refill_sum(v, reps));
    return 0;
}
