#!/usr/bin/env bash
# Makes the learning demo media in public/media/learning/ (run once; the results are committed, so
# neither CI nor a newcomer needs ffmpeg). Needs Debian's ffmpeg, chromium and fonts-noto-cjk.
#   lesson-{360,480,720}p.mp4   the LD/SD/HD renditions of the video lesson 电路的基本概念, as long as the
#                               lesson says (18 min): its name and a running mm:ss clock on a plain
#                               background at 1 frame/s, a short beep every 10 s; about 1.2-2.2 MB each
#   lesson-audio.mp3            the audio lesson 欧姆定律音频讲解, 12 min (its length): a beep every 10 s,
#                               8 kbit/s, about 0.7 MB
#   handout.pdf                 a two-page handout (document lesson), printed by chromium from scripts/learning-handout.html
#   handout-{1,2,3}.jpg         an image handout's pages
#   highlight.mp4, highlight-{1,2}.jpg   face-to-face classroom highlights
# The lessons' media are as long as the lessons say, so the seeded resume points (04:48 of the
# audio lesson) and every resume point a student makes are real positions in them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../public/media/learning"
FONT=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
ff() { ffmpeg -loglevel error -y "$@"; }
# Long but tiny: a still background with two lines of text (only the clock changes, once a second)
# compresses to a few kbit/s, and the beep is silence most of the time.
for s in 360:640x360:28 480:854x480:40 720:1280x720:56; do
  IFS=: read -r h size fs <<<"$s"
  title="drawtext=fontfile=$FONT:text='电路的基本概念 · ${h}P':fontsize=${fs}:fontcolor=white:x=(w-text_w)/2:y=h/2-text_h*1.5"
  clock="drawtext=fontfile=$FONT:text='%{pts\\:gmtime\\:0\\:%M\\\\\\:%S} / 18\\:00':fontsize=$((fs * 2)):fontcolor=0x93c5fd:x=(w-text_w)/2:y=h/2+text_h*0.2"
  ff -f lavfi -i "color=c=0x1e293b:size=${size}:rate=1" -f lavfi -i "aevalsrc='0.3*sin(2*PI*440*t)*lt(mod(t\\,10)\\,0.25)':s=8000:c=mono" -t 1080 \
    -vf "$title,$clock" -c:v libx264 -preset veryslow -tune stillimage -crf 32 -g 10 -pix_fmt yuv420p -c:a aac -b:a 8k -movflags +faststart "lesson-${h}p.mp4"
done
ff -f lavfi -i "aevalsrc='0.3*sin(2*PI*330*t)*lt(mod(t\\,10)\\,0.25)':s=16000:c=mono" -t 720 -c:a libmp3lame -b:a 8k lesson-audio.mp3
ff -f lavfi -i smptebars=size=640x360:rate=25 -f lavfi -i sine=frequency=520 -t 4 -c:v libx264 -pix_fmt yuv420p -c:a aac -b:a 48k -b:v 150k -movflags +faststart highlight.mp4
colors=(1e6fd9 0f9d58 c2410c)
for i in 1 2 3; do
  ff -f lavfi -i "color=c=0x${colors[$((i - 1))]}:size=800x450" -frames:v 1 -vf "drawtext=fontfile=$FONT:text='触电急救图解 第${i}页':fontsize=44:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2" -q:v 5 "handout-$i.jpg"
done
ff -f lavfi -i mandelbrot=size=800x450:rate=1 -frames:v 1 -q:v 6 highlight-1.jpg
ff -f lavfi -i color=c=0x334155:size=800x450 -frames:v 1 -vf "drawtext=fontfile=$FONT:text='实训课堂花絮':fontsize=48:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2" -q:v 5 highlight-2.jpg
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --print-to-pdf="$PWD/handout.pdf" "file://$(cd ../../../scripts && pwd)/learning-handout.html"
