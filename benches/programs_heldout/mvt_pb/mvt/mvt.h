#ifndef _MVT_H
# define _MVT_H

/* default problem size; the build overrides it with -DN=... */
# if !defined(N)
#  define N 4000
# endif

# define _PB_N PB_LOOP_BOUND(N, n)

#endif
