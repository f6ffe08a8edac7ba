#!/usr/bin/env bash
# Makes the peers named run, for a test that needs them: a peer that
# already listens and answers as itself is left alone; the others are
# installed (install.sh, which needs root and apt-get) and started
# (start.sh). A port that answers as another program (identify.py: the
# banner, greeting or Server field start.sh set up) is never taken for
# the peer: that is a failure naming the port and what answered. Exit 0
# when every peer named listens and answers as itself; otherwise non-zero,
# the last line of standard error being the reason, which the test
# reports when it skips.
#
#   ensure.sh [--check] PEER|ALIAS...
#
# With --check, nothing is installed or started: exit 0 when every peer
# named answers as itself (what UNIFORM_PEERS=off asks of the tests).
#
# When UNIFORM_PEERS_STARTED names a file, the peers this call started are
# appended to it, one a line, so that the caller can stop exactly those
# (scripts/test.sh does). One ensure.sh at a time: it holds $P/ensure.lock.
set -euo pipefail
set +m
. "$(dirname "$0")/lib.sh"

fail() { printf 'ensure: %s\n' "$*" >&2; exit 3; }

check_only=false
if [ "${1:-}" = --check ]; then check_only=true; shift; fi
mapfile -t names < <(expand_peers "$@")
[ "${#names[@]}" -gt 0 ] || exit 2

# down: the peers named that nobody listens for now
down() {
  local list n
  list=$(listening_ports)
  for n in "${names[@]}"; do
    printf '%s\n' "$list" | grep -qxF "$H:$(peer_port "$n")" || echo "$n"
  done
}

# others: of the peers named that listen, those whose port answers as
# another program, as strangers (lib.sh) lists them
others() {
  local list n up=()
  list=$(listening_ports)
  for n in "${names[@]}"; do
    printf '%s\n' "$list" | grep -qxF "$H:$(peer_port "$n")" && up+=("$n")
  done
  [ "${#up[@]}" -eq 0 ] || strangers "${up[@]}"
}

# refuse_others: fails naming each port that answers as another program,
# as the last call of others found them (held)
refuse_others() {
  local name port what h said=""
  [ "${#held[@]}" -gt 0 ] || return 0
  for h in "${held[@]}"; do
    IFS=$'\t' read -r name port what <<<"$h"
    said+="${said:+; }port $port ($name) is held by something else: it answered $what"
  done
  fail "$said"
}

mapfile -t todo < <(down)
mapfile -t held < <(others)
[ "${#todo[@]}" -gt 0 ] || [ "${#held[@]}" -gt 0 ] || exit 0
if [ "${#held[@]}" -gt 0 ] && [ -e "$P/ensure.lock" ] && { exec 7<"$P/ensure.lock"; } 2>/dev/null; then
  # A peer that another ensure.sh is starting listens a moment before it
  # answers: let that call finish, then ask again.
  if ! flock -n 7; then
    flock -w 900 7 || true
    mapfile -t held < <(others)
  fi
  exec 7<&-
fi
refuse_others
if $check_only; then
  mapfile -t todo < <(down)
  [ "${#todo[@]}" -eq 0 ] || fail "${todo[*]} not running (--check starts nothing)"
  exit 0
fi
[ "${#todo[@]}" -gt 0 ] || exit 0

[ "$(id -u)" = 0 ] || fail "${todo[*]} not running, and starting them needs root (vsftpd and telnetd log in through PAM, INN runs as news)"
mkdir -p "$P" && { exec 8>"$P/ensure.lock"; } 2>/dev/null || fail "cannot write $P/ensure.lock"
flock -w 900 8 || fail "another ensure.sh held $P/ensure.lock for 15 minutes"
# Someone may have started them while this call waited for the lock.
mapfile -t todo < <(down)
mapfile -t held < <(others)
refuse_others
[ "${#todo[@]}" -gt 0 ] || exit 0
command -v ss >/dev/null || fail "ss (iproute2) is missing: start.sh waits on it"

mkdir -p "$P/logs"
# fd 8 (the lock) must not reach the servers: they would hold it forever.
if ! timeout 1200 "$PEERS_HERE/install.sh" >"$P/logs/install.log" 2>&1 8>&-; then
  tail -n 15 "$P/logs/install.log" >&2
  fail "install.sh failed (log: $P/logs/install.log): $(grep -E 'ERROR|E:' "$P/logs/install.log" | tail -n 1)"
fi
if ! "$PEERS_HERE/start.sh" "${todo[@]}" >"$P/logs/ensure-start.log" 2>&1 8>&-; then
  tail -n 30 "$P/logs/ensure-start.log" >&2
  fail "start.sh ${todo[*]} failed: $(grep -E '^start: (FAIL|ERROR)' "$P/logs/ensure-start.log" | head -n 1)"
fi
if [ -n "${UNIFORM_PEERS_STARTED:-}" ]; then
  printf '%s\n' "${todo[@]}" >>"$UNIFORM_PEERS_STARTED"
fi
mapfile -t still < <(down)
[ "${#still[@]}" -eq 0 ] || fail "started, but not listening: ${still[*]}"
mapfile -t held < <(others)
refuse_others
