"""Usernames and @handles: "@jdoe_88", "my username is jdoe88", "gamertag: xXSniperXx"."""

from __future__ import annotations

import re

from privacy.entities import USERNAME
from privacy.detect import gazetteer as G
from privacy.detect.vocabulary import FILE_NAME, is_common, is_unknown_word
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule, words
from privacy.detect.recognizers.prefilter import Requires, cased, on_folded

_HANDLE = re.compile(r"(?<![\w.@/])@([A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?)(?![\w@(])")
_CUES = ("username", "user name", "user id", "userid", "login", "handle", "gamertag", "screen name", "nick",
         "nickname", "account name", "alias", "tag", "discord", "twitter", "instagram", "insta", "tiktok",
         "reddit", "github", "gitlab", "steam", "twitch", "telegram", "snapchat", "skype", "linkedin", "x")
_CTX = re.compile(
    r"\b" + words(*_CUES)
    + r"\b(?:\s+(?:is|was|handle|username|name|account|id))?\s*(?:is|:|=|-)?\s*[\"'`]?",
    I,
)
_TOKEN = re.compile(r"(?<![\w@.])(?:u/)?([A-Za-z0-9_][A-Za-z0-9_.-]{2,31})(?![\w@])")
# Code decorators and annotations are not handles.
_DECORATORS = frozenset(
    "property staticmethod classmethod dataclass abstractmethod override overload cache lru_cache wraps "
    "pytest fixture app router api route get post put delete patch test before after autowired component "
    "service entity table column bean inject param return returns throws deprecated suppresswarnings "
    "functionalinterface media import tailwind apply layer keyframes font-face supports mixin include extend "
    "everyone here channel".split()
)
_NUMBER_UNIT = re.compile(r"\d+[a-z]{1,2}")
# a login made of a person's names: "owner: kasia.wrobel", "ping ade_okafor" (never inside an email,
# a path, a call or a dotted attribute chain: "self.name", "os.path.join", "len(sys.argv)")
_NAME_HANDLE = re.compile(r"(?<![\w@./\\([-])([a-z][a-z'-]{2,}[._][a-z][a-z'-]{2,})(?![\w@/\\()\[-]|\.[A-Za-z_])")
# a handle in brackets right after a name: "Kwame (gamertag KwamTheGoat)", "Mei (meimei_fps)", "Rashid (rashidinho)"
_ASIDE_HANDLE = re.compile(r"[A-Z][\w'’-]{1,30}[ \t]+\((?:(?i:gamertag|tag|ig|insta|instagram|psn|xbox|steam|discord|tiktok|"
                           r"snap|snapchat|twitch|handle|username|user)[ \t]*:?[ \t]+)?@?([A-Za-z0-9_.]{3,30})\)")
_STOP = frozenset("is was the a an my and or on at in for to of it that this me you your with".split())


class UsernameRecognizer(RegexRecognizer):
    """@handles anywhere, and bare usernames right after a username/platform context word."""

    ENTITY = USERNAME
    RULES = (
        Rule("at_handle", _HANDLE, 0.7, group=1, requires=Requires(cased("@"))),
        Rule("aside_handle", _ASIDE_HANDLE, 0.6, group=1, requires=Requires(cased("("))),
        Rule("name_handle", _NAME_HANDLE, 0.6, group=1, requires=Requires(cased(".", "_"))),
        # "x" is a cue only as a whole word, hence no literal check
        Rule("after_context", _TOKEN, 0.7, group=1, context=_CTX, window=8,
             requires=Requires(on_folded(r"\b" + words(*_CUES) + r"\b"))),
    )

    def accept_rule(self, rule, text: str, start: int, end: int) -> bool:
        if rule.name == "aside_handle":  # a login's shape: digits, "_", ".", camelCase, or a word no dictionary knows
            value = text[start:end]
            if not re.search(r"[A-Za-z]", value) or value.isupper():
                return False  # "Mason (9)", "Ops (HR)"
            return bool(re.search(r"[\d_.]|[a-z][A-Z]", value)) or (value.islower() and is_unknown_word(value))
        if rule.name == "name_handle":  # a given name, then a surname or a word no dictionary knows
            first, last = re.split(r"[._]", text[start:end])
            return (G.is_given(first) and not is_common(first) and self.accept(text, start, end)
                    and ((G.is_surname(last) and not is_common(last)) or is_unknown_word(last)))
        if rule.name == "after_context":
            value = text[start:end]
            before = text[max(0, start - 5) : start]
            # "the login keeps failing": a plain word is a username only after "is", ":" or "="
            if not re.search(r"[\d_.]", value.rstrip(".")) and not re.search(r"(?:\bis|:|=)\s*[\"'`]?$", before):
                return False  # (a sentence's stop is no login's dot: "steam for 8 hours. Steam again")
            if before.endswith("("):
                return False  # "CartController.handle(request)": an argument of a call named like a cue
        return self.accept(text, start, end)

    def accept(self, text: str, start: int, end: int) -> bool:
        value = text[start:end]
        low = value.lower()
        if low in _DECORATORS or low in _STOP:
            return False
        if FILE_NAME.fullmatch(value):
            return False
        if value.isdigit() and len(value) < 5 or _NUMBER_UNIT.fullmatch(low):
            return False  # "12x" in "3x² − 12x + 9", "4k", "10pm": a number and its unit
        # a decorator followed by a call or attribute, e.g. "@app.route(" or "@pytest.mark"
        if end < len(text) and text[end] == "(":
            return False
        if "." in value and low.split(".")[0] in _DECORATORS:
            return False
        return True
