/* a benchmark suite's utility layer: the kernel's own timer and array macros */
#ifndef TIM_H
#define TIM_H
#define ARR_2D(var, D1, D2, d1, d2) var[D1][D2]
#define LOOP_BOUND(x, y) y
void tim_start(void);
void tim_stop_print(void);
#endif
