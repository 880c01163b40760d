/* pbutil: the small utility layer these kernels share (timer, allocation, array macros) */
#ifndef PBUTIL_H
#define PBUTIL_H
#include <stddef.h>

#ifndef DATA_TYPE
# define DATA_TYPE double
# define DATA_PRINTF_MODIFIER "%0.6e "
# define SCALAR_VAL(x) x
#endif

/* a kernel receives arrays as C99 fixed-size parameters: DATA_TYPE PB_2D(A,N,M,n,m) */
#define PB_1D(var, D1, d1) var[D1]
#define PB_2D(var, D1, D2, d1, d2) var[D1][D2]
/* main allocates them on the heap and passes *A */
#define PB_1D_ARRAY_DECL(var, type, D1, d1) \
  type (*var)[D1] = (type(*)[D1]) pb_alloc_data((size_t)(D1), sizeof(type))
#define PB_2D_ARRAY_DECL(var, type, D1, D2, d1, d2) \
  type (*var)[D1][D2] = (type(*)[D1][D2]) pb_alloc_data((size_t)(D1) * (D2), sizeof(type))
#define PB_ARRAY(x) *x
#define PB_FREE_ARRAY(x) pb_free_data((void *)x)
#define PB_LOOP_BOUND(x, y) y

void *pb_alloc_data(size_t n, size_t elt_size);
void pb_free_data(void *p);
void pb_timer_start(void);
void pb_timer_stop(void);
void pb_timer_print(void);
void pb_checksum(const char *name, const double *p, size_t n);

#endif
