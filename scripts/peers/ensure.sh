#!/usr/bin/env bash
# Makes the peers named run, for a test that needs them: a peer that
# already listens is left alone; the others are installed (install.sh,
# which needs root and apt-get) and started (start.sh). Exit 0 when every
# peer named listens; otherwise non-zero, the last line of standard error
# being the reason, which the test reports when it skips.
#
#   ensure.sh PEER|ALIAS...
#
# When UNIFORM_PEERS_STARTED names a file, the peers this call started are
# appended to it, one a line, so that the caller can stop exactly those
# (scripts/test.sh does). One ensure.sh at a time: it holds $P/ensure.lock.
set -euo pipefail
set +m
. "$(dirname "$0")/lib.sh"

fail() { printf 'ensure: %s\n' "$*" >&2; exit 3; }

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

mapfile -t todo < <(down)
[ "${#todo[@]}" -gt 0 ] || exit 0

[ "$(id -u)" = 0 ] || fail "${todo[*]} not running, and starting them needs root (vsftpd and telnetd log in through PAM, INN runs as news)"
mkdir -p "$P" && { exec 8>"$P/ensure.lock"; } 2>/dev/null || fail "cannot write $P/ensure.lock"
flock -w 900 8 || fail "another ensure.sh held $P/ensure.lock for 15 minutes"
# Someone may have started them while this call waited for the lock.
mapfile -t todo < <(down)
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
