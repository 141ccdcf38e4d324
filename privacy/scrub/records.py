"""Which raw conversation records ``privacy scrub`` writes, and which it drops (the one rule).

Ingest's ``iter_raw_records`` decides what becomes a ``Conversation``. The scrub writes
the same records, plus the ones ingest only *skips* because they hold no messages
(``skipped:no_mapping`` / ``skipped:no_messages``): those are kept, every string in them
scrubbed like any other record, so the output holds the input's records less exactly
the ones dropped on purpose:

============  ===================================================  ==============
reason        record                                               written
============  ===================================================  ==============
(none)        a conversation ingest keeps                          yes
skipped:*     no ``mapping`` (ChatGPT) / no messages (Claude)      yes, scrubbed
archived      ``is_archived: true`` (a skipped one too)            no
consent:*     out of the consent record's scope (a skipped one     no
              is judged by its id, title and dates the same way)
duplicate     an older copy of a conversation id                   no
============  ===================================================  ==============

Every dropped record is listed in ``summary.json`` (``records_dropped``: output file,
record index in the input, reason; never an id or a title). Side files lose their
entries about conversations dropped on purpose (``drop_references``).
"""

from __future__ import annotations

from privacy.scrub.ids import ID_TOKEN
from privacy.scrub.walker import record_conversation_id


def _num(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _date(value) -> float | None:
    from ingest.memories import date_to_ts

    n = _num(value)
    return n if n is not None else (date_to_ts(value) if isinstance(value, str) else None)


def scrub_decision(exp, raw, keep: bool, reason: str | None) -> tuple[bool, str | None]:
    """``(write, reason)`` for one record from ``exp.iter_raw_records``: ingest's decision,
    except that a record skipped for having no messages is written (scrubbed) unless it is
    archived or out of the consent record's scope."""
    if keep or not (reason or "").startswith("skipped:") or not isinstance(raw, dict):
        return keep, reason
    if raw.get("is_archived") is True:
        return False, "archived"
    consent = exp.consent
    if consent is not None:
        title = raw.get("title") if isinstance(raw.get("title"), str) else raw.get("name")
        why = consent.exclusion_reason(
            record_conversation_id(raw),
            title if isinstance(title, str) else None,
            _date(raw.get("create_time", raw.get("created_at"))),
            _date(raw.get("update_time", raw.get("updated_at"))),
        )
        if why is not None:
            return False, f"consent:{why}"
    return True, reason


def _references(obj, ids: set[str]) -> bool:
    if isinstance(obj, str):
        return obj in ids or (bool(ID_TOKEN.search(obj)) and any(m.group(1) in ids for m in ID_TOKEN.finditer(obj)))
    if isinstance(obj, dict):
        return any(_references(v, ids) for v in obj.values())
    if isinstance(obj, list):
        return any(_references(v, ids) for v in obj)
    return False


def drop_references(obj, ids: set[str]):
    """Side files: remove list entries that refer to a dropped conversation."""
    if not ids:
        return obj
    if isinstance(obj, list):
        return [drop_references(v, ids) for v in obj if not (isinstance(v, dict) and _references(v, ids))]
    if isinstance(obj, dict):
        return {k: drop_references(v, ids) for k, v in obj.items()}
    return obj


def deliberately_dropped(dropped: dict[str, str]) -> set[str]:
    """Original ids of conversations dropped as archived or out of consent."""
    return {c for c, r in dropped.items() if r == "archived" or r.startswith("consent")}
