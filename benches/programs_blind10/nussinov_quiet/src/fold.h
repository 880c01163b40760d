#ifndef FOLD_H
#define FOLD_H
#include "seq.h"
/* the Nussinov table: t[i * n + j] = largest number of nested base pairs in s[i..j] */
int *fold_table(const base *s, int n);
/* dot-bracket structure of one optimal folding, by traceback through the table */
void fold_traceback(const base *s, int n, const int *t, char *out);
#endif
