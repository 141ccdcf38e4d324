"""Large ChatGPT-shaped exports for memory and speed benchmarks: fast, deterministic, no real data.

``write_big_export(folder, target_mb, style=...)`` writes ``conversations.json`` (or shards
``conversations-NNN.json`` of ``per_shard`` conversations) plus ``user.json`` until the
conversation bytes reach about ``target_mb`` MB. The content is the same for the same
arguments: choices come from a ``random.Random`` seeded with ``seed`` (never the global
generator). Every 50th conversation is archived and every 97th has no ``mapping``, so
``privacy inspect`` has something to drop and skip; the mix of content types (text,
code, execution output, multimodal with image pointers, thoughts) follows real exports.

Two text styles, same record shapes:

* ``salad`` (default): capitalised word salad ("Tomorrow museum project figure because ...").
  Cheap and byte-for-byte what the memory figures in docs/benchmarks.md were measured on,
  but useless for judging NER cost: no names, no real sentence structure.
* ``chat``: a heavy user's conversations. User turns are texts of ``synth.testdata.labelled`` (PII of
  every supported type in chat sentences, all-lower-case messages, bullet lists, code and
  config snippets with PII, a recurring cast of people), one to three per turn, sometimes as a
  bullet list or after a pasted paragraph. Assistant turns are Markdown-shaped replies
  (headings, bullets with bold terms, numbered lists, ``python`` code fences, block quotes)
  made of English technical prose, and they repeat the people of the user's turn ("Here's a
  draft you can send to <name>.", quotes of labelled sentences), as real replies do.
  The prose comes from CPython's offline ``pydoc_data.topics`` (the language reference
  shipped with Python: real English, ~0.26 MB of sentences). Used verbatim, each sentence
  would recur ~100 times in a 100 MB export, which real assistant prose does not, and a
  detector that caches or deduplicates by sentence would look better than it is; so the
  sentences are re-combined by an order-2 word Markov chain over those sentences (real
  vocabulary, capitalisation and local grammar; ~70 % of 200k generated sentences are
  distinct, every message is). Code fences and code cells are verbatim code blocks of the
  same source. ``synth.testdata.labelled`` is called in batches of 1000 texts with seeds derived from
  ``seed``. Same seed, same bytes — on the same CPython version (``pydoc_data.topics``
  changes between Python releases) and the pinned Faker.

Command line::

    python -m synth.testdata.bigexport /tmp/big-100 --mb 100 [--shards 100] [--zip] [--style chat]

(Over 400 lines: test data only, the three text styles and the export writer; nothing here runs
in a scrub.)
"""

from __future__ import annotations

import argparse
import random
import re
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import orjson

from privacy import entities as E

_WORDS = (
    "the a plan garden budget recipe lentil train ticket weekend project deadline meeting notes draft "
    "python function error stack deploy review chapter novel paint watercolor hike weather metric "
    "coffee morning report summary list idea question answer reason because maybe later today tomorrow "
    "kitchen window bicycle library museum concert invoice spreadsheet chart figure table paragraph"
).split()

EXPORT_TIME = 1767225600.0  # 2026-01-01


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(n)).capitalize() + "."


class _Salad:
    """Word salad (the original style, kept byte for byte: the memory figures compare against it)."""

    def user(self, rng: random.Random) -> str:
        return _sentence(rng, rng.randint(5, 80))

    def image_caption(self, rng: random.Random) -> str:
        return _sentence(rng, rng.randint(5, 40))

    def thought(self, rng: random.Random) -> tuple[str, str]:
        summary = _sentence(rng, 4)
        return summary, _sentence(rng, 40)

    def code(self, rng: random.Random) -> str:
        return f"print({rng.randint(1, 999)})"

    def output(self, rng: random.Random) -> str:
        return str(rng.randint(1, 999))

    def assistant(self, rng: random.Random) -> str:
        return " ".join(_sentence(rng, 12) for _ in range(rng.randint(2, 30)))

    def title(self, rng: random.Random) -> str:
        return _sentence(rng, 3)[:-1]


_SALAD = _Salad()


# --- chat style ----------------------------------------------------------------------------

_HEADING_RULE = re.compile(r"^[*=\-^~]{3,}$")
_SENTENCE_CUT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(])")
_CODE_LIKE = re.compile(r"^(>>>|\.\.\.|def |class |import |from |for |if |with |try:|return )|::=| = |\w\(", re.M)


@dataclass(frozen=True)
class _Prose:
    """Real English technical prose from CPython's offline ``pydoc_data.topics``, cut up."""

    headings: tuple[str, ...]
    code: tuple[str, ...]  # dedented code / grammar blocks
    starts: tuple[tuple[str, str], ...]  # first two words of each sentence
    chain: dict  # (word, word) -> tuple of next words (order-2 Markov chain over the sentences)


@lru_cache(maxsize=1)
def _prose() -> _Prose:
    import textwrap

    from pydoc_data.topics import topics

    headings: list[str] = []
    code: list[str] = []
    sentences: list[list[str]] = []
    for key in sorted(topics):
        for block in re.split(r"\n[ \t]*\n", topics[key]):
            lines = [ln for ln in block.split("\n") if ln.strip()]
            if not lines:
                continue
            if len(lines) == 2 and _HEADING_RULE.match(lines[1].strip()):
                headings.append(lines[0].strip())
                continue
            if all(ln.startswith("   ") for ln in lines):
                block = textwrap.dedent("\n".join(lines)).strip("\n")
                if _CODE_LIKE.search(block) and "|" not in block:
                    code.append(block)
                continue
            para = " ".join(block.split())
            para = para[2:] if para.startswith("* ") else para
            for sent in _SENTENCE_CUT.split(para):
                words = sent.split()
                if len(words) >= 4 and "|" not in sent and "--" not in sent:  # no table rows
                    sentences.append(words)
    chain: dict[tuple[str, str], list[str]] = {}
    for words in sentences:
        for a, b, c in zip(words, words[1:], words[2:]):
            chain.setdefault((a, b), []).append(c)
    return _Prose(tuple(headings), tuple(c for c in code if len(c) < 1500),
                  tuple((w[0], w[1]) for w in sentences), {k: tuple(v) for k, v in chain.items()})


_OPENERS = ("Sure! Here's a breakdown.", "Good question.", "Here's how I'd approach it.", "Short answer: yes, with a caveat.",
            "Let's go through it step by step.", "Here is a cleaned-up version.", "Happy to help with that.")
_NAME_OPENERS = ("Here's a draft you can send to {n}.", "Sure, let's sort this out for {n}.",
                 "Good idea to check with {n} first.", "Here's a version {n} should find clear.",
                 "Happy to help with the note for {n}.", "Thanks for the context about {n}.")
_NAME_LINES = ("- Mention that **{n}** already has the details.", "- Ask {n} to confirm by Friday.",
               "> Hi {n}, thanks for your patience while we sort this out.", "**Note:** {n} may need a shorter version.",
               "- Keep {n} in copy so nothing gets lost.")
_CLOSERS = ("Let me know if you want a shorter version.", "Want me to adjust the tone?",
            "I can turn this into a checklist if that helps.", "Tell me which part to expand.")
_LIST_INTROS = ("Some context:", "Here's what I have so far:", "Notes from today:", "Quick list:", "For reference:")


LABELLED_BATCH = 1000  # labelled texts generated at a time for the chat style


def labelled_batch(seed: int, k: int):
    """The ``k``-th batch of ``synth.testdata.labelled`` texts the chat style of ``seed`` draws user
    turns from, in order (``LabelledCorpus``; PII texts plus one control per ten)."""
    from synth.testdata.labelled import generate

    return generate(seed=seed * 1_000_003 + k, sentences=LABELLED_BATCH, controls=LABELLED_BATCH // 10,
                    memory_share=0.0)


class _Chat:
    """Heavy-user chat: user turns from ``synth.testdata.labelled`` (PII-laden sentences, lower-case
    messages, bullet lists, code with PII), assistant turns of Markdown-shaped English prose
    (headings, bullets, bold, code fences) that repeat the user's names."""

    def __init__(self, seed: int):
        self.seed = seed
        self.pool: list = []
        self.batches = 0
        self.names: list[str] = []  # people of the last user turn (they reappear in the reply)
        self.prose = _prose()

    # -- sources
    def _labelled(self):
        if not self.pool:
            self.pool = list(reversed(labelled_batch(self.seed, self.batches).texts))
            self.batches += 1
        return self.pool.pop()

    def _sentence(self, rng: random.Random) -> str:
        chain = self.prose.chain
        a, b = rng.choice(self.prose.starts)
        out = [a, b]
        n = rng.randint(8, 40)
        while len(out) < n:
            nxt = chain.get((a, b))
            if not nxt:
                break
            c = rng.choice(nxt)
            out.append(c)
            a, b = b, c
            if len(out) >= 6 and c[-1] in ".!?":
                break
        s = " ".join(out)
        return s if s[-1] in ".!?:" else s.rstrip(",;") + "."

    def _paragraph(self, rng: random.Random, lo: int = 2, hi: int = 6) -> str:
        return " ".join(self._sentence(rng) for _ in range(rng.randint(lo, hi)))

    def _user_items(self, rng: random.Random, n: int) -> list[str]:
        items = [self._labelled() for _ in range(n)]
        self.names = [sp.value for lt in items for sp in lt.spans
                      if sp.entity_type == E.PERSON and sp.value[:1].isupper()] or self.names[-2:]
        return [lt.text for lt in items]

    # -- the strings of a conversation
    def user(self, rng: random.Random) -> str:
        mode = rng.random()
        items = self._user_items(rng, rng.choice((1, 1, 1, 2, 2, 3)))
        if mode < 0.15:
            text = rng.choice(_LIST_INTROS) + "\n" + "\n".join("- " + it.replace("\n", "\n  ") for it in items)
        elif mode < 0.3:
            text = self._paragraph(rng, 3, 10) + "\n\n" + "\n\n".join(items)  # pasted text, then the ask
        else:
            text = rng.choice((" ", "\n\n")).join(items)
        return text.lower() if rng.random() < 0.08 else text

    def image_caption(self, rng: random.Random) -> str:
        return self._user_items(rng, 1)[0]

    def thought(self, rng: random.Random) -> tuple[str, str]:
        summary = rng.choice(self.prose.headings)
        body = self._paragraph(rng, 1, 4)
        if self.names and rng.random() < 0.5:
            body = f"The user mentions {rng.choice(self.names)}. " + body
        return summary, body

    def code(self, rng: random.Random) -> str:
        return rng.choice(self.prose.code)

    def output(self, rng: random.Random) -> str:
        return str(rng.randint(1, 999))

    def assistant(self, rng: random.Random) -> str:
        names = self.names
        parts = [rng.choice(_NAME_OPENERS).format(n=rng.choice(names)) if names and rng.random() < 0.5
                 else rng.choice(_OPENERS)]
        for _ in range(rng.randint(1, 4)):
            if rng.random() < 0.7:
                parts.append(rng.choice(("## ", "### ", "**")) + rng.choice(self.prose.headings))
                if parts[-1].startswith("**"):
                    parts[-1] += "**"
            parts.append(self._paragraph(rng))
            r = rng.random()
            if r < 0.35:
                parts.append("\n".join(
                    (f"- **{' '.join(self._sentence(rng).split()[:rng.randint(1, 3)]).strip('.,:;')}**: " if rng.random() < 0.5
                     else "- ") + self._sentence(rng) for _ in range(rng.randint(2, 5))))
            elif r < 0.5:
                parts.append("\n".join(f"{k + 1}. {self._sentence(rng)}" for k in range(rng.randint(2, 5))))
            elif r < 0.62:
                parts.append("```python\n" + rng.choice(self.prose.code) + "\n```")
            elif r < 0.75:
                parts.append("> " + self._labelled().text.replace("\n", "\n> "))
            if names and rng.random() < 0.3:
                parts.append(rng.choice(_NAME_LINES).format(n=rng.choice(names)))
        if rng.random() < 0.4:
            parts.append(rng.choice(_CLOSERS))
        return "\n\n".join(parts)

    def title(self, rng: random.Random) -> str:
        if self.names and rng.random() < 0.3:
            return rng.choice(("Message to {n}", "Plans with {n}", "Gift ideas for {n}", "{n} follow-up")).format(
                n=rng.choice(self.names))
        return rng.choice(self.prose.headings)


STYLES = ("salad", "chat")


def _text_source(style: str, seed: int):
    if style == "salad":
        return _SALAD
    if style == "chat":
        return _Chat(seed)
    raise ValueError(f"unknown style {style!r} (one of {', '.join(STYLES)})")


def _node(mid, parent, role, content, t, **extra):
    msg = {
        "id": mid,
        "author": {"role": role, "name": None, "metadata": {}},
        "create_time": t,
        "update_time": None,
        "content": content,
        "status": "finished_successfully",
        "end_turn": role == "assistant",
        "weight": 1.0,
        "metadata": extra.pop("metadata", {}),
        "recipient": extra.pop("recipient", "all"),
        "channel": None,
    }
    return {"id": mid, "message": msg, "parent": parent, "children": []}


def conversation(rng: random.Random, i: int, text: "_Salad | _Chat | None" = None) -> dict:
    """One full-shape conversation record (about 5-40 KB); ``text`` makes its strings (default: salad)."""
    text = text or _SALAD
    cid = f"{i:08x}-0000-4000-8000-{rng.getrandbits(48):012x}"
    t0 = EXPORT_TIME - 86400 * 365 + i * 600.0
    mapping = {"client-created-root": {"id": "client-created-root", "message": None, "parent": None, "children": []}}
    parent = "client-created-root"
    turns = rng.randint(2, 12)
    t = t0
    for k in range(turns):
        t += 5
        uid = f"u{k}-{cid[:8]}"
        if rng.random() < 0.1:
            content = {"content_type": "multimodal_text", "parts": [
                {"content_type": "image_asset_pointer", "asset_pointer": f"sediment://file_{rng.getrandbits(64):016x}",
                 "size_bytes": 70, "width": 1, "height": 1, "metadata": {"sanitized": True}},
                text.image_caption(rng)]}
        else:
            content = {"content_type": "text", "parts": [text.user(rng)]}
        mapping[uid] = _node(uid, parent, "user", content, t)
        mapping[parent]["children"].append(uid)
        parent = uid
        if rng.random() < 0.2:
            tid = f"th{k}-{cid[:8]}"
            summary, thought = text.thought(rng)
            mapping[tid] = _node(tid, parent, "assistant", {"content_type": "thoughts", "thoughts": [
                {"summary": summary, "content": thought, "chunks": [], "finished": True}],
                "source_analysis_msg_id": tid}, t + 1)
            mapping[parent]["children"].append(tid)
            parent = tid
        if rng.random() < 0.15:
            cdid = f"c{k}-{cid[:8]}"
            mapping[cdid] = _node(cdid, parent, "assistant", {"content_type": "code", "language": "python",
                                                              "text": text.code(rng)}, t + 2,
                                  recipient="python")
            mapping[parent]["children"].append(cdid)
            parent = cdid
            eid = f"e{k}-{cid[:8]}"
            mapping[eid] = _node(eid, parent, "tool", {"content_type": "execution_output", "text": text.output(rng)},
                                 t + 3)
            mapping[parent]["children"].append(eid)
            parent = eid
        aid = f"a{k}-{cid[:8]}"
        mapping[aid] = _node(aid, parent, "assistant",
                             {"content_type": "text", "parts": [text.assistant(rng)]},
                             t + 4, metadata={"model_slug": "gpt-5", "finish_details": {"type": "stop"}})
        mapping[parent]["children"].append(aid)
        parent = aid
    rec = {
        "title": text.title(rng),
        "create_time": t0,
        "update_time": t + 4,
        "mapping": mapping,
        "moderation_results": [],
        "current_node": parent,
        "conversation_id": cid,
        "is_archived": i % 50 == 49,
        "default_model_slug": "gpt-5",
        "id": cid,
    }
    if i % 97 == 96:
        del rec["mapping"]
    return rec


def write_big_export(folder: str | Path, target_mb: float, seed: int = 1, shards: int | None = None,
                     as_zip: bool = False, style: str = "salad") -> Path:
    """Write the export; returns the folder (or the zip when ``as_zip``). ``style``: "salad"
    (word salad, the default) or "chat" (realistic heavy-user conversations)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    text = _text_source(style, seed)
    rng = random.Random(seed)
    target = int(target_mb * 1024 * 1024)
    written = 0
    i = 0
    shard = 0
    files: list[Path] = []

    def open_shard():
        name = "conversations.json" if shards is None else f"conversations-{len(files):03d}.json"
        p = folder / name
        files.append(p)
        fh = open(p, "wb")
        fh.write(b"[")
        return fh

    fh = open_shard()
    in_shard = 0
    while written < target:
        data = orjson.dumps(conversation(rng, i, text))
        if shards is not None and in_shard >= shards:
            fh.write(b"]")
            fh.close()
            fh = open_shard()
            in_shard = 0
        fh.write((b"" if in_shard == 0 else b",") + data)
        written += len(data) + 1
        in_shard += 1
        i += 1
    fh.write(b"]")
    fh.close()
    (folder / "user.json").write_bytes(orjson.dumps({"id": "user-BENCH0000", "email": "bench@example.invalid",
                                                      "phone_number": None}))
    if not as_zip:
        return folder
    zpath = folder.with_suffix(".zip")
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        for p in sorted(folder.iterdir()):
            zf.write(p, p.name)
    return zpath


def expected_counts(n_records: int) -> dict:
    """Kept / archived / skipped for the first ``n_records`` records (the generator's rule)."""
    skipped = sum(1 for i in range(n_records) if i % 97 == 96)
    archived = sum(1 for i in range(n_records) if i % 97 != 96 and i % 50 == 49)
    return {"conversations": n_records - skipped - archived, "archived_dropped": archived, "skipped": skipped}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--mb", type=float, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shards", type=int, default=None, help="conversations per shard (default: one file)")
    ap.add_argument("--zip", action="store_true")
    ap.add_argument("--style", choices=STYLES, default="salad", help="message text (default: salad)")
    a = ap.parse_args(argv)
    print(write_big_export(a.folder, a.mb, seed=a.seed, shards=a.shards, as_zip=a.zip, style=a.style))


if __name__ == "__main__":
    main()
