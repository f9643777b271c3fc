#!/usr/bin/env bash
# Draws the TopoPlanner icon with ImageMagick 6 (`convert`): a small fat tree on a rounded navy tile.
# Two spine switches over four leaf switches over hosts; the spine-leaf links are drawn fatter than
# the leaf-host links, the way a fat tree's bandwidth grows toward the root.
#
# Every picture is drawn on a 1024 px canvas in 256-unit coordinates ("scale 4,4") and shrunk with
# a Lanczos filter, which gives clean anti-aliased edges. The 48 px variant is a separate, simpler
# drawing (one host per leaf, thicker strokes) because eight 3 px hosts read as noise at that size.
#
# Output (committed; rerun this script after changing the drawing):
#   ../src/main/jpackage/topoplanner.png        256x256, the launcher and .deb/.rpm menu icon
#   ../src/main/jpackage/topoplanner-48.png     48x48, the project-file (MIME type) icon
#   ../src/main/jpackage/topoplanner.ico        16..256 px, for the Windows .msi (jpackage --icon)
#   ../src/main/jpackage/topoplanner.icns       16..512 px, for the macOS .dmg; ImageMagick 6 cannot
#                                               write ICNS, png2icns (Debian: icnsutils) can.
set -euo pipefail
cd "$(dirname "$0")"
out=../src/main/jpackage
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tile() { # $1: output file. The rounded gradient tile every variant sits on.
  convert -size 1024x1024 gradient:'#2f5a93'-'#122038' \
    \( -size 1024x1024 xc:black -fill white -draw "roundrectangle 24,24 1000,1000 180,180" \) \
    -alpha off -compose CopyOpacity -composite "$1"
}

# Full drawing, coordinates in a 256 grid.
# spines at y 46..68, leaves at y 118..138, hosts at y 188..206.
full='scale 4,4
stroke-linecap round
stroke #8ec3f0 stroke-width 7
line 96,68 48,118   line 96,68 101,118   line 96,68 155,118   line 96,68 208,118
line 160,68 48,118  line 160,68 101,118  line 160,68 155,118  line 160,68 208,118
stroke #8ec3f0 stroke-width 3
line 48,138 36,190   line 48,138 60,190
line 101,138 89,190  line 101,138 113,190
line 155,138 143,190 line 155,138 167,190
line 208,138 196,190 line 208,138 220,190
stroke #0d1726 stroke-width 2.5
fill #f5b041
roundrectangle 74,44 118,70 5,5
roundrectangle 138,44 182,70 5,5
fill #48c9b0
roundrectangle 30,117 66,139 4,4
roundrectangle 83,117 119,139 4,4
roundrectangle 137,117 173,139 4,4
roundrectangle 190,117 226,139 4,4
fill #eaf2fb
roundrectangle 28,188 44,204 3,3   roundrectangle 52,188 68,204 3,3
roundrectangle 81,188 97,204 3,3   roundrectangle 105,188 121,204 3,3
roundrectangle 135,188 151,204 3,3 roundrectangle 159,188 175,204 3,3
roundrectangle 188,188 204,204 3,3 roundrectangle 212,188 228,204 3,3'

# Simplified drawing for 48 px: same layout, one host per leaf, strokes about twice as thick.
small='scale 4,4
stroke-linecap round
stroke #8ec3f0 stroke-width 10
line 88,72 48,116   line 88,72 101,116   line 88,72 155,116   line 88,72 208,116
line 168,72 48,116  line 168,72 101,116  line 168,72 155,116  line 168,72 208,116
stroke-width 9
line 48,140 48,186  line 101,140 101,186 line 155,140 155,186 line 208,140 208,186
stroke none
fill #f5b041
roundrectangle 56,40 120,76 8,8
roundrectangle 136,40 200,76 8,8
fill #48c9b0
roundrectangle 26,112 70,144 6,6
roundrectangle 79,112 123,144 6,6
roundrectangle 133,112 177,144 6,6
roundrectangle 186,112 230,144 6,6
fill #eaf2fb
roundrectangle 34,184 62,212 5,5
roundrectangle 87,184 115,212 5,5
roundrectangle 141,184 169,212 5,5
roundrectangle 194,184 222,212 5,5'

tile "$tmp/tile.png"
convert "$tmp/tile.png" -draw "$full" "$tmp/full-1024.png"
convert "$tmp/tile.png" -draw "$small" "$tmp/small-1024.png"

strip=(-depth 8 -define png:exclude-chunks=date,time -strip)   # no timestamps: reruns give identical files
convert "$tmp/full-1024.png" -filter Lanczos -resize 256x256 "${strip[@]}" "$out/topoplanner.png"
convert "$tmp/small-1024.png" -filter Lanczos -resize 48x48 "${strip[@]}" "$out/topoplanner-48.png"
convert "$tmp/small-1024.png" -filter Lanczos -resize 32x32 "$tmp/32.png"
convert "$tmp/small-1024.png" -filter Lanczos -resize 16x16 "$tmp/16.png"
convert "$tmp/16.png" "$tmp/32.png" "$out/topoplanner-48.png" "$out/topoplanner.png" "$out/topoplanner.ico"
convert "$tmp/full-1024.png" -filter Lanczos -resize 512x512 "${strip[@]}" "$tmp/512.png"
convert "$tmp/full-1024.png" -filter Lanczos -resize 128x128 "${strip[@]}" "$tmp/128.png"
png2icns "$out/topoplanner.icns" "$tmp/512.png" "$out/topoplanner.png" "$tmp/128.png" "$tmp/32.png" "$tmp/16.png" >/dev/null
echo "wrote $out/topoplanner.png, topoplanner-48.png, topoplanner.ico, topoplanner.icns"
