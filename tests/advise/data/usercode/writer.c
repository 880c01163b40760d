#include <stdio.h>
#include <unistd.h>

int main(void)
{
    char buf[32];
    for (int i = 0; i < 20000; i++) {
        int len = snprintf(buf, sizeof buf, "%d\n", i);
        if (write(1, buf, (size_t)len) < 0)
            return 1;
    }
    return 0;
}
