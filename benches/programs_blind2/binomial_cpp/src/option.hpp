// option.hpp: one contract of the book
#pragma once
#include <string>

enum class Style { European, American };
enum class Kind { Call, Put };

struct Option {
    std::string id;      // desk identifier, e.g. "AMP-000123"
    Kind kind;
    Style style;
    double spot;         // underlying price
    double strike;
    double rate;         // continuously compounded risk-free rate
    double dividend;     // continuous dividend yield
    double vol;          // annualised volatility
    double expiry;       // years
};
