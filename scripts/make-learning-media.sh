#!/usr/bin/env bash
# Makes the learning demo media in public/media/learning/ (run once; the results are committed, so
# neither CI nor a newcomer needs ffmpeg). Needs Debian's ffmpeg, chromium and fonts-noto-cjk.
#   lesson-{360,480,720}p.mp4   6 s test pattern with a tone: the LD/SD/HD renditions of a video lesson
#   lesson-audio.mp3            6 s tone: an audio lesson
#   handout.pdf                 a two-page handout (document lesson), printed by chromium from scripts/learning-handout.html
#   handout-{1,2,3}.jpg         an image handout's pages
#   highlight.mp4, highlight-{1,2}.jpg   face-to-face classroom highlights
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../public/media/learning"
FONT=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
ff() { ffmpeg -loglevel error -y "$@"; }
for s in 360:640x360:160k 480:854x480:220k 720:1280x720:320k; do
  IFS=: read -r h size br <<<"$s"
  ff -f lavfi -i "testsrc2=size=${size}:rate=25" -f lavfi -i sine=frequency=440 -t 6 -c:v libx264 -pix_fmt yuv420p -c:a aac -b:a 48k -b:v "$br" -movflags +faststart "lesson-${h}p.mp4"
done
ff -f lavfi -i sine=frequency=330 -t 6 -c:a libmp3lame -b:a 48k lesson-audio.mp3
ff -f lavfi -i smptebars=size=640x360:rate=25 -f lavfi -i sine=frequency=520 -t 4 -c:v libx264 -pix_fmt yuv420p -c:a aac -b:a 48k -b:v 150k -movflags +faststart highlight.mp4
colors=(1e6fd9 0f9d58 c2410c)
for i in 1 2 3; do
  ff -f lavfi -i "color=c=0x${colors[$((i - 1))]}:size=800x450" -frames:v 1 -vf "drawtext=fontfile=$FONT:text='触电急救图解 第${i}页':fontsize=44:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2" -q:v 5 "handout-$i.jpg"
done
ff -f lavfi -i mandelbrot=size=800x450:rate=1 -frames:v 1 -q:v 6 highlight-1.jpg
ff -f lavfi -i color=c=0x334155:size=800x450 -frames:v 1 -vf "drawtext=fontfile=$FONT:text='实训课堂花絮':fontsize=48:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2" -q:v 5 highlight-2.jpg
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --print-to-pdf="$PWD/handout.pdf" "file://$(cd ../../../scripts && pwd)/learning-handout.html"
