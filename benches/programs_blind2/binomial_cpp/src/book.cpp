// book.cpp: a deterministic book (the real one comes from the desk's database)
#include "book.hpp"

#include <cstdio>

namespace {
// small LCG so that every platform builds the same book
struct Lcg {
    unsigned long long state;
    double next() {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<double>(state >> 11) * (1.0 / 9007199254740992.0);
    }
};
}  // namespace

std::vector<Option> make_book(int count, unsigned seed) {
    Lcg rng{seed};
    std::vector<Option> book;
    book.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        Option o;
        char id[32];
        std::snprintf(id, sizeof id, "AMP-%06d", i);
        o.id = id;
        o.kind = rng.next() < 0.6 ? Kind::Put : Kind::Call;
        o.style = rng.next() < 0.8 ? Style::American : Style::European;
        o.spot = 50.0 + 100.0 * rng.next();
        o.strike = o.spot * (0.8 + 0.4 * rng.next());
        o.rate = 0.01 + 0.04 * rng.next();
        o.dividend = 0.03 * rng.next();
        o.vol = 0.1 + 0.4 * rng.next();
        o.expiry = 0.25 + 2.75 * rng.next();
        book.push_back(o);
    }
    return book;
}
