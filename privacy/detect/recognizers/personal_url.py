"""URLs that carry personal identifiers: profile pages, payment handles, links with
e-mail/name/user parameters. Plain documentation or product URLs are not PII."""

from __future__ import annotations

import re

from privacy.entities import URL
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule
from privacy.detect.recognizers.prefilter import Requires, words

_PROFILE_HOSTS = (
    r"(?:linkedin\.com/(?:in|pub)/|github\.com/(?!(?:orgs|topics|features|marketplace|pricing|about|settings|"
    r"login|explore|sponsors)\b)[A-Za-z0-9_-]+/?(?=$|[\s)\]>\"'.,;])|gitlab\.com/[A-Za-z0-9_.-]+/?(?=$|[\s)\]>\"'.,;])|"
    r"(?:twitter|x)\.com/[A-Za-z0-9_]+|instagram\.com/|facebook\.com/|fb\.com/|tiktok\.com/@|"
    r"reddit\.com/u(?:ser)?/|medium\.com/@|youtube\.com/(?:@|c/|user/|channel/)|twitch\.tv/|"
    r"calendly\.com/|venmo\.com/|paypal\.me/|cash\.app/|t\.me/|wa\.me/|keybase\.io/|about\.me/|"
    r"linktr\.ee/|behance\.net/|dribbble\.com/|soundcloud\.com/|patreon\.com/|buymeacoffee\.com/|"
    r"ko-fi\.com/|substack\.com/@|[a-z0-9-]+\.substack\.com|mastodon\.[a-z]+/@|bsky\.app/profile/|"
    r"stackoverflow\.com/users/|kaggle\.com/|strava\.com/athletes/|goodreads\.com/user/|"
    r"zoom\.us/j/|meet\.google\.com/|docs\.google\.com/|drive\.google\.com/|dropbox\.com/s/|onedrive\.live\.com/)"
)
_URL_PROFILE = re.compile(r"\b(?:https?://)?(?:www\.|m\.|mobile\.)?" + _PROFILE_HOSTS + r"[^\s<>\"'`)\]]*", I)
_URL_PARAM = re.compile(
    r"\bhttps?://[^\s<>\"'`]*[?&](?:e?mail|email_address|name|first_?name|last_?name|full_?name|user(?:name)?|"
    r"uid|user_?id|phone|tel|address|token|key|api_?key|session|sid|auth|code|ssn|dob)=[^\s<>\"'`]+",
    I,
)


class PersonalUrlRecognizer(RegexRecognizer):
    """Profile and payment links, meeting links, and URLs with identifying query parameters."""

    ENTITY = URL
    RULES = (
        # every host above ends in one of these (".substack.com" and "mastodon.<tld>/@" aside)
        Rule("profile", _URL_PROFILE, 0.75,
             requires=Requires(words(".com/", ".tv/", ".me/", ".app/", ".io/", ".ee/", ".net/", ".us/", "substack.com",
                                     "mastodon."))),
        Rule("identifying_param", _URL_PARAM, 0.75, requires=Requires(words("http"))),
    )

    def accept(self, text: str, start: int, end: int) -> bool:
        # Trim trailing sentence punctuation out of the span by refusing spans that are only a host.
        return end - start > 8
