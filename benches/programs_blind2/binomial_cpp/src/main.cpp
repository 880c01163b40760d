// main.cpp: nightly repricing of the options book
//   binomial [options=400] [steps=1500]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "book.hpp"
#include "lattice.hpp"

int main(int argc, char** argv) {
    const int count = argc > 1 ? std::atoi(argv[1]) : 400;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 1500;
    if (count <= 0 || steps <= 0) {
        std::fprintf(stderr, "usage: binomial [options] [steps]\n");
        return 2;
    }
    const std::vector<Option> book = make_book(count, 20240611u);
    std::vector<double> premium(book.size());

    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t n = 0; n < book.size(); ++n) {
        premium[n] = price_crr(book[n], steps);
    }
    const auto t1 = std::chrono::steady_clock::now();
    const double secs = std::chrono::duration<double>(t1 - t0).count();

    double total = 0.0, puts = 0.0;
    for (std::size_t n = 0; n < book.size(); ++n) {
        total += premium[n];
        if (book[n].kind == Kind::Put) puts += premium[n];
    }
    std::printf("[risk] repriced %d contracts on %d-step trees in %.3f s (%.1f contracts/s)\n",
                count, steps, secs, count / secs);
    std::printf("[risk] book premium %.9f, puts %.9f\n", total, puts);
    std::printf("[risk] %s %.9f | %s %.9f\n", book.front().id.c_str(), premium.front(),
                book.back().id.c_str(), premium.back());
    return 0;
}
