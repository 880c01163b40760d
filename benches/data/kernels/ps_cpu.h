/* CPU time of the calling thread (not wall time: on a shared machine a preempted thread's
 * wait is not the kernel's cost; the recorded kernels are single-threaded). */
#include <time.h>
static double ps_cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
