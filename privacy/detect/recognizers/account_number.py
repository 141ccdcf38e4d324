"""Account, policy, member, case, claim, medical-record and customer numbers near their
context words ("policy no. PLC-448812", "MRN: 00457821", "member ID XJ4-55-9921")."""

from __future__ import annotations

import re

from privacy.entities import ACCOUNT_NUMBER
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule, words
from privacy.detect.recognizers.prefilter import Requires, fragments, on_folded, regex

_CUES = (
    "account", "acct", "a/c", "policy", "member", "membership", "subscriber", "case", "claim", "medical record",
    "mrn", "patient", "patient id", "customer", "client", "reference", "ref", "confirmation", "booking",
    "reservation", "loyalty", "frequent flyer", "rewards", "insurance", "group", "student", "employee", "staff",
    "badge", "ticket", "tracking", "order", "invoice", "contract", "tax id", "tin", "vat", "ein", "nhs",
    "health card", "medicare", "medicaid", "benefits", "sort code", "routing", "bsb", "library card",
    "certificate", "permit", "application", "record", "id",
)
_CTX = re.compile(
    r"\b" + words(*_CUES)
    + r"\b(?:\s+(?:number|no|num|nr|id|code|#))?\.?\s*(?:is|was|:|#|=|-|no\.?)?\s*(?:is\s+)?",
    I,
)
_TOKEN = re.compile(r"(?<![\w.,$€£-])([A-Z0-9](?:[A-Z0-9]|[-./](?=[A-Z0-9])|(?<=\d)\s(?=\d)){4,24}[A-Z0-9]?)(?![\w-])", I)
_STOP = frozenset("number please because before after again which where there their these those about".split())


class AccountNumberRecognizer(RegexRecognizer):
    """Identifier-shaped tokens (3+ digits) right after an account-like context word."""

    ENTITY = ACCOUNT_NUMBER
    # accept() wants 3+ digits (the token class allows only 0-9); the context word is required
    REQUIRES = Requires(regex(r"[0-9](?:[^0-9]*[0-9]){2}"), fragments(*_CUES), on_folded(r"\b" + words(*_CUES) + r"\b"))
    RULES = (Rule("after_context", _TOKEN, 0.7, group=1, context=_CTX, window=12),)

    def accept(self, text: str, start: int, end: int) -> bool:
        value = text[start:end]
        digits = sum(c.isdigit() for c in value)
        if digits < 3:
            return False
        if value.lower() in _STOP:
            return False
        if re.fullmatch(r"[\d,]+\.\d{2}", value):  # an amount of money
            return False
        if re.fullmatch(r"(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)", value):
            return False  # an IPv4 address ("logged into my account from 102.89.34.117"): the IP recognizer's
        # plain years and small counts are not identifiers
        if value.isdigit() and len(value) <= 4:
            return False
        return True
