"""Text slots of Office XML parts: paragraphs made of runs, attributes, link targets.

A *slot* is one text of the file and a way to write its scrubbed version back:
a paragraph (the ``w:t`` / ``a:t`` nodes whose nearest paragraph is this one, joined;
written back run by run with ``runs.distribute``), a single node (a field code), or an
attribute (a comment's author). DOCX and PPTX list their slots with these helpers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lxml import etree

from privacy.formats.runs import distribute

Slot = tuple[str, Callable[[str], None]]


def paragraph_slots(root, p_tag: str, text_tags: set[str]) -> list[Slot]:
    """One slot per paragraph ``p_tag`` holding text nodes ``text_tags`` (nested paragraphs,
    as in a text box inside a paragraph, are their own slots)."""
    groups: dict[int, tuple[object, list]] = {}
    order: list[int] = []
    for node in root.iter(*text_tags):
        p = node.getparent()
        while p is not None and p.tag != p_tag:
            p = p.getparent()
        key = id(p) if p is not None else id(node)
        if key not in groups:
            groups[key] = (p, [])
            order.append(key)
        groups[key][1].append(node)
    slots: list[Slot] = []
    for key in order:
        nodes = groups[key][1]
        text = "".join(n.text or "" for n in nodes)
        if not text.strip():
            continue

        def put(new: str, nodes=nodes) -> None:
            for n, piece in zip(nodes, distribute([n.text or "" for n in nodes], new), strict=True):
                n.text = piece
                if piece != piece.strip() and n.tag.endswith("}t"):
                    n.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")

        slots.append((text, put))
    return slots


def node_slots(root, tags: Iterable[str]) -> list[Slot]:
    """One slot per text node of the given tags (field codes)."""
    out: list[Slot] = []
    for node in root.iter(*tags):
        if node.text and node.text.strip():
            out.append((node.text, lambda new, n=node: setattr(n, "text", new)))
    return out


def attribute_slots(root, attrs: Iterable[str]) -> list[Slot]:
    """One slot per element attribute of the given (qualified) names, in document order."""
    names = tuple(attrs)
    out: list[Slot] = []
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for a in names:
            v = el.get(a)
            if v and v.strip():
                out.append((v, lambda new, el=el, a=a: el.set(a, new)))
    return out


def external_link_slots(part) -> list[Slot]:
    """The targets of a part's external relationships (``mailto:`` and web links)."""
    out: list[Slot] = []
    for rid in sorted(part.rels):
        rel = part.rels[rid]
        if rel.is_external and rel.target_ref:
            out.append((rel.target_ref, lambda new, rel=rel: setattr(rel, "_target", new)))
    return out


A_NS = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
C_NS = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
_NUMBER = __import__("re").compile(r"^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$")


def drawing_slots(root) -> list[Slot]:
    """Charts and diagrams: their DrawingML paragraphs (titles, labels, SmartArt text),
    cached category and series names (``c:v`` that are not numbers) and the formulas
    that point into the chart's workbook (``c:f``, which name its sheets)."""
    slots = paragraph_slots(root, f"{A_NS}p", {f"{A_NS}t"})
    for node in root.iter(f"{C_NS}v", f"{C_NS}f"):
        if node.text and node.text.strip() and not _NUMBER.match(node.text):
            slots.append((node.text, lambda new, n=node: setattr(n, "text", new)))
    return slots


def embedded_slots(part, saves: list, ctx_box: list) -> list[Slot]:
    """An Office file embedded in this one (a chart's workbook, a pasted spreadsheet) or a
    picture: read with its own handler, its scrubbed copy written back in place. Anything
    else embedded (an OLE object, an EMF/WMF drawing, which can hold text) is refused."""
    from privacy.formats import read_document
    from privacy.formats.base import Unsupported

    name = str(part.partname).rsplit("/", 1)[-1]
    sub = read_document(name, part.blob)
    if sub is None:
        raise Unsupported(f"an embedded object or drawing ({name.rsplit('.', 1)[-1].lower()}) that is not "
                          "an Office file or a picture: not handled")
    values: list = [None] * len(sub.segments)

    def save() -> None:
        part._blob = sub.render(values, ctx_box[0])

    saves.append(save)
    return [(t, lambda new, i=i: values.__setitem__(i, new)) for i, t in enumerate(sub.segments)]


def xml_of(part):
    """(root element, write-back) of an XML part, whether the library parsed it or not."""
    el = getattr(part, "_element", None)
    if el is not None:
        return el, lambda: None
    root = etree.fromstring(part.blob, etree.XMLParser(resolve_entities=False, no_network=True))

    def save() -> None:
        part._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)

    return root, save


def drawing_or_embedded_slots(part, saves: list, ctx_box: list) -> list:
    """The slots of a chart or SmartArt part, or of an embedded Office file (DOCX and PPTX share
    these parts); none for any other part."""
    if "drawingml." in part.content_type and part.content_type.endswith("+xml"):  # charts, SmartArt
        root, save = xml_of(part)
        saves.append(save)
        return drawing_slots(root)
    if "/embeddings/" in str(part.partname):
        return embedded_slots(part, saves, ctx_box)
    return []
