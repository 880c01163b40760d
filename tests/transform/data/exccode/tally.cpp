// One key read and written three times in a try: one find serves them all.
#include <cstdio>
#include <map>
#include <stdexcept>
int main() {
  std::map<int, long> seen;
  for (int k = 0; k < 50; k += 2) seen[k] = 0;
  long missed = 0;
  for (int i = 0; i < 4000; ++i) {
    int k = (i * 7) % 61;
    try {
      seen.at(k) += i;
      if (seen.at(k) > 1000) seen.at(k) -= 1000;
    } catch (const std::out_of_range&) {
      ++missed;
    }
  }
  long sum = 0;
  for (const auto& kv : seen) sum += kv.first * kv.second;
  std::printf("%ld %ld\n", sum, missed);
  return 0;
}
