"""Output names of export members: the input's own name, less what detection finds in it.

Each path component is handled on its own:

* a known export name (``conversations-000.json``, ``users.json``, ``design_chats`` ...) is kept;
* identifier tokens (UUIDs, ``file-…``) become their keyed pseudonyms, the rest kept
  byte for byte (``projects/<uuid>.json`` → ``projects/<pseudonym>.json``);
* the words of any other name (``librechat__chatgpt-modern-export.json`` → ``librechat chatgpt
  modern export``) are detected with the export's texts: a name in which nothing is found is
  kept as it is; one that holds a person's name, an e-mail ... becomes its scrubbed words
  joined by ``-`` (``jane-doe-notes.txt`` → ``magda-killer-notes.txt``), extension kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from privacy.scrub.ids import ID_TOKEN, SAFE_NAME, replace_id_tokens

_SEP = re.compile(r"[-_.\s]+")
_UNSAFE = re.compile(r"[^\w.,()+ -]+")


def _split(comp: str) -> tuple[str, str]:
    stem, dot, ext = comp.rpartition(".")
    if not dot or not stem:
        return comp, ""
    return stem, ext


def _words(comp: str) -> str:
    """The words of a name component, ids and extension left out ("" when none)."""
    stem, _ext = _split(comp)
    return _SEP.sub(" ", ID_TOKEN.sub(" ", stem)).strip()


def name_texts(name: str) -> list[str]:
    """The texts of a member name that detection must read (see the module doc)."""
    return [w for comp in name.split("/") if not SAFE_NAME.match(comp) and (w := _words(comp))]


def scrubbed_member_name(name: str, pseudonym: Callable[[str], str], scrub: Callable[[str], str]) -> str:
    """The output name of member ``name``; ``scrub(text)`` returns the text scrubbed."""
    out = []
    for comp in name.split("/"):
        if SAFE_NAME.match(comp):
            out.append(comp)
            continue
        words = _words(comp)
        new_words = scrub(words) if words else words
        if new_words == words:
            out.append(replace_id_tokens(comp, pseudonym))
            continue
        _stem, ext = _split(comp)
        stem = _UNSAFE.sub("", "-".join(new_words.split())).strip(".") or pseudonym(_stem)
        out.append(stem + (f".{ext}" if ext else ""))
    return "/".join(out)
