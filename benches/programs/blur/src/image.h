#ifndef W
#define W 2048
#endif
#ifndef H
#define H 2048
#endif
void blur_rows(const float *in, float *out);
void blur_cols(const float *in, float *out);
