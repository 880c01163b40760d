#ifndef LOG_H
#define LOG_H
#include <stddef.h>

struct log {
    double *t;
    size_t n;
};

void record(struct log *lg, long steps);
#endif
