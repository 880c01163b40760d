// walk() is not inlined: perf report names it "walk", perf annotate and callgrind by its
// C++ signature; perf annotate puts its samples on line 11 (the inner loop).
#include <cstdio>
#include <cstdlib>
#include <vector>

__attribute__((noinline)) double walk(const std::vector<double>& v, int reps)
{
    double s = 0.0;
    for (int r = 0; r < reps; ++r)
        for (std::size_t i = 0; i < v.size(); ++i)
            s += v[i] * 1.000001;
    return s;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    std::vector<double> v(static_cast<std::size_t>(n), 1.0);
    std::printf("%g\n", walk(v, argc > 2 ? std::atoi(argv[2]) : 1000));
    return 0;
}
