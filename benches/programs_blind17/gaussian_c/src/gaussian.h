#ifndef GAUSSIAN_H
#define GAUSSIAN_H
void create_matrix(float *a, float *b, int size);
void forward_sub(float *a, float *b, float *m, int size);
void back_sub(const float *a, const float *b, float *x, int size);
#endif
