"""Helpers for the sandbox tests: hostile C programs, a workspace box, process checks."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import default_policy_text, parse_policy

PROGRAMS: dict[str, str] = {
    # forks without end; each child forks too
    "forkbomb": r"""
#include <stdio.h>
#include <unistd.h>
int main(void){ for(;;){ fork(); } }
""",
    # allocates and touches memory until malloc fails
    "memhog": r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void){
size_t mb=0;
for(;;){
char*p=malloc(16<<20);
if(!p){
printf("failed after %zu MB\n", mb);
return 3;
} memset(p,1,16<<20);
mb+=16;
if(mb>2048) return 0;
} }
""",
    "spin": r"""
int main(void){ volatile unsigned long x=0; for(;;) x++; }
""",
    # writes argv[1] MiB to stdout
    "flood": r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int c,char**v){
static char b[1<<20];
memset(b,'x',sizeof b);
int n=atoi(v[1]);
for(int i=0;
i<n;
i++) fwrite(b,1,sizeof b,stdout);
return 0;
}
""",
    # the child calls setsid and forks again; the grandchild writes its pid and sleeps
    "doublefork": r"""
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(int c,char**v){
pid_t p=fork();
if(p==0){
setsid();
if(fork()==0){
FILE*f=fopen(v[1],"w");
fprintf(f,"%d\n",getpid());
fclose(f);
sleep(1000);
_exit(0);
} _exit(0);
} sleep(atoi(v[2]));
return 0;
}
""",
    "ignoreterm": r"""
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(int c,char**v){
signal(SIGTERM,SIG_IGN);
FILE*f=fopen(v[1],"w");
fprintf(f,"%d\n",getpid());
fclose(f);
for(;;) sleep(1);
}
""",
    # connects to 127.0.0.1:argv[1]; prints the outcome
    "netsock": r"""
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
int main(int c,char**v){
int s=socket(AF_INET,SOCK_STREAM,0);
struct sockaddr_in a;
memset(&a,0,sizeof a);
a.sin_family=AF_INET;
a.sin_port=htons(atoi(v[1]));
a.sin_addr.s_addr=htonl(0x7f000001);
if(connect(s,(struct sockaddr*)&a,sizeof a)==0){
printf("connected\n");
write(s,"hi",2);
return 0;
} printf("failed: %s\n", strerror(errno));
return 4;
}
""",
    # writes argv[2] MiB to the file argv[1]
    "bigfile": r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int c,char**v){
static char b[1<<20];
memset(b,'y',sizeof b);
FILE*f=fopen(v[1],"w");
int n=atoi(v[2]);
for(int i=0;
i<n;
i++){
if(fwrite(b,1,sizeof b,f)!=sizeof b){
printf("short write\n");
return 5;
} fflush(f);
} fclose(f);
return 0;
}
""",
    # prints the named environment variables
    "printenv": r"""
#include <stdio.h>
#include <stdlib.h>
int main(int c,char**v){
for(int i=1;
i<c;
i++){
const char*x=getenv(v[i]);
printf("%s=%s\n", v[i], x?x:"(unset)");
} return 0;
}
""",
}

# a preload library that would write a file outside the workspace if it were ever loaded
PRELOAD = r"""
#include <stdio.h>
#include <stdlib.h>
__attribute__((constructor)) static void hit(void){
const char*p=getenv("SENTINEL");
FILE*f=fopen(p?p:"/tmp/perfscout-preload-hit","w");
if(f){
fputs("loaded\n",f);
fclose(f);
} }
"""


@dataclass
class Box:
    """A workspace with an outside directory next to it, and a runner factory."""

    ws: Path
    outside: Path
    home: Path
    progs: Path
    use_exec_wrapper: bool = True  # False: the preexec_fn fallback spawn

    def prog(self, name: str) -> str:
        """Copy a compiled program into the workspace; returns ./NAME."""
        dst = self.ws / name
        if not dst.exists():
            shutil.copy2(self.progs / name, dst)
        return f"./{name}"

    def runner(self, unconfined: bool = False, **defaults: Any) -> LocalRunner:
        return LocalRunner(policy(**defaults), self.ws, self.home,
                           use_exec_wrapper=self.use_exec_wrapper, unconfined=unconfined)


def policy(**defaults: Any) -> Any:
    """The shipped default policy with ``defaults`` (timeout_s, limits={...}, ...) overridden.

    ``limits`` also replaces the workspace programs' own limits."""
    doc = yaml.safe_load(default_policy_text())
    for k, v in defaults.items():
        if k == "limits":  # workspace programs carry their own limits: override both
            doc["defaults"]["limits"].update(v)
            doc["workspace_programs"]["limits"] = dict(v)
        else:
            doc["defaults"][k] = v
    return parse_policy(doc, "test")


def alive(pid: int) -> bool:
    """Whether ``pid`` is a live (non-zombie) process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2] != "Z"


def wait_for(pred: Callable[[], bool], timeout: float = 3.0) -> bool:
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.02)
    return pred()


def marker_procs() -> list[int]:
    """Pids of live processes carrying a perfscout run marker in their environment."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit() and int(d) != os.getpid():
            try:
                env = Path(f"/proc/{d}/environ").read_bytes()
            except OSError:
                continue
            if b"PERFSCOUT_RUN_ID=" in env and alive(int(d)):
                out.append(int(d))
    return out


def leftovers(ws: Path) -> list[int]:
    """Live processes started by a sandboxed command in ``ws`` (marker + cwd inside ``ws``)."""
    out = []
    for pid in marker_procs():
        try:
            cwd = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            continue
        if cwd == str(ws) or cwd.startswith(str(ws) + "/"):
            out.append(pid)
    return out
