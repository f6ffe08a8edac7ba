#!/usr/bin/env bash
# Installs every loopback peer server that the access tests talk to (Debian
# packages and two PyPI wheels) and the test account. Idempotent: when all is
# in place it only checks, in well under a second. Needs root (Debian 12).
# No package's postinst may start a daemon: a policy-rc.d that denies it is
# put in place for the install when the machine has none.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/env.sh"

# Debian packages. idzebra's text filter and its tab files are separate
# packages (the latter only recommended); curl is for check.sh. microsocks
# ships no service: it runs only when start.sh starts it; tinyproxy's and
# stunnel4's services are denied below, and start.sh runs its own.
# libxml2-utils is no peer: its xmllint validates `uniform links --format
# junit` against the JUnit schema (crates/cli/tests/links_reports.rs).
DEBS=(vsftpd socat gophernicus pygopherd inn2 inetutils-telnetd nginx-light
  yaz idzebra-2.0-utils idzebra-2.0-common libidzebra-2.0-mod-text curl
  microsocks tinyproxy stunnel4 libxml2-utils)
# PyPI, at the versions verified in shared/peers.md
PIPS=(pyftpdlib==2.2.0 aiosmtpd==1.4.6)
PY=${PYTHON:-python3}
command -v "$PY" >/dev/null || { echo "install: ERROR: $PY not found" >&2; exit 1; }

say() { printf 'install: %s\n' "$*"; }
die() { printf 'install: ERROR: %s\n' "$*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "run as root (apt-get, useradd)"

APT_OPTS=(-y -q -o DPkg::Lock::Timeout=300 -o Dpkg::Options::=--force-confdef
  -o Dpkg::Options::=--force-confold)
export DEBIAN_FRONTEND=noninteractive

missing_debs() {
  # one dpkg-query for all: a package it does not know is missing too
  dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${DEBS[@]}" 2>/dev/null |
    awk -v want="${DEBS[*]}" '
      substr($2, 1, 2) == "ii" { ok[$1] = 1 }
      END { n = split(want, w, " "); for (i = 1; i <= n; i++) if (!(w[i] in ok)) print w[i] }'
}

# --- policy-rc.d: postinsts must not start vsftpd on 21, nginx on 80, innd
# on 119, exim on 25, inetd, ...
policy=/usr/sbin/policy-rc.d
policy_saved=
restore_policy() {
  if [ -n "$policy_saved" ]; then
    if [ "$policy_saved" = none ]; then rm -f "$policy"; else mv -f "$policy_saved" "$policy"; fi
  fi
}
deny_daemons() {
  local rc=0
  if [ -x "$policy" ]; then "$policy" x start >/dev/null 2>&1 || rc=$?; fi
  if [ "$rc" = 101 ]; then return; fi
  if [ -e "$policy" ]; then policy_saved=$policy.uniform-saved; mv -f "$policy" "$policy_saved"
  else policy_saved=none; fi
  trap restore_policy EXIT
  printf '#!/bin/sh\n# temporary, from Uniform scripts/peers/install.sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  say "policy-rc.d put in place for the install (daemons not started)"
}

# --- Debian packages
mapfile -t todo < <(missing_debs)
if [ "${#todo[@]}" -gt 0 ]; then
  say "installing: ${todo[*]}"
  deny_daemons
  apt-get -q -o DPkg::Lock::Timeout=300 update
  # inn2's postinst fails where the host name has no domain ("innconfval:
  # hostname does not resolve or domain not set"): let it fail, give
  # inn.conf a domain, then finish the configuration.
  if ! apt-get install --no-install-recommends "${APT_OPTS[@]}" "${todo[@]}"; then
    say "apt-get install failed; applying the inn2 fix and configuring again"
  fi
  if [ -f /etc/news/inn.conf ] && ! grep -q '^domain:[[:space:]]*[^[:space:]]' /etc/news/inn.conf; then
    if grep -q '^#* *domain:' /etc/news/inn.conf; then
      sed -i 's/^#* *domain:.*/domain:                 localdomain/' /etc/news/inn.conf
    else
      printf 'domain:                 localdomain\n' >>/etc/news/inn.conf
    fi
  fi
  dpkg --configure -a
  mapfile -t still < <(missing_debs)
  [ "${#still[@]}" -eq 0 ] || die "not installed: ${still[*]}"
else
  say "Debian packages: all ${#DEBS[@]} present"
fi

# --- PyPI packages, into the python3 that start.sh runs
# one python start-up for all checks: prints the specs not satisfied
mapfile -t pip_missing < <("$PY" - "${PIPS[@]}" <<'PYEOF'
import sys, importlib.metadata as m
for spec in sys.argv[1:]:
    name, want = spec.split("==")
    try:
        ok = m.version(name) == want
    except m.PackageNotFoundError:
        ok = False
    if not ok:
        print(spec)
PYEOF
)
if [ "${#pip_missing[@]}" -gt 0 ]; then
  say "pip installing: ${pip_missing[*]}"
  extra=()
  # A Debian-managed python refuses plain pip installs (PEP 668).
  if "$PY" -c 'import sys, sysconfig, os; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["stdlib"], "EXTERNALLY-MANAGED")))'; then
    extra=(--break-system-packages)
  fi
  "$PY" -m pip install -q --disable-pip-version-check "${extra[@]}" "${pip_missing[@]}"
else
  say "PyPI packages: ${PIPS[*]} present"
fi

# --- the test account (FTP and telnet logins). vsftpd's PAM stack has
# pam_shells, so the shell must be listed in /etc/shells.
user=$UNIFORM_PEER_USER pw=$UNIFORM_PEER_PASSWORD
if ! id "$user" >/dev/null 2>&1; then
  useradd -m -s /bin/bash "$user"
  say "user $user created"
fi
shell=$(getent passwd "$user" | cut -d: -f7)
grep -qxF "$shell" /etc/shells || { printf '%s\n' "$shell" >>/etc/shells; say "$shell added to /etc/shells"; }
hash=$(getent shadow "$user" | cut -d: -f2)
salt=$(printf '%s' "$hash" | awk -F'$' 'NF >= 4 && $2 == "6" {print $3}')
if [ -z "$salt" ] || [ "$(openssl passwd -6 -salt "$salt" "$pw" 2>/dev/null)" != "$hash" ]; then
  printf '%s:%s\n' "$user" "$pw" | chpasswd -c SHA512
  say "password of $user set"
fi

# --- no package may have left a daemon on a well-known port
busy=$(ss -Hltn 2>/dev/null | awk '{print $4}' | grep -E ':(21|23|25|70|80|119|210)$' || true)
[ -z "$busy" ] || say "WARNING: something listens on a well-known port: $busy"
say "done"
