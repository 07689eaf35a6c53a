"""A sampling probe run inside the app (bench_gui_real.py --probe): what every thread was doing
around each UI stall, so a stall can be traced to its cause instead of guessed at.

A daemon thread samples every thread's Python stack each millisecond. It needs the GIL to do
so, so a gap in its own samples means some thread held the GIL in C code (an import, a regex
compile, pydantic building a schema); a run of samples where the UI thread sits in the same
Python frame means the UI thread itself was busy there (in Python or in Qt called from it).
At exit it prints, for each such interval over `THRESHOLD_MS`, the stacks seen.
"""

from __future__ import annotations

import atexit
import itertools
import sys
import threading
import time
import traceback
from types import FrameType

THRESHOLD_MS = 12.0
_samples: list[tuple[float, dict[int, str]]] = []


def _stack(frame: FrameType | None, depth: int = 7) -> str:
    """The innermost `depth` frames, innermost last, as file:line function."""
    if frame is None:
        return "?"
    rows = traceback.extract_stack(frame)[-depth:]
    return " < ".join(f"{r.filename.rsplit('/', 2)[-1]}:{r.lineno} {r.name}" for r in reversed(rows))


def _sample(main_id: int) -> None:
    me = threading.get_ident()
    while True:
        now = time.perf_counter()
        frames = sys._current_frames()
        _samples.append((now, {tid: _stack(f) for tid, f in frames.items() if tid != me}))
        if len(_samples) > 200_000:
            return
        time.sleep(0.001)
        del frames
        _ = main_id


def _report() -> None:
    main_id = threading.main_thread().ident or 0
    names = {t.ident: t.name for t in threading.enumerate()}
    out = sys.stderr
    start = _samples[0][0] if _samples else 0.0
    for (t0, _before), (t1, after) in itertools.pairwise(_samples):
        gap = (t1 - t0) * 1000
        if gap > THRESHOLD_MS:
            print(
                f"probe_gap at_ms={(t0 - start) * 1000:.0f} perf={t0:.6f} gap_ms={gap:.1f} (GIL held elsewhere)",
                file=out,
            )
            for tid, stack in after.items():
                who = "UI" if tid == main_id else names.get(tid, str(tid))
                print(f"    after  {who}: {stack}", file=out)
    run_start, run_stack = 0.0, ""
    for t, stacks in _samples:
        stack = stacks.get(main_id, "")
        if stack != run_stack:
            if run_stack and (t - run_start) * 1000 > THRESHOLD_MS and "exec" not in run_stack.split(" < ")[0]:
                at_ms, for_ms = (run_start - start) * 1000, (t - run_start) * 1000
                print(f"probe_ui_busy at_ms={at_ms:.0f} for_ms={for_ms:.1f}: {run_stack}", file=out)
            run_start, run_stack = t, stack


def start() -> None:
    """Begin sampling; the report prints when the process exits."""
    threading.Thread(target=_sample, args=(threading.get_ident(),), name="stall-probe", daemon=True).start()
    atexit.register(_report)


if __name__ == "__main__":  # python stall_probe.py <travel-assistant args…>
    start()
    sys.argv = ["travel-assistant", *sys.argv[1:]]
    from desktop_app.cli import main

    raise SystemExit(main(sys.argv[1:]))
