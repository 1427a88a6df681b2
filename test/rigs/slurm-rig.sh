#!/usr/bin/env bash
# slurm-rig.sh: a real Slurm 22.05 cluster of N emulated GPU nodes on ONE Debian 12 machine, for the
# fleet tests (test/helpers/slurm-rig.ts drives it). Adapted from the reference recipe
# (docs: fleet-integration.md section 4.1). Needs root (mknod, munged, unshare --uts).
#
#   bash test/rigs/slurm-rig.sh install    # apt-get: slurmctld slurmd slurm-client munge
#   bash test/rigs/slurm-rig.sh start [N]  # munged (if needed) + slurmctld + N slurmd; waits until all idle
#   bash test/rigs/slurm-rig.sh env        # prints `export SLURM_CONF=...` for clients (srun/sbatch/sinfo)
#   bash test/rigs/slurm-rig.sh stop       # stops this rig's daemons by their pid files
#
# Environment:
#   RIG            directory holding everything (default /tmp/gpuenv-slurm-rig); /etc/slurm is not used
#   RIG_PORT_BASE  slurmctld port; node k listens on RIG_PORT_BASE+k (default 16800). Two rigs with
#                  different RIG and non-overlapping port ranges can run at the same time.
#   RIG_PROLOG     path of a Prolog program (default: none). $RIG/hooks/prolog is a stand-in that fails
#                  on nodes with a file $RIG/hooks/PROLOG_FAIL-<node>.
#   RIG_START_TIMEOUT  seconds to wait for all nodes idle (default 20)
#   STOP_MUNGE     0: never stop munged (default 1: stop it if a rig started it and no Slurm daemon is left)
#
# Nodes are gpu01..gpuNN (printf %02d), each a slurmd in its own UTS namespace (so `hostname` in a
# job step is the node name), 2 CPUs, Gres=gpu:2 backed by two character devices under $RIG/dev (same
# major/minor as /dev/null), so Slurm sets CUDA_VISIBLE_DEVICES as on a real GPU node.
# HealthCheckInterval=0: Slurm never runs the health check by itself; tests call the program directly.
set -euo pipefail
RIG=${RIG:-/tmp/gpuenv-slurm-rig}
RIG=$(realpath -m "$RIG")
PORT_BASE=${RIG_PORT_BASE:-16800}
START_TIMEOUT=${RIG_START_TIMEOUT:-20}
N_DEFAULT=3
export SLURM_CONF=$RIG/etc/slurm.conf
# Shared by all rigs on the machine: serialises the munged start/stop decision.
MUNGE_LOCK=/run/gpuenv-slurm-rig.lock
MUNGE_OWNED=/run/gpuenv-slurm-rig.munged.pid

die() { echo "slurm-rig: $*" >&2; exit 1; }
node_name() { printf 'gpu%02d' "$1"; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# alive PID [COMM]: the process exists, is not a zombie, and (if given) its comm is COMM.
alive() {
  local pid=$1 want=${2:-} st comm
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  [ -r "/proc/$pid/stat" ] || return 1
  st=$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null) || return 1
  [ "$st" != Z ] && [ "$st" != X ] || return 1
  if [ -n "$want" ]; then
    comm=$(cat "/proc/$pid/comm" 2>/dev/null) || return 1
    [ "$comm" = "$want" ] || return 1
  fi
}

# stop_pid PID COMM: SIGTERM, wait up to 5 s, then SIGKILL. Only if PID is still COMM.
stop_pid() {
  local pid=$1 comm=$2 i
  alive "$pid" "$comm" || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  for i in $(seq 1 50); do alive "$pid" "$comm" || return 0; sleep 0.1; done
  echo "slurm-rig: $comm ($pid) ignored SIGTERM; killing" >&2
  kill -KILL "$pid" 2>/dev/null || true
}

cmd_install() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # postinst tries to start services and is refused by policy-rc.d (harmless); it creates /etc/munge/munge.key.
  apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge
}

write_conf() {
  local n=$1 i name
  rm -rf "$RIG"/{etc,log,run,spool,dev,hooks}
  mkdir -p "$RIG"/{etc,log,run,spool/ctld,dev,hooks}
  for i in $(seq 1 "$n"); do mkdir -p "$RIG/spool/$(node_name "$i")"; done
  mknod "$RIG/dev/gpu0" c 1 3
  mknod "$RIG/dev/gpu1" c 1 3
  {
    cat <<EOF
ClusterName=rig$PORT_BASE
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$PORT_BASE
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
GresTypes=gpu
SlurmctldPidFile=$RIG/run/slurmctld.pid
SlurmdPidFile=$RIG/run/slurmd-%n.pid
SlurmdSpoolDir=$RIG/spool/%n
StateSaveLocation=$RIG/spool/ctld
SlurmctldLogFile=$RIG/log/slurmctld.log
SlurmdLogFile=$RIG/log/slurmd-%n.log
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
HealthCheckProgram=$RIG/hooks/healthcheck
HealthCheckInterval=0
HealthCheckNodeState=ANY
EOF
    if [ -n "${RIG_PROLOG:-}" ]; then echo "Prolog=$RIG_PROLOG"; fi
    for i in $(seq 1 "$n"); do
      name=$(node_name "$i")
      echo "NodeName=$name NodeAddr=127.0.0.1 Port=$((PORT_BASE + i)) CPUs=2 RealMemory=2000 Gres=gpu:2 Feature=fake State=UNKNOWN"
    done
    echo "PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
  } > "$RIG/etc/slurm.conf"
  echo "Name=gpu File=$RIG/dev/gpu[0-1]" > "$RIG/etc/gres.conf"
  # Stand-in hooks. The health check must drain by itself (Slurm only logs its exit code).
  cat > "$RIG/hooks/healthcheck" <<EOF
#!/bin/sh
N="\${SLURMD_NODENAME:-\$(hostname -s)}"
if [ -s "$RIG/hooks/FAIL-\$N" ]; then
  R="gpuenv: \$(head -c 200 "$RIG/hooks/FAIL-\$N")"
  SLURM_CONF="$SLURM_CONF" scontrol update nodename="\$N" state=drain reason="\$R"
  echo "\$R" >&2; exit 1
fi
exit 0
EOF
  cat > "$RIG/hooks/prolog" <<EOF
#!/bin/sh
[ -e "$RIG/hooks/PROLOG_FAIL-\$SLURMD_NODENAME" ] && exit 1
exit 0
EOF
  chmod +x "$RIG/hooks/healthcheck" "$RIG/hooks/prolog"
  echo "$n" > "$RIG/run/nodes"
}

ensure_munge() {
  # Debian's munged runs as user munge and needs /run/munge. Start it only if `munge -n` fails.
  (
    flock -w 10 9 || die "could not lock $MUNGE_LOCK"
    if ! munge -n </dev/null >/dev/null 2>&1; then
      install -d -o munge -g munge -m 0755 /run/munge
      install -d -o munge -g munge -m 0700 /var/log/munge /var/lib/munge
      # 9>&-: the daemon must not inherit (and so hold) the lock
      runuser -u munge -- /usr/sbin/munged 9>&-
      for _ in $(seq 1 50); do munge -n </dev/null >/dev/null 2>&1 && break; sleep 0.1; done
      munge -n </dev/null >/dev/null 2>&1 || die "munged did not come up"
      cp /run/munge/munged.pid "$MUNGE_OWNED" 2>/dev/null || true
    fi
  ) 9>"$MUNGE_LOCK"
}

# Any Slurm daemon still running on this machine (another rig)?
other_slurm_daemons() {
  local d comm
  for d in /proc/[0-9]*; do
    comm=$(cat "$d/comm" 2>/dev/null) || continue
    case $comm in slurmctld|slurmd) alive "${d#/proc/}" && return 0 ;; esac
  done
  return 1
}

maybe_stop_munge() {
  [ "${STOP_MUNGE:-1}" = 1 ] || return 0
  (
    flock -w 10 9 || exit 0
    [ -s "$MUNGE_OWNED" ] || exit 0
    other_slurm_daemons && exit 0
    stop_pid "$(cat "$MUNGE_OWNED")" munged
    rm -f "$MUNGE_OWNED"
  ) 9>"$MUNGE_LOCK"
}

print_logs() {
  local f
  echo "slurm-rig: sinfo:" >&2
  sinfo -N -o '%N %T %E' >&2 2>&1 || true
  for f in "$RIG"/log/*.log; do
    [ -e "$f" ] || continue
    echo "===== $f (last 40 lines)" >&2
    tail -n 40 "$f" >&2
  done
}

cmd_start() {
  local n=${1:-$N_DEFAULT} i name t0 idle deadline
  [[ $n =~ ^[1-9][0-9]*$ ]] || die "start: N must be a positive integer, got '$n'"
  command -v slurmctld >/dev/null || die "slurmctld not found; run '$0 install' first"
  [ "$(id -u)" = 0 ] || die "needs root (mknod, munged, unshare --uts)"
  t0=$(now)
  # A rig left running in the same directory: stop it first (by its pid files).
  stop_daemons
  mkdir -p "$RIG"
  write_conf "$n"
  ensure_munge
  /usr/sbin/slurmctld
  for i in $(seq 1 "$n"); do
    name=$(node_name "$i")
    # one UTS namespace per node: its own hostname, same loopback address, own port
    unshare --uts sh -c "hostname $name && exec /usr/sbin/slurmd -N $name"
  done
  deadline=$(awk -v t="$t0" -v d="$START_TIMEOUT" 'BEGIN { printf "%.0f", t + d }')
  while :; do
    idle=$(sinfo -h -N -t idle -o '%N' 2>/dev/null | sort -u | wc -l || true)
    [ "$idle" -eq "$n" ] && break
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "slurm-rig: only $idle of $n nodes idle after ${START_TIMEOUT} s" >&2
      print_logs
      [ "${RIG_KEEP_ON_FAIL:-0}" = 1 ] || cmd_stop >&2
      exit 1
    fi
    sleep 0.1
  done
  echo "slurm-rig: $n nodes idle in $(elapsed "$t0") s; export SLURM_CONF=$SLURM_CONF"
}

cmd_env() { echo "export SLURM_CONF=$SLURM_CONF"; }

stop_daemons() {
  local f pid comm i pending
  local -a pids=() comms=()
  for f in "$RIG"/run/slurmd-*.pid "$RIG/run/slurmctld.pid"; do
    [ -s "$f" ] || continue
    case $f in *slurmctld.pid) comm=slurmctld ;; *) comm=slurmd ;; esac
    pid=$(cat "$f" 2>/dev/null || true)
    rm -f "$f"
    alive "$pid" "$comm" || continue
    kill -TERM "$pid" 2>/dev/null || continue
    pids+=("$pid"); comms+=("$comm")
  done
  [ "${#pids[@]}" -gt 0 ] || return 0
  # wait up to 5 s for all of them, then SIGKILL the rest (by PID, and only if still the same program)
  for _ in $(seq 1 50); do
    pending=0
    for i in "${!pids[@]}"; do alive "${pids[$i]}" "${comms[$i]}" && pending=1; done
    [ "$pending" = 0 ] && return 0
    sleep 0.1
  done
  for i in "${!pids[@]}"; do
    if alive "${pids[$i]}" "${comms[$i]}"; then
      echo "slurm-rig: ${comms[$i]} (${pids[$i]}) ignored SIGTERM; killing" >&2
      kill -KILL "${pids[$i]}" 2>/dev/null || true
    fi
  done
}

cmd_stop() {
  stop_daemons
  maybe_stop_munge
  echo "slurm-rig: stopped ($RIG)"
}

case "${1:-}" in
  install) cmd_install ;;
  start) shift; cmd_start "$@" ;;
  env) cmd_env ;;
  stop) cmd_stop ;;
  *) sed -n '2,26p' "$0"; exit 2 ;;
esac
