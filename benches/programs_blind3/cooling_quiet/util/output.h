#ifndef OUTPUT_H
#define OUTPUT_H
#include <stdio.h>
FILE *output_open(const char *path, const char *title);
void output_close(FILE *f);
#endif
