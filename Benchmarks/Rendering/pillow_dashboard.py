#!/usr/bin/env python3
"""The Pillow reference for the rendering benchmark.

Draws a comparable 800x480 one-bit dashboard the way the Python e-ink dashboards on the Pi do (text in
five sizes with DejaVu, icons from Pillow shapes, a line chart and bars) and prints the median time
per frame, so the reference figure in issue 4 can be measured again on any machine:

    python3 -m pip install Pillow
    python3 Benchmarks/Rendering/pillow_dashboard.py [iterations]
"""
import statistics
import sys
import time

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FONTS = {size: ImageFont.truetype(FONT, size) for size in (12, 16, 20)}
BOLDS = {size: ImageFont.truetype(BOLD, size) for size in (16, 20, 28, 72)}

TEMPERATURES = [12, 11.5, 11, 10.6, 10.4, 11, 12.8, 14.5, 16.2, 17.9, 19.4, 20.6, 21.3, 21.8, None, 21.2,
                20.1, 18.6, 17, 15.8, 14.9, 14.1, 13.5, 13]
RAIN = [0, 0, 0, 0.2, 0.6, 1.8, 2.4, 0.9, 0.1, 0, 0, 0]
HOURS = [("15:00", "21°"), ("16:00", "20°"), ("17:00", "19°"), ("18:00", "18°"), ("19:00", "17°"),
         ("20:00", "16°"), ("21:00", "15°"), ("22:00", "14°")]
DAYS = [("Wed", "24° / 12°"), ("Thu", "22° / 11°"), ("Fri", "17° / 9°"), ("Sat", "6° / -2°"), ("Sun", "9° / 3°")]
SENSORS = [("Living room", "22.4 °C"), ("Bedroom", "19.8 °C"), ("Balcony", "20.9 °C"), ("Cellar", "61 %")]


def sun(draw, x, y, r):
    draw.ellipse((x - r, y - r, x + r, y + r), fill=0)
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7)):
        draw.line((x + dx * r * 1.6, y + dy * r * 1.6, x + dx * r * 2.4, y + dy * r * 2.4), fill=0, width=max(1, r // 4))


def cloud(draw, x, y, s):
    for cx, cy, r in ((0.34, 0.5, 0.16), (0.56, 0.38, 0.22), (0.75, 0.48, 0.13)):
        draw.ellipse((x + (cx - r) * s, y + (cy - r) * s, x + (cx + r) * s, y + (cy + r) * s), fill=0)
    draw.rounded_rectangle((x + 0.04 * s, y + 0.4 * s, x + 0.96 * s, y + 0.72 * s), radius=0.16 * s, fill=0)


def icon(draw, x, y, s):
    sun(draw, x + s * 0.35, y + s * 0.35, s // 8)
    cloud(draw, x, y + s * 0.1, s)


def dashboard():
    image = Image.new("1", (800, 480), 1)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 799, 40), fill=0)
    draw.text((12, 4), "Kraków", font=BOLDS[28], fill=1)
    draw.text((560, 12), "Tuesday 14 May", font=FONTS[16], fill=1)
    draw.text((720, 8), "14:05", font=BOLDS[20], fill=1)
    icon(draw, 12, 52, 96)
    draw.text((120, 48), "21°", font=BOLDS[72], fill=0)
    draw.text((120, 130), "Light rain", font=FONTS[20], fill=0)
    for row, text in enumerate(("Feels like 19°", "Humidity 64 %", "Wind 14 km/h SW")):
        draw.ellipse((12, 166 + row * 22, 26, 180 + row * 22), fill=0)
        draw.text((32, 164 + row * 22), text, font=FONTS[16], fill=0)
    for row, text in enumerate(("1013 hPa", "05:02", "20:11")):
        draw.text((200, 164 + row * 22), text, font=FONTS[16], fill=0)
    draw.text((390, 52), "Next 24 hours", font=BOLDS[16], fill=0)
    draw.rectangle((420, 74, 788, 170), outline=0)
    points = [(422 + i * 364 / 23, 168 - (t - 10) / 12 * 92) for i, t in enumerate(TEMPERATURES) if t is not None]
    draw.line(points[:14], fill=0, width=2)
    draw.line(points[14:], fill=0, width=2)
    draw.text((390, 74), "22°", font=FONTS[12], fill=0)
    draw.text((390, 156), "10°", font=FONTS[12], fill=0)
    draw.text((390, 174), "Precipitation", font=FONTS[12], fill=0)
    for i, value in enumerate(RAIN):
        draw.rectangle((390 + i * 33, 226 - value * 14, 420 + i * 33, 226), fill=0)
    draw.line((0, 236, 799, 236), fill=0)
    for column, (hour, temperature) in enumerate(HOURS):
        x = column * 100 + 30
        draw.text((x, 240), hour, font=FONTS[12], fill=0)
        icon(draw, x, 256, 32)
        draw.text((x + 4, 292), temperature, font=BOLDS[16], fill=0)
    draw.line((0, 316, 799, 316), fill=0)
    for column, (day, span) in enumerate(DAYS):
        x = column * 104 + 20
        draw.text((x + 10, 324), day, font=BOLDS[16], fill=0)
        icon(draw, x, 346, 40)
        draw.text((x, 392), span, font=FONTS[12], fill=0)
    draw.line((540, 320, 540, 440), fill=0)
    for row, (name, value) in enumerate(SENSORS):
        draw.text((560, 324 + row * 22), name, font=FONTS[16], fill=0)
        draw.text((700, 324 + row * 22), value, font=BOLDS[16], fill=0)
    draw.text((30, 460), "Updated 14:05 · OpenWeatherMap", font=FONTS[12], fill=0)
    return image


def main():
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    for _ in range(20):
        dashboard()
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        dashboard()
        times.append(time.perf_counter() - start)
    print(f"Pillow 800x480 1-bit dashboard: median {statistics.median(times) * 1000:.3f} ms per frame "
          f"({iterations} frames)")


if __name__ == "__main__":
    main()
