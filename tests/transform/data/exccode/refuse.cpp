// Lookups in try blocks that must stay: each function shows one reason.
#include <cstdio>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

static int parse_level(int raw) {
  if (raw < 0) throw std::out_of_range("negative level");
  return raw * 2;
}

double uses_what(const std::map<int, double>& m, int k) {
  double v = 0.0;
  try {
    v = m.at(k);
  } catch (const std::out_of_range& e) {
    std::printf("missing: %s\n", e.what());
  }
  return v;
}

double second_thrower(const std::map<int, double>& m, int k, int raw) {
  double v = 0.0;
  try {
    v = m.at(k) + parse_level(raw);
  } catch (const std::out_of_range&) {
    v = -1.0;
  }
  return v;
}

double two_containers(const std::map<int, double>& m, const std::vector<double>& u, int k) {
  double v = 0.0;
  try {
    v = m.at(k) * u.at(k);
  } catch (const std::out_of_range&) {
    v = -1.0;
  }
  return v;
}

double rethrows(const std::map<int, double>& m, int k, long& misses) {
  double v = 0.0;
  try {
    v = m.at(k);
  } catch (const std::out_of_range&) {
    ++misses;
    throw;
  }
  return v;
}

double parses(const std::map<int, std::string>& m, int k) {
  double v = 0.0;
  try {
    v = std::stod(m.at(k));
  } catch (const std::out_of_range&) {
    v = -1.0;
  }
  return v;
}

double conditional(const std::map<int, double>& m, int k, bool want) {
  double v = 0.0;
  try {
    if (want) v = m.at(k);
  } catch (const std::out_of_range&) {
    v = -1.0;
  }
  return v;
}

double moves_key(const std::map<int, double>& m, int k) {
  double v = 0.0;
  try {
    k += 1;
    v = m.at(k);
  } catch (const std::out_of_range&) {
    v = -1.0;
  }
  return v;
}

void prints_first(const std::map<int, double>& m, int k) {
  try {
    std::cout << "value " << m.at(k) << "\n";
  } catch (const std::out_of_range&) {
    std::cout << "none\n";
  }
}

double catches_other(const std::map<int, double>& m, int k) {
  double v = 0.0;
  try {
    v = m.at(k);
  } catch (const std::runtime_error&) {
    v = -1.0;
  }
  return v;
}

double catch_all_with_call(const std::map<int, double>& m, std::vector<double>& log, int k) {
  double v = 0.0;
  try {
    v = m.at(k);
    log.push_back(v);
  } catch (...) {
    v = -1.0;
  }
  return v;
}

double second_statement(const std::map<int, double>& m, int k, int raw) {
  double v = 0.0;
  try {
    v = m.at(k);
    v += parse_level(raw);
  } catch (const std::out_of_range&) {
    v = -1.0;
  }
  return v;
}
