// a std::regex compiled inside the per-record function
#include <cstdio>
#include <regex>
#include <string>
static bool valid(const std::string& s) {
    std::regex re("[A-Z]{2}[0-9]{4}-[a-z]+");  // compiled per record
    return std::regex_match(s, re);
}
int main(int argc, char** argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 3000;
    int ok = 0; char buf[64];
    for (int i = 0; i < n; ++i) { std::snprintf(buf, sizeof buf, "AB%04d-%s", i % 10000, (i & 1) ? "x" : "7"); ok += valid(buf); }
    std::printf("records=%d valid=%d\n", n, ok);
}
