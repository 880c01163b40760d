// counts word lengths; every call copies its line into a fresh std::vector (new per line)
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
static std::size_t longest(const std::string &line) {
  std::vector<std::string> words;  // allocated for every line
  std::string w;
  for (char c : line) {
    if (c == ' ') { words.push_back(w); w.clear(); } else { w += c; }
  }
  words.push_back(w);
  std::size_t best = 0;
  for (const auto &x : words) best = x.size() > best ? x.size() : best;
  return best;
}
int main(int argc, char **argv) {
  int lines = argc > 1 ? std::atoi(argv[1]) : 20000;
  std::string line = "the quick brown fox jumps over the lazy dog and keeps running far away";
  std::size_t sum = 0;
  for (int i = 0; i < lines; i++) sum += longest(line);
  std::printf("lines=%d sum=%zu\n", lines, sum);
  return 0;
}
