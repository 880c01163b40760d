/* A parent and a child each calling libc functions: ltrace -c -f adds both. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static double work(int n) {
    char buf[32];
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        snprintf(buf, sizeof buf, "%d", i);
        s += atof(buf) + (double)strlen(buf);
    }
    return s;
}

int main(void) {
    pid_t pid = fork();
    double s = work(pid == 0 ? 300 : 600);
    if (pid == 0) { printf("child %g\n", s); return 0; }
    waitpid(pid, NULL, 0);
    printf("parent %g\n", s);
    return 0;
}
