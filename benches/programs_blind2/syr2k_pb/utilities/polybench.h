/*
 * polybench.h: the utility layer shared by the kernels of this suite.
 *
 * Array macros (C99 variable-size parameters or fixed sizes), heap allocation, the
 * timer (compiled in only with -DPOLYBENCH_TIME; it prints the elapsed seconds and
 * nothing else) and the array dump (to stderr, only with -DPOLYBENCH_DUMP_ARRAYS).
 */
#ifndef POLYBENCH_H
# define POLYBENCH_H

# include <stdlib.h>
# include <string.h>

/* Padding added to every array dimension (0 by default). */
# ifndef POLYBENCH_PADDING_FACTOR
#  define POLYBENCH_PADDING_FACTOR 0
# endif

/* Loop bounds: compile-time sizes by default, the run-time ones with -DPOLYBENCH_USE_SCALAR_LB. */
# ifdef POLYBENCH_USE_SCALAR_LB
#  define POLYBENCH_LOOP_BOUND(x, y) y
# else
#  define POLYBENCH_LOOP_BOUND(x, y) x
# endif

/* Arrays in prototypes. */
# define POLYBENCH_1D(var, dim1, ddim1) var[dim1 + POLYBENCH_PADDING_FACTOR]
# define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) \
  var[dim1 + POLYBENCH_PADDING_FACTOR][dim2 + POLYBENCH_PADDING_FACTOR]

/* Heap arrays, declared as pointers to arrays and passed as *var. */
# define POLYBENCH_1D_ARRAY_DECL(var, type, dim1, ddim1) \
  type (*var)[dim1 + POLYBENCH_PADDING_FACTOR] = \
    (type (*)[dim1 + POLYBENCH_PADDING_FACTOR]) \
    polybench_alloc_data((dim1) + POLYBENCH_PADDING_FACTOR, sizeof(type))
# define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2) \
  type (*var)[dim1 + POLYBENCH_PADDING_FACTOR][dim2 + POLYBENCH_PADDING_FACTOR] = \
    (type (*)[dim1 + POLYBENCH_PADDING_FACTOR][dim2 + POLYBENCH_PADDING_FACTOR]) \
    polybench_alloc_data(((dim1) + POLYBENCH_PADDING_FACTOR) * \
                         ((dim2) + POLYBENCH_PADDING_FACTOR), sizeof(type))
# define POLYBENCH_ARRAY(x) *x
# define POLYBENCH_FREE_ARRAY(x) free((void *)x)

/* Dead-code prevention: the dump runs only when asked for, but the compiler cannot know. */
# ifdef POLYBENCH_DUMP_ARRAYS
#  define polybench_prevent_dce(func) func
# else
#  define polybench_prevent_dce(func) \
  if (argc > 42 && !strcmp(argv[0], "")) func
# endif

# define POLYBENCH_DUMP_TARGET stderr
# define POLYBENCH_DUMP_START fprintf(POLYBENCH_DUMP_TARGET, "==BEGIN DUMP_ARRAYS==\n")
# define POLYBENCH_DUMP_FINISH fprintf(POLYBENCH_DUMP_TARGET, "==END   DUMP_ARRAYS==\n")
# define POLYBENCH_DUMP_BEGIN(s) fprintf(POLYBENCH_DUMP_TARGET, "begin dump: %s", s)
# define POLYBENCH_DUMP_END(s) fprintf(POLYBENCH_DUMP_TARGET, "\nend   dump: %s\n", s)

/* Timer. */
# ifdef POLYBENCH_TIME
#  define polybench_start_instruments polybench_timer_start();
#  define polybench_stop_instruments polybench_timer_stop();
#  define polybench_print_instruments polybench_timer_print();
# else
#  define polybench_start_instruments
#  define polybench_stop_instruments
#  define polybench_print_instruments
# endif

extern void *polybench_alloc_data(unsigned long long n, int elt_size);
extern void polybench_flush_cache(void);
extern void polybench_timer_start(void);
extern void polybench_timer_stop(void);
extern void polybench_timer_print(void);

#endif /* !POLYBENCH_H */
