"""A stand-in for the ACE binary that speaks its --tsdb-stdout protocol (tests only).

It answers from a JSON file named by FAKE_ACE_DATA: ``{"parse": {sentence: [mrs, ...]},
"generate": [[mrs, [surface, ...], [derivation, ...]], ...]}``; generation input is matched
to an entry by MRS isomorphism. Inputs containing CRASH make it exit, HANG make it hang,
DESYNC make it report results it does not print: the failure modes the pool must survive;
so do the inputs listed under ``"hang"`` in the file.
In generation, STALE adds a stale timeout note, LATE answers after the time limit, SLOW
after 0.2 s, and DYING writes an empty answer without timings and exits; FAKE_ACE_GEN_SECONDS
makes every generation take that long.
Like ACE, it writes its timings (``:treal`` ...) before each item's results.
"""

import json
import os
import sys
import time


def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def stats(start: float) -> str:
    """The timings ACE writes before an item's results (milliseconds)."""
    ms = round((time.perf_counter() - start) * 1000)
    return f"(:total . {ms}) (:treal . {ms}) (:tcpu . {ms})"


def main() -> int:
    args = sys.argv[1:]
    if "-V" in args:
        print("ACE version 0.9.34")
        return 0
    generating = "-e" in args
    with open(os.environ["FAKE_ACE_DATA"], encoding="utf-8") as fh:
        data = json.load(fh)
    if generating:
        from delphin import mrs
        from delphin.codecs import simplemrs

        table = [(simplemrs.decode(m), surfs, ders) for m, surfs, ders in data.get("generate", [])]
    total = 0
    for line in sys.stdin:
        start = time.perf_counter()
        line = line.strip()
        if "CRASH" in line:
            return 3
        if "HANG" in line or line in data.get("hang", ()):
            time.sleep(3600)
        if generating:
            results, reported = [], 0
            try:
                m = simplemrs.decode(line)
            except Exception:
                m = None
            for ref, surfs, ders in table:
                if m is not None and mrs.is_isomorphic(m, ref):
                    results = list(zip(surfs, ders, strict=True))
                    break
            total += len(results)
            # FAKE_ACE_CUMULATIVE: report results summed over the process's items (stock 0.9.34)
            reported = total if os.environ.get("FAKE_ACE_CUMULATIVE") else len(results)
            if "DESYNC" in line:
                results = []
                reported = 2
            body = " ".join(
                f"((:result-id . {i}) (:surface . {quote(s)}) (:derivation . {quote(d)}))"
                for i, (s, d) in enumerate(results)
            )
            # STALE: the note of an alarm that went off between items (ACE never disarms it);
            # LATE: an item that runs to the time limit and ends with nothing and no note
            error = ' (:error . "timeout")' if "STALE" in line else ""
            if "LATE" in line:
                time.sleep(float(os.environ.get("FAKE_ACE_LATE", "1.1")))
            if "SLOW" in line:
                time.sleep(0.2)
            time.sleep(float(os.environ.get("FAKE_ACE_GEN_SECONDS", "0")))
            if "DYING" in line:  # the end of a dying process's output: no timings, then the exit
                sys.stdout.write("(:results . ())\n")
                sys.stdout.flush()
                time.sleep(0.05)
                return 4
            sys.stdout.write(
                f"(:readings . {reported}) {stats(start)} (:results . ({body})){error}\n"
            )
        else:
            readings = data.get("parse", {}).get(line, [])
            body = " ".join(
                f"((:result-id . {i}) (:mrs . {quote(m)}) (:derivation . "
                f"{quote('(root_strict (1 sb-hd_mc_c))')}))"
                for i, m in enumerate(readings)
            )
            sys.stdout.write(
                f"(:readings . {len(readings)}) {stats(start)} (:results . ({body}))\n\n\n"
            )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
