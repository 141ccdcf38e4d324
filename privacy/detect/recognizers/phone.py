"""Phone numbers in any country's format: "+44 20 7946 0958", "(415) 555-0132",
"0612 345 678" next to a phone word. Presidio's own recognizer only tries a few regions."""

from __future__ import annotations

import re

import phonenumbers

from privacy.entities import PHONE_NUMBER
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule, words
from privacy.detect.recognizers.prefilter import Requires, fragments, on_folded, regex

# a number never runs across a line break ("+81 3-6457-2291⏎4-11-7 Ōkubo" is a phone, then an address)
_INTL = re.compile(r"(?<![\w+])(\+\d{1,3}[ \t.-]?(?:\(\d{1,4}\)[ \t.-]?)?\d{1,5}(?:[ \t.-]?\d{1,5}){1,5})(?![\w])")
_NATIONAL = re.compile(r"(?<![\w+.-])(\(?0?\d{2,5}\)?[ \t.-]?\d{2,5}(?:[ \t.-]?\d{2,5}){0,3})(?![\w.-]?\w)")
_NANP = re.compile(r"(?<![\w+.-])((?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[.-]\d{4})(?![\w.-]?\w)")
# a bracketed trunk-prefixed area code is a phone's own shape: "(02) 9560 3318", "(030) 4412 7789"
_AREA_CODE = re.compile(r"(?<![\w+(])(\(0\d{1,4}\)[ \t]?\d{3,5}(?:[ \t-]?\d{3,5}){1,2})(?![\w.-]?\w)")
_GROUPED = re.compile(r"(?<![\w.+-])(0\d{1,4}(?:[ .-]\d{2,4}){2,4}|0\d(?:[ .]\d{2}){4}|07\d{3}\s?\d{6})(?![\w.-]?\w)")
# a national number with no phone word near it, in a shape its country writes and valid for that
# country's numbering plan ("08031234567", "0176 12345678", "98765 43210", "(11) 91234-5678",
# "612 34 56 78", "4155550199"): mobile numbers are pasted bare next to a name
_BARE_NATIONAL = re.compile(r"(?<![\w+.,/-])((?:\(\d{2,3}\)[ \t]?)?\d{2,5}(?:[ \t-]\d{2,8}){1,3}|0\d{9,10})(?![\w.,/-]?\w)")
# the regions whose numbers are written like that: trunk-prefixed (0…) or not
BARE_REGIONS = ("GB", "IE", "DE", "AT", "CH", "NL", "BE", "FR", "ES", "IT", "PT", "PL", "SE", "NO", "DK", "FI",
                "NG", "GH", "KE", "ZA", "UG", "TZ", "IN", "PK", "BD", "LK", "PH", "MY", "ID", "VN", "TH",
                "AU", "NZ", "BR", "MX", "AR", "CO", "CL", "US", "CA", "JP", "KR", "CN", "TR", "EG", "AE", "SA")
# an identifier's, an amount's or an address unit's word before the digits: no phone ("Apt. 598 35286 …")
_NOT_PHONE_BEFORE = re.compile(r"(?i:\b(?:order|invoice|inv|ref|reference|account|acct|a/c|tracking|policy|id|isbn|issn|"
                               r"sort code|iban|bic|customer|member|membership|ticket|booking|case|claim|serial|"
                               r"model|part|sku|item|receipt|transaction|txn|pin|code|otp|nhs|ssn|ni|tax|vat|"
                               r"reg|registration|licen[cs]e|passport|card|routing|aba|batch|version|build|"
                               r"apt|apartment|suite|ste|unit|flat|room|rm|floor|box|building|bldg|house)"
                               r"\b[^\n\d]{0,12}|[#№$€£¥₹]\s?)$")
_CUES = ("phone", "ph", "phone number", "cell", "cellphone", "mobile", "mob", "tel", "telephone", "call", "call me at",
         "text", "text me at", "txt", "sms", "whatsapp", "signal", "fax", "number", "reach me at", "contact",
         "ring", "landline", "handy", "téléphone", "teléfono", "telefono", "móvil", "portable", "cel", "celular",
         "whats", "zap", "numero", "número", "numéro", "nummer", "kontakt", "telefon", "telefone", "telefonnummer",
         "handynummer", "tél", "tlf", "cellulare", "móvel", "komórka")
_CTX = re.compile(r"\b" + words(*_CUES) + r"\b", I)
# a number labelled as a phone in a contact block or a message: "95 941836 office",
# "Desk: 06389599213", "(027) 6145-729 office", "551.618.0467x745", "not answering at 444 14 907"
_LOOSE = r"(\+?\(?\d{1,5}\)?(?:[ .-]?\(?\d{1,8}\)?){1,5}(?:[ \t]?(?:x|ext\.?)[ \t]?\d{1,5})?)"
_LABELS = ("office", "fax", "mobile", "cell", "home", "work", "desk", "direct", "main", "tel", "phone")
_LABEL_AFTER = re.compile(r"(?<![\w+.\-])" + _LOOSE + r"(?=[ \t]*-?[ \t]*(?i:" + "|".join(_LABELS) + r")\b)")
_LABEL_CUES = ("mobile", "ph", "mob", "desk", "fax", "tel", "phone", "cell", "office", "registered", "answering at", "number",
               "whatsapp", "call", "text", "reach", "contact")
_LABEL_BEFORE = re.compile(r"(?i:\b(?:" + "|".join(_LABEL_CUES) + r")(?:[ \t]+(?:is|me|at|on|number|no\.?))*[ \t]*[:#]?[ \t]*)"
                           + _LOOSE + r"(?![\w.\-]?\w)")


class InternationalPhoneRecognizer(RegexRecognizer):
    """International numbers validated by ``phonenumbers``; national ones near a phone word."""

    ENTITY = PHONE_NUMBER
    # accept() wants 7-15 digits in the value, whose digits are all \d
    REQUIRES = Requires(regex(r"\d(?:\D*\d){6}"))
    RULES = (
        Rule("international", _INTL, 0.75, group=1, requires=Requires(regex(r"\+\d"))),
        Rule("north_american", _NANP, 0.6, group=1, requires=Requires(regex(r"\d{3}[.-]\d{4}"))),
        Rule("area_code", _AREA_CODE, 0.6, group=1, requires=Requires(regex(r"\(0\d{1,4}\)[ \t]?\d{3}"))),
        Rule("national_grouped", _GROUPED, 0.55, group=1, requires=Requires(regex(r"0\d"))),
        Rule("national_in_context", _NATIONAL, 0.7, group=1, context=_CTX, window=40,
             requires=Requires(fragments(*_CUES), on_folded(r"\b" + words(*_CUES) + r"\b"))),
        Rule("bare_national", _BARE_NATIONAL, 0.6, group=1, requires=Requires(regex(r"\d{2,5}[ \t-]\d{2,8}|0\d{9}"))),
        Rule("labelled", _LABEL_AFTER, 0.65, group=1, requires=Requires(on_folded(r"\d[ \t]*-?[ \t]*" + words(*_LABELS) + r"\b"))),
        Rule("after_label", _LABEL_BEFORE, 0.65, group=1,
             requires=Requires(on_folded(r"\b" + words(*_LABEL_CUES) + r"\b"))),
    )

    def accept_rule(self, rule: Rule, text: str, start: int, end: int) -> bool:
        if rule.name == "bare_national":
            return bare_national(text, start, end)
        if rule.name in ("labelled", "after_label"):
            value = text[start:end]
            core = re.sub(r"[ \t]?(?:x|ext\.?)[ \t]?\d{1,5}$", "", value)
            digits = sum(c.isdigit() for c in core)
            if not 6 <= digits <= 15 or re.fullmatch(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}", core):
                return False
            return not re.fullmatch(r"(?:19|20)\d\d", core)
        return self.accept(text, start, end)

    def accept(self, text: str, start: int, end: int) -> bool:
        value = text[start:end]
        digits = sum(c.isdigit() for c in value)
        if not 7 <= digits <= 15:
            return False
        if value.startswith("+"):
            try:
                return phonenumbers.is_possible_number(phonenumbers.parse(value, None))
            except phonenumbers.NumberParseException:
                return False
        if re.fullmatch(r"(?:19|20)\d{6}", value):  # a yyyymmdd build/date stamp
            return False
        if value.startswith("0") and " " not in value and "-" not in value and "." not in value and digits < 10:
            return False
        # a bare date or version is not a phone number
        if re.fullmatch(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}", value):
            return False
        return True


def bare_national(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is a national phone number even with no phone word near it: 9 to 12
    digits (10 or 11 unseparated, with the trunk 0), valid in one of ``BARE_REGIONS`` as written there (a
    trunk 0 only where the region dials one), no date, year or amount, no identifier's word
    before it."""
    value = text[start:end]
    digits = re.sub(r"\D", "", value)
    if not 9 <= len(digits) <= 12 or (value.isdigit() and len(digits) < 10):
        return False
    if len(set(digits)) <= 2 or _NOT_PHONE_BEFORE.search(text, max(0, start - 40), start):
        return False  # "0000000000"; "order 08031234567", "ISBN 0306406152"
    for region in BARE_REGIONS:
        try:
            number = phonenumbers.parse(value, region)
        except phonenumbers.NumberParseException:
            continue
        if not phonenumbers.is_valid_number(number):
            continue
        national = re.sub(r"\D", "", phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL))
        if national == digits:  # written as that region writes it (its trunk prefix, if any)
            return True
        if not value.isdigit() and phonenumbers.national_significant_number(number) == digits:
            return True  # grouped, without the trunk 0 many write it without ("98765 43210")
    return False
