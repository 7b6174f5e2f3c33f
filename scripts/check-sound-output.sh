#!/usr/bin/env bash
# Plays a sound seed through the studio's real output path (rodio -> cpal ->
# ALSA) into ALSA's `file` plugin, then checks that the device received the
# sound: a non-silent stretch as long as the sound, at the device's rate.
#
# Works on a machine with no sound card: the `null` device takes the
# samples and the `file` plugin keeps a copy. The null device does not pace
# playback, so the capture is large (hundreds of MB of silence around the
# sound); it is deleted afterwards. Not part of CI for that reason.
#
# usage: scripts/check-sound-output.sh [SEED] [PUZZLEWRIGHT_BIN]
set -euo pipefail
seed=${1:-36772507}
bin=${2:-${PUZZLEWRIGHT_BIN:-target/debug/puzzlewright}}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/.asoundrc" <<CONF
pcm.!default {
    type file
    slave.pcm "null"
    file "$dir/out.wav"
    format "wav"
}
CONF
HOME=$dir "$bin" sfx "$seed" --play | tail -n 1
expected=$("$bin" sfx "$seed" | sed -nE 's/^samples ([0-9]+) at ([0-9]+) Hz.*/\1 \2/p')
python3 - "$dir/out.wav" $expected <<'PY'
import struct, sys, array
path, samples, rate = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = open(path, 'rb').read()
fmt, channels, device_rate, _, _, bits = struct.unpack('<HHIIHH', data[20:36])
start = data.find(b'data') + 8
width = bits // 8
frame = width * channels
body = data[start:start + (len(data) - start) // frame * frame]
codes = {1: 'b', 2: 'h', 4: 'i'}
if fmt == 3:
    codes[4] = 'f'
a = array.array(codes[width]); a.frombytes(body)
left = a[0::channels]
loud = [i for i, v in enumerate(left) if v != 0]
if not loud:
    sys.exit('FAIL: the device received only silence')
span = loud[-1] - loud[0] + 1
want = samples / rate
got = span / device_rate
print(f'device: {channels} ch, {device_rate} Hz, {bits}-bit; sound: {span} frames = {got:.4f} s (engine: {samples} samples at {rate} Hz = {want:.4f} s)')
if abs(got - want) > 0.01 + 0.05 * want:
    sys.exit('FAIL: the sound the device received is not as long as the engine made it')
print('OK: the sound reached the output device')
PY
