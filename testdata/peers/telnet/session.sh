#!/bin/sh
# The scripted telnet peer (telnetd -E): a fixed banner, one line echoed, bye.
# The terminal's own echo is off, so the output is exactly what this prints.
stty -echo 2>/dev/null
printf 'Uniform telnet test session\r\n'
printf 'Type a line: '
IFS= read -r line
line=$(printf '%s' "$line" | tr -d '\r')
printf '\r\nYou typed: %s\r\n' "$line"
printf 'Bye.\r\n'
