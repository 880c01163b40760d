/* what the planners read off the final row */
#include "pathfinder.h"

RouteStats route_stats(const int *result, int cols)
{
    RouteStats s = {0, result[0], result[0], 0, 0};
    for (int j = 0; j < cols; j++) {
        s.sum += result[j];
        s.weighted += (long long)result[j] * (j % 101 + 1);
        if (result[j] < s.best) {
            s.best = result[j];
            s.best_at = j;
        }
        if (result[j] > s.worst)
            s.worst = result[j];
    }
    return s;
}
