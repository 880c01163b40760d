#!/usr/bin/env bash
# Single-node Slurm for the tests (RECIPES.md): `slurm.sh start` starts munge, slurmctld and
# slurmd and waits until the node is idle; `slurm.sh stop` stops them by the pids in their pid
# files (never by name); `slurm.sh status` says whether the node answers. Idempotent: start when
# already running only checks the node. Accounting: jobcomp/filetxt, read with `sacct -c`.
set -u
action=${1:-start}
state=${PERFSCOUT_SLURM_STATE:-/var/lib/perfscout-slurm}
conf=/etc/slurm/slurm.conf
pids="$state/pids"
jobcomp="$state/jobcomp.txt"

say() { echo "slurm.sh: $*"; }

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

node_idle() { sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; }

start_munge() {
  if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then return 0; fi
  install -d -o munge -g munge -m 0755 /run/munge
  install -d -o munge -g munge -m 0700 /var/log/munge /var/lib/munge 2>/dev/null || true
  [ -f /etc/munge/munge.key ] || { say "no /etc/munge/munge.key (apt-get install -y slurm-wlm)"; return 1; }
  su -s /bin/sh munge -c "/usr/sbin/munged --pid-file=/run/munge/munged.pid" || return 1
  cp /run/munge/munged.pid "$pids/munged.pid" 2>/dev/null || true
  for _ in $(seq 50); do
    munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  say "munged did not answer"; return 1
}

write_conf() {
  local host cpus mem
  host=$(hostname -s)
  cpus=$(nproc)
  mem=$(( $(awk '/MemTotal/ {print int($2/1024)}' /proc/meminfo) - 2048 ))
  [ "$mem" -lt 512 ] && mem=512
  install -d /etc/slurm "$state/ctld" "$state/d" "$state/log"
  cat > "$conf.tmp" <<CONF
# written by perfscout scripts/slurm.sh
ClusterName=perfscout
SlurmctldHost=$host
AuthType=auth/munge
CryptoType=crypto/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/d
SlurmctldPidFile=$pids/slurmctld.pid
SlurmdPidFile=$pids/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=task=1
JobCompType=jobcomp/filetxt
JobCompLoc=$jobcomp
AccountingStorageType=accounting_storage/none
MinJobAge=600
KillWait=5
OverTimeLimit=0
InactiveLimit=0
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
  mv "$conf.tmp" "$conf"
}

start() {
  command -v slurmctld >/dev/null || { say "slurm-wlm is not installed"; return 1; }
  [ "$(id -u)" -eq 0 ] || { say "needs root to start daemons"; return 1; }
  install -d "$pids"
  if alive "$pids/slurmctld.pid" && alive "$pids/slurmd.pid" && node_idle; then
    say "already running"; return 0
  fi
  start_munge || return 1
  write_conf
  alive "$pids/slurmctld.pid" || /usr/sbin/slurmctld || { say "slurmctld failed (see $state/log)"; return 1; }
  alive "$pids/slurmd.pid" || /usr/sbin/slurmd || { say "slurmd failed (see $state/log)"; return 1; }
  for _ in $(seq 300); do
    if node_idle; then say "node $(hostname -s) is $(sinfo -h -o %T | head -1)"; return 0; fi
    sleep 0.1
  done
  say "node did not become idle within 30 s: $(sinfo -h -o '%T %E' 2>&1 | head -1)"; return 1
}

stop_pid() {
  local f=$1
  if alive "$f"; then
    local p; p=$(cat "$f")
    kill "$p" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$p" 2>/dev/null && kill -9 "$p" 2>/dev/null
  fi
  rm -f "$f"
}

stop() {
  stop_pid "$pids/slurmd.pid"
  stop_pid "$pids/slurmctld.pid"
  stop_pid "$pids/munged.pid"
  say "stopped"
}

case "$action" in
  start) start ;;
  stop) stop ;;
  status) node_idle && { say "up: $(sinfo -h -o %T | head -1)"; exit 0; } || { say "down"; exit 1; } ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
