#!/usr/bin/env bash
# Stops the peers that start.sh started: all, or the names given. Signals
# only the process groups recorded in $P/pids (a group whose leader PID now
# belongs to another process is already gone, and is left alone). innd is
# asked to shut down with ctlinnd, the others get SIGTERM; whatever still
# lives after UNIFORM_PEERS_STOP_TIMEOUT seconds (default 10) gets SIGKILL.
# Zombies count as stopped (this sandbox's init reaps late).
set -uo pipefail
set +m
. "$(dirname "$0")/lib.sh"

TIMEOUT=${UNIFORM_PEERS_STOP_TIMEOUT:-10}
say() { printf 'stop: %s\n' "$*"; }

mapfile -t names < <(expand_peers "$@") || exit 2
[ "${#names[@]}" -gt 0 ] || exit 2
[ -s "$P/pids" ] || { say "nothing recorded in $P/pids"; exit 0; }
peers_lock

# The recorded groups of the names asked for: "NAME PID STARTTIME"
mapfile -t recs < <(awk -v want=" ${names[*]} " 'index(want, " " $1 " ") && NF == 3' "$P/pids")

t0=$(date +%s.%N)
live=()
for r in "${recs[@]+"${recs[@]}"}"; do
  read -r name pgid st <<<"$r"
  if ! group_alive "$pgid" "$st"; then continue; fi
  live+=("$r")
  if [ "$name" = innd ] && [ -f "$INN_CONF" ]; then
    # innd ignores SIGTERM for a long time; this is its own way down
    timeout 15 env INNCONF="$INN_CONF" setpriv --reuid=news --regid=news --init-groups \
      /usr/lib/news/bin/ctlinnd -t 10 shutdown "uniform stop.sh" >/dev/null 2>&1
    # and the nnrpd readers it forked, which outlive it while clients stay
    kill -TERM -- "-$pgid" 2>/dev/null
  else
    kill -TERM -- "-$pgid" 2>/dev/null
  fi
done

# Wait for the groups to empty; SIGKILL what is left at the deadline.
deadline=$(($(date +%s) + TIMEOUT))
killed=()
while :; do
  left=()
  for r in "${live[@]+"${live[@]}"}"; do
    read -r name pgid st <<<"$r"
    group_alive "$pgid" "$st" && left+=("$r")
  done
  [ "${#left[@]}" -gt 0 ] || break
  if [ "$(date +%s)" -ge "$deadline" ]; then
    if [ "${#killed[@]}" -gt 0 ]; then
      for r in "${left[@]}"; do read -r name pgid st <<<"$r"; say "ERROR: $name (group $pgid) survived SIGKILL"; done
      exit 1
    fi
    for r in "${left[@]}"; do
      read -r name pgid st <<<"$r"
      say "$name did not stop in ${TIMEOUT}s: SIGKILL to group $pgid"
      kill -KILL -- "-$pgid" 2>/dev/null
      killed+=("$name")
    done
    deadline=$(($(date +%s) + 5))
  fi
  sleep 0.05
done

# Forget the stopped ones.
awk -v want=" ${names[*]} " '!index(want, " " $1 " ")' "$P/pids" >"$P/pids.tmp" && mv -f "$P/pids.tmp" "$P/pids"
t1=$(date +%s.%N)
stopped=()
for r in "${live[@]+"${live[@]}"}"; do stopped+=("${r%% *}"); done
say "${#stopped[@]} stopped (${stopped[*]-}) in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s"
