#!/usr/bin/env bash
# Shows each peer (all, or the names given): running or not, its process
# group, and whether its port listens on the loopback address (and answers
# as that peer: "(another program)" otherwise). Exits 0 when every peer
# shown is running and listening, else 1.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

mapfile -t names < <(expand_peers "$@") || exit 2
[ "${#names[@]}" -gt 0 ] || exit 2
listening=$(listening_ports)
# The ports that listen but answer as another program than their peer.
up=()
for n in "${names[@]}"; do
  printf '%s\n' "$listening" | grep -qxF "$H:$(peer_port "$n")" && up+=("$n")
done
others=" "
if [ "${#up[@]}" -gt 0 ]; then
  while IFS=$'\t' read -r n _; do others+="$n "; done < <(strangers "${up[@]}")
fi
down=0
printf '%-15s %-8s %-8s %-22s %s\n' PEER STATE PGID LISTEN LOG
for n in "${names[@]}"; do
  port=$(peer_port "$n")
  rec=$(pid_record "$n")
  if [ -n "$rec" ] && group_alive "${rec%% *}" "${rec#* }"; then state=running pgid=${rec%% *}; else state=stopped pgid=-; fi
  if [[ $others == *" $n "* ]]; then lis="(another program)"
  elif printf '%s\n' "$listening" | grep -qxF "$H:$port"; then lis="$H:$port"
  else lis="(not listening)"; fi
  [ "$state" = running ] && [[ $lis != "("* ]] || down=$((down + 1))
  printf '%-15s %-8s %-8s %-22s %s\n' "$n" "$state" "$pgid" "$lis" "$P/logs/$n.log"
done
[ "$down" -eq 0 ]
