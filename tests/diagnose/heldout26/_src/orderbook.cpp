// orderbook.cpp: finance, a limit order book replaying a message stream (add / cancel / execute by
// order id): live orders kept in a std::list, each cancel or execute finds its order by a linear
// std::find_if over the list. -DHASH keeps an std::unordered_map from id to the order. Argument: messages.
#include <cstdio>
#include <cstdlib>
#include <list>
#include <unordered_map>
#include <algorithm>
#include <chrono>
struct Order { long id; double px; int qty; };
int main(int argc, char **argv) {
  long M = argc > 1 ? atol(argv[1]) : 60000;
  std::list<Order> book; std::unordered_map<long, Order> idx; long next = 0, done = 0; double notional = 0; unsigned s = 3;
  auto t0 = std::chrono::steady_clock::now();
  for (long m = 0; m < M; m++) {
    s = s * 1664525u + 1013904223u;
    if ((s >> 28) < 9 || next < 100) {
      Order o{next++, 100 + (s >> 20) % 100 * 0.01, 1 + (int)((s >> 8) % 100)};
#ifdef HASH
      idx.emplace(o.id, o);
#else
      book.push_back(o);
#endif
    } else {
      long id = next - 1 - (long)((s >> 4) % 4000); if (id < 0) id = 0;
#ifdef HASH
      auto it = idx.find(id);
      if (it != idx.end()) { notional += it->second.px * it->second.qty; idx.erase(it); done++; }
#else
      auto it = std::find_if(book.begin(), book.end(), [id](const Order &o) { return o.id == id; });
      if (it != book.end()) { notional += it->px * it->qty; book.erase(it); done++; }
#endif
    }
  }
  double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("orderbook messages %ld orders %ld filled/cancelled %ld notional %.2f time %.3f s  %.2f us/message\n", M, next, done, notional, t, 1e6 * t / M);
  return 0;
}
