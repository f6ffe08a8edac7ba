#!/bin/sh
# The scripted telnet peer (telnetd -E): a fixed banner, one line echoed, bye.
# The terminal's echo is off, so the client sees only what this prints; the
# terminal turns each "\n" into CR LF, as telnet's NVT wants.
stty -echo 2>/dev/null
printf 'Uniform telnet test session\n'
printf 'Type a line: '
IFS= read -r line
line=$(printf '%s' "$line" | tr -d '\r')
printf '\nYou typed: %s\n' "$line"
printf 'Bye.\n'
