"""Compiled regular expressions kept beside the bytecode, as Python keeps compiled modules.

Importing the detection engine compiles about 720 patterns with ``re`` (our rules, Presidio's,
phonenumbers'): 0.5-0.7 s of every process that detects (each ``--jobs`` worker, or the scrub
itself), on the 2 shared cores, for the same source text every time. ``re`` turns a pattern into
a list of integers (``re._parser.parse``, then ``re._compiler._code``: the slow, pure-Python
part) and hands it to ``_sre.compile``, which only checks it. ``import_cached`` imports a module
with ``re``'s compiler reading that list from a file when it has it, and writing the file when
the import compiled more than a little it did not have.

What a cached entry gives is the same compiled pattern: ``_sre.compile`` receives the same
arguments ``re._compiler.compile`` gives it (Python 3.11's body, below), and two patterns compare
equal only when their flags, source and code are equal (tests/detect/test_recache.py compiles
every entry both ways). Only patterns compiled by the importing thread while the module and
what it imports are executed go into the file: source-code constants and packaged lists, never
a text, a name from a profile or an allow list (those are compiled later, as usual). The file
sits in the ``__pycache__`` folder of the module's own bytecode
(``importlib.util.cache_from_source``), named for this Python and ``_sre``'s magic number, and
is written only where Python writes bytecode (not with ``PYTHONDONTWRITEBYTECODE``), atomically
(two workers may write it at once). Anyone who can write there can change the bytecode too. An
unreadable, damaged (its digest is checked) or malformed file is ignored. On another Python than 3.11 this is a plain import.
"""

from __future__ import annotations

import array
import hashlib
import importlib
import importlib.util
import marshal
import os
import sys
import threading
import time

import _sre

ENABLED = sys.version_info[:2] == (3, 11)
WRITE_AFTER_SECONDS = 0.05  # compile time spent on patterns the file lacked before it is rewritten
_lock = threading.RLock()  # re-entrant: a module the import runs may ask for the engine again
# the array type of _sre's code words
_CODE = next((t for t in "HILQ" if array.array(t).itemsize == _sre.CODESIZE), None)
ENABLED = ENABLED and _CODE is not None


def cache_path(module_file: str) -> str:
    pyc = importlib.util.cache_from_source(module_file)
    return pyc[: -len(".pyc")] + f".re-{_sre.MAGIC}-{_sre.CODESIZE}.marshal"


def _read(path: str) -> dict:
    """The entries of the file, or nothing when it is missing, unreadable or not intact (its
    SHA-256 digest is checked: a half-written or damaged file is never read)."""
    try:
        with open(path, "rb") as fh:
            digest, payload = marshal.load(fh)
        if hashlib.sha256(payload).digest() != digest:
            return {}
        data = marshal.loads(payload)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(path: str, entries: dict) -> None:
    if sys.dont_write_bytecode:
        return
    tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        payload = marshal.dumps(entries)
        with open(tmp, "wb") as fh:
            marshal.dump((hashlib.sha256(payload).digest(), payload), fh)
        os.replace(tmp, path)
    except (OSError, ValueError):
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _entry(p, flags: int):
    """What ``re._compiler.compile(p, flags)`` passes to ``_sre.compile`` after the pattern (Python
    3.11), the code as the bytes of an array of ``_sre.CODESIZE``-byte words (``marshal`` reads
    bytes at once; a list of ints it reads one object at a time, 0.1-0.25 s for the engine's)."""
    from re import _compiler, _parser

    parsed = _parser.parse(p, flags)
    code = _compiler._code(parsed, flags)
    groupindex = parsed.state.groupdict
    indexgroup = [None] * parsed.state.groups
    for k, i in groupindex.items():
        indexgroup[i] = k
    return (int(flags | parsed.state.flags), array.array(_CODE, code).tobytes(), parsed.state.groups - 1,
            dict(groupindex), tuple(indexgroup))


def _compile(p, entry):
    """``_sre.compile`` of a cached entry (``_sre`` checks the code it is given)."""
    flags, code, groups, groupindex, indexgroup = entry
    words = array.array(_CODE)
    words.frombytes(code)
    return _sre.compile(p, flags, words.tolist(), groups, groupindex, indexgroup)


def import_cached(name: str, module_file: str):
    """``importlib.import_module(name)``, with ``re``'s compiled code cached in a file beside the
    bytecode of ``module_file`` (above). A module imported already is returned as it is."""
    if name in sys.modules or not ENABLED:
        return importlib.import_module(name)
    from re import _compiler

    with _lock:
        if name in sys.modules:
            return sys.modules[name]
        path = cache_path(module_file)
        known = _read(path)
        if not known and sys.dont_write_bytecode:
            return importlib.import_module(name)  # nothing to read, nothing to write
        used: dict = {}
        missed = [0.0, 0]  # seconds spent compiling patterns the file lacked, how many
        owner = threading.get_ident()
        compile_ = _compiler.compile

        def compile(p, flags=0):
            if type(p) is not str or flags & _compiler.SRE_FLAG_DEBUG or threading.get_ident() != owner:
                return compile_(p, flags)
            key = (p, int(flags))
            entry = known.get(key)
            if entry is not None:
                try:
                    compiled = _compile(p, entry)
                except Exception:  # a malformed entry: compile as re does
                    entry = None
            if entry is None:
                t0 = time.perf_counter()
                entry = _entry(p, flags)
                compiled = _compile(p, entry)
                missed[0] += time.perf_counter() - t0
                missed[1] += 1
            used[key] = entry
            return compiled

        _compiler.compile = compile
        try:
            module = importlib.import_module(name)
        finally:
            if _compiler.compile is compile:
                _compiler.compile = compile_
        if missed[1] and missed[0] >= WRITE_AFTER_SECONDS:
            _write(path, used)
        return module
