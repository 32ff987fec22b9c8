#!/usr/bin/env python3
# Independent reference for Tests/EPaperTests/WeekSimulationTests.swift: the same timeline and the refresh
# rules of RefreshPolicy (180 s interval unless user-initiated, a full refresh after 5 partial ones or 24 h,
# quiet hours 23:00-06:00 with partial refreshes only, identical frames skipped, only the newest waiting frame
# shown) applied step by step in plain arithmetic. It prints: refreshes, full, partial.
# With --full-only it applies them to a panel without partial or fast refresh (the three-colour panels).
# Usage: python3 hardware/ci/refresh-week-reference.py [--full-only]
import sys
FULL_ONLY = '--full-only' in sys.argv[1:]
DAY = 86400
def quiet(t):
    m = (t % DAY) // 60
    return m >= 23*60 or m < 6*60
def quiet_end(t):
    s = t % DAY
    if s >= 23*3600: return t - s + DAY + 6*3600
    if s < 6*3600: return t - s + 6*3600
    return t

def base_frame(n):  # RefreshPolicyTests.frame(n): depends on n%7 and n%5 (period 35)
    return ('tl', n % 35)
entries = []
for n in range(7*360):
    m = n-1 if n % 10 == 9 else n
    entries.append((120 + 240*n, base_frame(m), False))
for day in range(7):
    entries.append((day*DAY + 43290, ('user', day), True))
    for i, sec in enumerate([10, 20, 40]):
        entries.append((day*DAY + 64800 + sec, ('burst', day, i), False))
entries.sort(key=lambda e: e[0])

shown = None; pending = None; last = None; last_full = None; since_full = 0; base = False
refreshes = []
def kind(now):
    if last_full is None or since_full >= 5 or now >= last_full + DAY: return 'full'
    return 'partial' if base and not FULL_ONLY else 'full'
def earliest(k, user, now):
    if user: return now
    s = now
    if last is not None and last <= now: s = max(s, last + 180)
    if k != 'partial' and quiet(s): s = quiet_end(s)
    return s
def run(now):
    global shown, pending, last, last_full, since_full, base
    while True:
        if pending is not None:
            if pending[0] == shown: pending = None; continue
            k = kind(now)
            if earliest(k, pending[1], now) > now: return
            job = (pending[0], k, pending[1]); pending = None
        elif shown is not None and last_full is not None and last_full + DAY <= now and earliest('full', False, now) <= now:
            job = (shown, 'full', False)
        else:
            return
        f, k, u = job
        refreshes.append((now, k, u)); last = now
        if k == 'full': since_full = 0; last_full = now
        else: since_full += 1
        shown = f; base = True
def deadline(now):
    if pending is not None: return earliest(kind(now), pending[1], now)
    if shown is not None and last_full is not None: return max(earliest('full', False, max(last_full + DAY, now)), last_full + DAY)
    return None
now = 0
def advance(to):
    global now
    while True:
        d = deadline(now)
        if d is None or d > to: now = to; return
        now = max(now, d); run(now)
for t, f, u in entries:
    advance(t)
    if f == shown and pending is None: continue
    if f == shown: pending = None; continue
    pending = (f, u or (pending[1] if pending else False))
    run(now)
advance(7*DAY + 6*3600 + 60)
print(len(refreshes), sum(1 for r in refreshes if r[1]=='full'), sum(1 for r in refreshes if r[1]=='partial'))
