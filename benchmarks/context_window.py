"""A context rule's search stays inside its window, however long the text: the worst case.

    python benchmarks/context_window.py [--repeat 3000]

A 200 KB pasted text that says "zip" three thousand times and holds one number at its end: the
postal-code rule looks for a code within 10 characters of each cue. Before the search was bounded
(privacy.detect.recognizers.base.MAX_VALUE_CHARS) each cue scanned on to the number, quadratic in
the text's length.
"""

from __future__ import annotations

import argparse
import time

from privacy.detect.recognizers.postal_code import PostalCodeRecognizer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3000)
    args = ap.parse_args()
    text = "please zip the folder and send it over before lunch, thanks a lot. " * args.repeat + " 12345"
    rec = PostalCodeRecognizer()
    t0 = time.perf_counter()
    found = rec.analyze(text, ["POSTAL_CODE"])
    print(f"{len(text):,} characters, {args.repeat} cues, {len(found)} found, {time.perf_counter() - t0:.2f} s")


if __name__ == "__main__":
    main()
