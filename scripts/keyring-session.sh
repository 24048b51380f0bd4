#!/usr/bin/env bash
# Runs "$@" with a private, unlocked Secret Service (gnome-keyring) on a
# private D-Bus session bus, so keychain tests use a real OS keychain and can
# never touch the developer's own. Call it through dbus-run-session:
#   dbus-run-session -- bash scripts/keyring-session.sh <command…>
set -euo pipefail
tmp=$(mktemp -d)
export XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
printf 'test-keyring-password' | gnome-keyring-daemon --foreground --unlock --components=secrets >"$tmp/daemon.log" 2>&1 &
daemon=$!
cleanup() {
  # A daemon that died during the run fails every keychain test after it: say so, with its log.
  if ! kill -0 "$daemon" 2>/dev/null; then
    echo "gnome-keyring-daemon stopped during the run; its log:" >&2
    cat "$tmp/daemon.log" >&2
  fi
  kill "$daemon" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
for _ in $(seq 1 100); do
  if dbus-send --session --dest=org.freedesktop.DBus --type=method_call --print-reply \
      /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null \
      | grep -q 'boolean true'; then
    export FILING_DESK_SECRET_SERVICE=1
    "$@"
    exit $?
  fi
  sleep 0.1
done
echo "gnome-keyring-daemon did not take org.freedesktop.secrets; log:" >&2
cat "$tmp/daemon.log" >&2
exit 1
