"""Images (JPEG, PNG, GIF, WebP, TIFF, BMP): the picture kept, every metadata block removed.

JPEG and PNG are stripped losslessly, block by block: JPEG keeps only its JFIF (APP0),
ICC colour profile (APP2) and Adobe (APP14) segments, so EXIF (camera, owner, GPS,
time), XMP, IPTC and comments go; PNG drops ``tEXt``, ``zTXt``, ``iTXt``, ``eXIf`` and
``tIME``. A JPEG whose EXIF orientation is not upright, and every other format, is
decoded and written again with Pillow from the pixels alone (orientation applied).
Text *in* the picture (a photographed letter, a screenshot) cannot be scrubbed. With the
optional ``[ocr]`` extra (pytesseract + Debian's ``tesseract-ocr``, see ``ocr``) a picture
in which OCR reads words is refused; without it the pixels are not read and the pack
notes this per image.
"""

from __future__ import annotations

import io
import struct
import zlib

from privacy.formats.base import Broken, Document, RenderContext, Unsupported

PIXELS_NOTE = "image pixels are not checked for text (OCR is not included); metadata removed"
OCR_NOTE = "no text found in the image by OCR; metadata removed"
_JPEG_KEEP = {0xE0, 0xE2, 0xEE}
_PNG_DROP = {b"tEXt", b"zTXt", b"iTXt", b"eXIf", b"tIME"}
FORMATS = {"JPEG": "JPEG", "PNG": "PNG", "GIF": "GIF", "WEBP": "WEBP", "TIFF": "TIFF", "BMP": "BMP"}


def _strip_jpeg(data: bytes) -> bytes:
    out = bytearray(data[:2])
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            raise Broken("damaged JPEG")
        marker = data[pos + 1]
        if marker == 0xDA:  # start of scan: the rest is image data
            out += data[pos:]
            return bytes(out)
        if 0xD0 <= marker <= 0xD7 or marker == 0x01:
            out += data[pos : pos + 2]
            pos += 2
            continue
        (length,) = struct.unpack(">H", data[pos + 2 : pos + 4])
        seg = data[pos : pos + 2 + length]
        if not (0xE0 <= marker <= 0xEF or marker == 0xFE) or marker in _JPEG_KEEP:
            out += seg
        pos += 2 + length
    raise Broken("damaged JPEG")


def _strip_png(data: bytes) -> bytes:
    out = bytearray(data[:8])
    pos = 8
    while pos + 8 <= len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        ctype = data[pos + 4 : pos + 8]
        chunk = data[pos : pos + 12 + length]
        if len(chunk) < 12 + length or zlib.crc32(chunk[4:-4]) != struct.unpack(">I", chunk[-4:])[0]:
            raise Broken("damaged PNG")
        if ctype not in _PNG_DROP:
            out += chunk
        pos += 12 + length
        if ctype == b"IEND":
            return bytes(out)
    raise Broken("damaged PNG")


def _reencode(img, fmt: str) -> bytes:
    from PIL import ImageOps

    img = ImageOps.exif_transpose(img)
    clean = img.copy()
    clean.info = {}
    buf = io.BytesIO()
    kwargs = {"quality": 95} if fmt in ("JPEG", "WEBP") else {}
    clean.save(buf, fmt, **kwargs)
    return buf.getvalue()


def read(data: bytes) -> Document:
    from PIL import Image, UnidentifiedImageError

    try:
        img = Image.open(io.BytesIO(data))
        img.load()
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise Broken("unreadable image") from None
    fmt = FORMATS.get(img.format or "")
    if fmt is None:
        raise Unsupported(f"unsupported image type ({img.format or 'unknown'})")
    orientation = img.getexif().get(0x0112, 1)
    from privacy.formats import ocr

    checked = ocr.available()
    if checked:
        words = ocr.word_count(img)
        if words >= ocr.MIN_WORDS:
            raise Unsupported(f"an image with text (OCR read {words} words): images with text are not handled")

    def render(_scrubbed: list[str], ctx: RenderContext) -> bytes:
        if fmt == "JPEG" and orientation == 1:
            return _strip_jpeg(data)
        if fmt == "PNG":
            return _strip_png(data)
        return _reencode(Image.open(io.BytesIO(data)), fmt)

    return Document("image", [], render, notes=[OCR_NOTE if checked else PIXELS_NOTE])


def metadata_texts(data: bytes) -> list[str]:
    """Every text an image carries besides its pixels (EXIF strings, PNG text chunks,
    comments): what the audit searches, so a leftover author or GPS tag is found."""
    from PIL import Image, UnidentifiedImageError

    try:
        img = Image.open(io.BytesIO(data))
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        return []
    out: list[str] = []

    def add(v) -> None:
        if isinstance(v, bytes):
            v = v.decode("utf-8", "replace")
        if isinstance(v, str) and v.strip():
            out.append(v.strip("\x00 "))
        elif isinstance(v, (tuple, list)):
            out.append(" ".join(str(x) for x in v))

    exif = img.getexif()
    for _tag, v in sorted(exif.items()):
        add(v)
    for ifd in (0x8825, 0x8769):  # GPS and Exif sub-directories
        for _tag, v in sorted(exif.get_ifd(ifd).items()):
            add(v)
    for k in sorted(img.info):  # text chunks and comments (technical entries are numbers or tuples)
        v = img.info[k]
        if k not in ("exif", "icc_profile", "xmp") and isinstance(v, (str, bytes)):
            add(v)
        elif k == "xmp":
            add(v)
    return out
