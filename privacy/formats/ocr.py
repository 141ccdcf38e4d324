"""Optional OCR (the ``[ocr]`` extra: pytesseract, with Debian's ``tesseract-ocr``): is there
text in a picture?

Used only to *refuse*: a picture in which Tesseract reads words (a screenshot, a photo
of a letter) cannot be scrubbed here, so it stops the run like a scanned PDF page. The
text read is never kept, logged or returned, only counted. Without the extra (or without
the ``tesseract`` program) ``available()`` is False and pictures are packed with a note
that their pixels were not checked.
"""

from __future__ import annotations

import re
import shutil

MIN_WORDS = 3  # this many words read with confidence means "an image with text"
MIN_CONFIDENCE = 70
_WORD = re.compile(r"\w{2,}")


def available() -> bool:
    try:
        import pytesseract  # noqa: F401
    except ImportError:
        return False
    return shutil.which("tesseract") is not None


def word_count(img) -> int:
    """How many words Tesseract reads in a Pillow image with at least ``MIN_CONFIDENCE``."""
    import pytesseract

    rgb = img.convert("RGB")
    data = pytesseract.image_to_data(rgb, output_type=pytesseract.Output.DICT, config="--psm 3")
    n = 0
    for text, conf in zip(data.get("text", []), data.get("conf", [])):
        try:
            ok = float(conf) >= MIN_CONFIDENCE
        except (TypeError, ValueError):
            ok = False
        if ok and _WORD.search(text or ""):
            n += 1
    return n
