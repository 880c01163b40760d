// A lookup in a class member's table that returns from inside the try, and a loop whose body
// is the try statement itself (no braces) reading a vector through a pointer.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <vector>

class Table {
 public:
  explicit Table(int n) {
    for (int k = 0; k < n; k += 3) table_[k] = k * k % 17;
  }
  int lookup(int k) const {
    try {
      return table_.at(k);
    } catch (const std::out_of_range&) {
      return -1;
    }
  }

 private:
  std::map<int, int> table_;
};

static long edges(const std::vector<int>* p, int n) {
  long s = 0;
  for (int i = -n / 4; i < n; ++i)
    try {
      s += p->at(i) * 2;
    } catch (const std::out_of_range&) {
      s -= 1;
    }
  return s;
}

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 3000;
  Table t(n);
  std::vector<int> v(n / 2, 3);
  long sum = 0;
  for (int r = 0; r < 20; ++r)
    for (int k = 0; k < n; ++k) sum += t.lookup(k + r);
  std::printf("sum %ld edges %ld\n", sum, edges(&v, n));
  return 0;
}
