#!/usr/bin/env bash
# Programs a ULX3S connected by USB (its US1 port, the FTDI chip) with a
# bitstream, for `make flash`: `scripts/flash.sh [BIT]` (default
# build/ulx3s.bit) loads it into the FPGA's SRAM (lost at power-off);
# FLASH=1 writes the SPI flash instead, so the board boots it.
#
# Uses openFPGALoader (`-b ulx3s`, `-f` for the flash); if it is missing and
# fujprog is installed, fujprog (`-j flash` for the flash); if neither is,
# installs Debian's openfpgaloader (as root, or with sudo). PROGRAMMER=fujprog
# or PROGRAMMER=openFPGALoader picks one. The programmer's output goes to
# build/flash.log; a failure is one line on stderr, and no board on USB says so.
set -euo pipefail
cd "$(dirname "$0")/.."

bit=${1:-build/ulx3s.bit}
persist=${FLASH:-0}
log=build/flash.log
[ "$persist" = 0 ] || [ "$persist" = 1 ] || { echo "flash: FLASH must be 0 or 1, not '$persist'" >&2; exit 2; }
[ -f "$bit" ] || { echo "flash: $bit is missing (run make bitstream)" >&2; exit 1; }
mkdir -p build

apt_install() {
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "flash: please install openFPGALoader (apt-get install $*)" >&2; exit 1; }
    sudo=(sudo)
  fi
  { "${sudo[@]}" apt-get update -qq && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } \
    >build/flash-apt.log 2>&1 || {
    echo "flash: apt-get install $* failed; details in build/flash-apt.log" >&2
    exit 1
  }
}

case ${PROGRAMMER:-} in
  openFPGALoader | fujprog)
    command -v "$PROGRAMMER" >/dev/null 2>&1 || [ "$PROGRAMMER" = openFPGALoader ] ||
      { echo "flash: PROGRAMMER=$PROGRAMMER is not installed" >&2; exit 1; }
    programmer=$PROGRAMMER ;;
  '')
    if command -v openFPGALoader >/dev/null 2>&1; then
      programmer=openFPGALoader
    elif command -v fujprog >/dev/null 2>&1; then
      programmer=fujprog
    else
      programmer=openFPGALoader
    fi ;;
  *) echo "flash: PROGRAMMER must be openFPGALoader or fujprog, not '$PROGRAMMER'" >&2; exit 2 ;;
esac
if [ "$programmer" = openFPGALoader ] && ! command -v openFPGALoader >/dev/null 2>&1; then
  echo "flash: installing openFPGALoader (Debian package openfpgaloader)"
  apt_install openfpgaloader
fi

if [ "$programmer" = openFPGALoader ]; then
  cmd=(openFPGALoader -b ulx3s)
  [ "$persist" = 1 ] && cmd+=(-f)
else
  cmd=(fujprog)
  [ "$persist" = 1 ] && cmd+=(-j flash)
fi
cmd+=("$bit")
where=$([ "$persist" = 1 ] && echo "SPI flash" || echo "SRAM")
echo "flash: ${cmd[*]}  ($where; log $log)"

# No input: neither programmer should ever wait for a key.
if "${cmd[@]}" </dev/null >"$log" 2>&1; then
  echo "flash: $bit is on the board ($where)"
  exit 0
else
  status=$?
fi
# The programmers' words for "no board" (openFPGALoader's libftdi: "unable
# to open ftdi device: -3 (device not found)"; fujprog: "Cannot find JTAG
# cable.") and for a board this user may not open (libftdi -4, libusb).
if grep -qiE 'device not found|cable not found|no device|cannot find jtag cable|no cable|libusb_init' "$log"; then
  echo "flash: no ULX3S found on USB ($programmer, exit $status): connect the board's US1 port; details in $log" >&2
elif grep -qiE 'unable to open ftdi|usb_open|error_access|permission denied' "$log"; then
  echo "flash: cannot open the ULX3S's USB device ($programmer, exit $status): run as root or add a udev rule for the FTDI chip (0403:6015); details in $log" >&2
else
  last=$(grep -v '^[[:space:]]*$' "$log" | tail -n 1 || true)
  echo "flash: $programmer failed (exit $status): ${last:-no output}; details in $log" >&2
fi
exit 1
