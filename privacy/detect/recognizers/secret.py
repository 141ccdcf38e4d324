"""Secrets: API keys and tokens by their published prefixes, JWTs, private-key blocks, and
values of password/token/key fields in ``key=value`` or "my password is ..."."""

from __future__ import annotations

import re

from privacy.entities import SECRET
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule, words
from privacy.detect.recognizers.prefilter import Requires, cased, fragments, on_folded, words as any_word

_PREFIXED = re.compile(
    r"(?<![\w-])(?:"
    r"sk-(?:proj-|ant-(?:api\d\d-)?|live-|test-)?[A-Za-z0-9_-]{16,}"
    r"|(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{10,}"
    r"|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"
    r"|glpat-[A-Za-z0-9_-]{16,}"
    r"|(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}"
    r"|xox[abposr]-[A-Za-z0-9-]{10,}"
    r"|AIza[0-9A-Za-z_-]{30,}"
    r"|hf_[A-Za-z0-9]{20,}"
    r"|npm_[A-Za-z0-9]{30,}"
    r"|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}"
    r"|shpat_[a-fA-F0-9]{20,}"
    r"|dop_v1_[a-f0-9]{40,}"
    r"|ya29\.[A-Za-z0-9_-]{20,}"
    r")"
)
_JWT = re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")
_PRIVATE_KEY = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----", re.S)
_KEY_WORDS = (
    "password", "passwd", "pwd", "pass", "passphrase", "secret", "client_secret", "client secret", "api_key",
    "api-key", "apikey", "api key", "access_key", "secret_key", "aws_secret_access_key", "access_token",
    "access token", "auth_token", "auth token", "token", "bearer", "private_key", "pin", "passcode", "wifi password",
    "db_password", "database_password", "pgpassword", "mysql_pwd", "authorization",
)
_KEYS = words(*_KEY_WORDS)
# a key, then "=", ":" or "=>" ("db_password_prod: …"), or the key word ending its word and "is" ("my wifi
# password is …"; not "the name on my passport is wrong", "Pinterest is down": words that only open with a key)
_KEY_VALUE = re.compile(
    r"(?<![\w])[\w.-]*?" + _KEYS + r"(?:[\w.-]*?[\"']?\s*(?:=|:|=>)|\b[\"']?\s*\bis\b)\s*(?:bearer\s+)?[\"'`]?"
    r"([^\s\"'`,;<>)]{4,})",
    I,
)
_SAID = re.compile(
    r"\bmy\s+(?:\w+\s+)?(?:password|passcode|pin|passphrase|api key|token)\s+(?:is|was)\s+[\"'`]?([^\s\"'`,;]{4,})", I
)
_PLACEHOLDERS = frozenset(
    "password secret token none null true false changeme example xxxx xxxxx xxxxxx your_api_key your-api-key "
    "<password> ******** ****** ***** redacted os.environ getenv env process.env required optional string "
    "str int self input wrong incorrect invalid expired correct right weak strong changed reset missing empty "
    "blank still".split()
)


class SecretRecognizer(RegexRecognizer):
    """Keys, tokens and passwords."""

    ENTITY = SECRET
    RULES = (
        # one literal of each _PREFIXED alternative (the pattern is case-sensitive)
        Rule("prefixed_key", _PREFIXED, 0.9,
             requires=Requires(cased("sk-", "_live_", "_test_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_",
                                     "glpat-", "AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA", "xox", "AIza", "hf_",
                                     "npm_", "SG.", "shpat_", "dop_v1_", "ya29."))),
        Rule("jwt", _JWT, 0.9, requires=Requires(cased("eyJ"))),
        Rule("private_key", _PRIVATE_KEY, 0.95, requires=Requires(cased("-----BEGIN "))),
        Rule("key_value", _KEY_VALUE, 0.75, group=1,
             requires=Requires(fragments(*_KEY_WORDS), on_folded(_KEYS + r"[\w.-]*?[\"']?\s*(?:=|:|=>|\bis\b)"))),
        Rule("stated", _SAID, 0.75, group=1,
             requires=Requires(any_word("password", "passcode", "pin", "passphrase", "api key", "token"))),
    )

    def accept(self, text: str, start: int, end: int) -> bool:
        value = text[start:end].strip(".")
        low = value.lower()
        if low in _PLACEHOLDERS or low.startswith(("os.", "process.", "env.", "settings.", "config.", "${", "{{")):
            return False
        if re.fullmatch(r"[*x.<>_-]+", low):
            return False
        # an identifier on the right-hand side of code (password = get_password()) is not a secret
        if re.fullmatch(r"[a-z_][a-z_]*(?:\.[a-z_][a-z0-9_]*)*\(?", low) and ("_" in low or "." in low):
            return False
        return True
