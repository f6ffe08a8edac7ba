#!/bin/sh
# The scripted telnet peer (telnetd -E): a fixed banner, one line echoed, bye.
# telnetd changes the terminal's modes while it negotiates options with the
# client (BINARY turns output processing off, ECHO may turn echo on), so
# this waits for that to settle, then turns echo and the LF -> CR LF mapping
# off and writes CR LF itself: the bytes are the same whatever was agreed.
sleep 0.3
stty -echo -onlcr 2>/dev/null
printf 'Uniform telnet test session\r\n'
printf 'Type a line: '
IFS= read -r line
line=$(printf '%s' "$line" | tr -d '\r')
printf '\r\nYou typed: %s\r\n' "$line"
printf 'Bye.\r\n'
# telnetd closes the connection when this shell exits, and under load it
# has been seen to do so before it had sent the last line from the pty:
# give it time to drain.
sleep 0.3
