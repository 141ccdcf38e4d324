"""Seeded generator of labelled synthetic chat data: PII of every supported type at known spans.

Used by the detection benchmark (``benchmarks/detection.py``), the detection quality test and
any test that needs a realistic ChatGPT export with known PII. Nothing here is real data:
values come from Faker (pinned) and small built-in name lists, drawn with a
``random.Random(seed)`` (never the global generator), so the same seed gives the same corpus.

API::

    from synth.testdata.labelled import generate, GoldSpan, LabelledText, LabelledCorpus

    corpus = generate(seed=7, sentences=1000, controls=100)
    corpus.contributor            # ingest.model.Contributor (names, emails, phones, other_names)
    corpus.custom_instructions    # [ingest.model.CustomInstructions] ("My name is ...")
    corpus.texts                  # list[LabelledText]: every message / memory text, in order
    for lt in corpus.texts:
        lt.text                   # str
        lt.spans                  # tuple[GoldSpan(start, end, entity_type, value, contributor: bool)]
        lt.control                # True: a PII-free control sentence (spans == ())
        lt.where                  # "message" | "memory"
    corpus.write_chatgpt_export(folder)   # conversations.json + user.json + memories.json; returns the folder

PII types follow ``privacy.entities``. Texts mix registers: chat messages, bullet lists, code
blocks with PII inside, memories ("User's sister is ..."), all-lower-case messages, and the
contributor's own name, e-mail and phone in many formats (case, possessive, digit grouping).
Person names come from many cultures; a cast of recurring people (family, friends, coworkers)
appears across conversations as in real histories, plus one-off names. Control sentences are
PII-free but full of traps (durations, brands, model names, code, hashes, versions, "Roth IRA").

(Over 400 lines: test data only, one template family per entity type; nothing here runs in a
scrub.)
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, field
from pathlib import Path

import orjson
from faker import Faker

from ingest.model import Contributor, CustomInstructions
from privacy import entities as E

_FAKER_LOCALES = ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "nl_NL", "pl_PL", "en_IN",
                  "sv_SE", "tr_TR", "en_AU", "en_CA", "es_MX", "fi_FI", "cs_CZ", "ro_RO", "da_DK"]
_ADDR_LOCALES = ["en_US", "en_US", "en_US", "en_GB", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "nl_NL",
                 "pl_PL", "en_AU", "en_CA"]
# romanised names the Faker locales above do not cover
_EXTRA_NAMES = {
    "zh": (["Wei", "Jing", "Li", "Xiaoming", "Mei", "Hao", "Yan", "Jun", "Lian", "Zhiwei"],
           ["Zhang", "Wang", "Chen", "Liu", "Huang", "Zhao", "Wu", "Zhou", "Xu", "Sun"]),
    "ja": (["Haruto", "Yui", "Sota", "Aoi", "Ren", "Hina", "Takeshi", "Yuki", "Kenji", "Sakura"],
           ["Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito", "Yamamoto", "Nakamura", "Kobayashi"]),
    "ko": (["Minjun", "Seoyeon", "Jiwoo", "Hyun", "Jisoo", "Donghyun", "Eunji"],
           ["Kim", "Park", "Choi", "Jung", "Kang", "Yoon", "Jang"]),
    "ng": (["Chinedu", "Adaeze", "Oluwaseun", "Ngozi", "Emeka", "Funmilayo", "Tunde", "Chiamaka", "Kelechi"],
           ["Okafor", "Adeyemi", "Nwosu", "Eze", "Balogun", "Okonkwo", "Abiodun", "Obi"]),
    "ar": (["Omar", "Layla", "Yusuf", "Fatima", "Khalid", "Amira", "Hassan", "Noor", "Tariq"],
           ["Haddad", "Al-Sayed", "Khoury", "Mansour", "Nasser", "Farouk", "Saleh"]),
    "sw": (["Amani", "Baraka", "Neema", "Juma", "Zawadi", "Imani"], ["Mwangi", "Otieno", "Kamau", "Wanjiru", "Njoroge"]),
    "vi": (["Minh", "Linh", "Quang", "Thao", "Duc", "Huong"], ["Nguyen", "Tran", "Le", "Pham", "Hoang", "Vu"]),
    "ru": (["Dmitri", "Anastasia", "Sergei", "Olga", "Mikhail", "Yekaterina"], ["Ivanov", "Petrova", "Smirnov", "Volkova", "Kuznetsov"]),
    "in": (["Priya", "Arjun", "Ananya", "Rohan", "Kavya", "Vikram", "Sneha"], ["Raman", "Iyer", "Sharma", "Patel", "Reddy", "Nair", "Gupta"]),
}
_RELATIONS = ["wife", "husband", "partner", "sister", "brother", "mom", "dad", "son", "daughter", "friend",
              "best friend", "coworker", "boss", "manager", "neighbor", "roommate", "cousin", "aunt", "uncle",
              "therapist", "doctor", "landlord", "colleague", "girlfriend", "boyfriend", "grandma", "niece", "tutor"]
_COMMON_WORD_NAMES = {"will", "may", "bill", "mark", "rose", "grace", "hope", "joy", "june", "april", "summer",
                      "dawn", "jack", "frank", "pat", "sue", "rob", "art", "gene", "ray", "sandy", "penny", "ruby",
                      "amber", "iris", "lily", "ivy", "jade", "pearl", "victor", "miles", "chase", "hunter", "drew",
                      "guy", "don", "ken", "max", "dean", "earl", "king", "scott", "wade", "carol", "angel", "glen",
                      "hazel", "nick", "tom", "terry", "violet", "robin", "sage", "river", "faith", "august"}


@dataclass(frozen=True)
class GoldSpan:
    """One known PII value: ``text[start:end] == value``."""

    start: int
    end: int
    entity_type: str
    value: str
    contributor: bool = False


@dataclass(frozen=True)
class LabelledText:
    text: str
    spans: tuple[GoldSpan, ...]
    control: bool = False
    where: str = "message"


@dataclass
class LabelledCorpus:
    seed: int
    contributor: Contributor
    custom_instructions: list[CustomInstructions]
    texts: list[LabelledText] = field(default_factory=list)

    @property
    def pii_texts(self) -> list[LabelledText]:
        return [t for t in self.texts if not t.control]

    @property
    def controls(self) -> list[LabelledText]:
        return [t for t in self.texts if t.control]

    def write_chatgpt_export(self, folder: str | Path, per_conversation: int = 8) -> Path:
        """Write ``conversations.json`` (messages alternate user/assistant, the custom
        instructions as a hidden ``user_editable_context`` message in the first one),
        ``user.json`` and ``memories.json`` (the ``/backend-api/memories`` shape)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        rng = random.Random(self.seed)
        messages = [t for t in self.texts if t.where == "message"]
        convs = []
        t0 = 1_735_689_600.0  # 2025-01-01
        for ci, i in enumerate(range(0, len(messages), per_conversation)):
            chunk = messages[i : i + per_conversation]
            cid = f"{ci:08x}-0000-4000-8000-{rng.getrandbits(48):012x}"
            mapping = {"client-created-root": {"id": "client-created-root", "message": None, "parent": None,
                                               "children": []}}
            parent = "client-created-root"
            t = t0 + ci * 86400.0

            def add(mid, role, content, hidden=False):
                nonlocal parent, t
                t += 30
                mapping[mid] = {"id": mid, "parent": parent, "children": [], "message": {
                    "id": mid, "author": {"role": role, "name": None, "metadata": {}}, "create_time": t,
                    "update_time": None, "content": content, "status": "finished_successfully",
                    "end_turn": role == "assistant", "weight": 1.0,
                    "metadata": {"is_visually_hidden_from_conversation": True} if hidden else {},
                    "recipient": "all", "channel": None}}
                mapping[parent]["children"].append(mid)
                parent = mid

            if ci == 0 and self.custom_instructions:
                add(f"ctx-{cid[:8]}", "system", {"content_type": "user_editable_context",
                                                 "user_profile": self.custom_instructions[0].about_user,
                                                 "user_instructions": self.custom_instructions[0].about_model},
                    hidden=True)
            for k, lt in enumerate(chunk):
                role = "user" if k % 2 == 0 else "assistant"
                add(f"m{k}-{cid[:8]}", role, {"content_type": "text", "parts": [lt.text]})
            convs.append({"title": f"Chat {ci + 1}", "create_time": t0 + ci * 86400.0, "update_time": t,
                          "mapping": mapping, "moderation_results": [], "current_node": parent,
                          "conversation_id": cid, "id": cid, "is_archived": False, "default_model_slug": "gpt-4o"})
        (folder / "conversations.json").write_bytes(orjson.dumps(convs, option=orjson.OPT_INDENT_2))
        user = {"id": f"user-{rng.getrandbits(64):016x}", "email": self.contributor.emails[0] if self.contributor.emails else None,
                "chatgpt_plus_user": True, "phone_number": self.contributor.phones[0] if self.contributor.phones else None}
        (folder / "user.json").write_bytes(orjson.dumps(user, option=orjson.OPT_INDENT_2))
        mems = [{"id": f"mem-{i:025d}", "content": t.text, "created_timestamp": t0 + i * 3600.0}
                for i, t in enumerate(x for x in self.texts if x.where == "memory")]
        (folder / "memories.json").write_bytes(orjson.dumps({"memories": mems}, option=orjson.OPT_INDENT_2))
        return folder


class _Builder:
    """Concatenates literal text and labelled values, recording spans."""

    def __init__(self):
        self.parts: list[str] = []
        self.spans: list[GoldSpan] = []
        self.pos = 0

    def lit(self, s: str) -> "_Builder":
        self.parts.append(s)
        self.pos += len(s)
        return self

    def val(self, etype: str, value: str, contributor: bool = False) -> "_Builder":
        self.spans.append(GoldSpan(self.pos, self.pos + len(value), etype, value, contributor))
        return self.lit(value)

    def build(self, lower: bool = False, where: str = "message") -> LabelledText:
        text = "".join(self.parts)
        if lower:
            text = text.lower()
            spans = tuple(GoldSpan(s.start, s.end, s.entity_type, text[s.start:s.end], s.contributor) for s in self.spans)
        else:
            spans = tuple(self.spans)
        return LabelledText(text, spans, where=where)


def _fill(b: _Builder, template: str, values: dict[str, tuple[str, str, bool]]) -> _Builder:
    """Template with ``{slot}`` markers; values map slot -> (entity_type, value, contributor)."""
    for literal, slot, _spec, _conv in string.Formatter().parse(template):
        if literal:
            b.lit(literal)
        if slot is None:
            continue
        etype, value, contrib = values[slot]
        if etype:
            b.val(etype, value, contrib)
        else:
            b.lit(value)
    return b


class _Gen:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.fakers = {loc: Faker(loc) for loc in sorted(set(_FAKER_LOCALES + _ADDR_LOCALES))}
        for n, loc in enumerate(sorted(self.fakers)):
            self.fakers[loc].seed_instance(seed * 1000 + n)
        self.cast = [self.new_person() for _ in range(24)]

    # --- values -------------------------------------------------------------------------
    def _name_parts(self) -> tuple[str, str]:
        r = self.rng
        for _ in range(20):
            if r.random() < 0.45:
                firsts, lasts = _EXTRA_NAMES[r.choice(sorted(_EXTRA_NAMES))]
                first, last = r.choice(firsts), r.choice(lasts)
            else:
                f = self.fakers[r.choice(_FAKER_LOCALES)]
                first, last = f.first_name(), f.last_name()
            if first.lower() not in _COMMON_WORD_NAMES and " " not in first and len(first) > 2:
                return first, last
        return first, last

    def new_person(self) -> tuple[str, str]:
        return self._name_parts()

    def person(self) -> tuple[str, str]:
        return self.rng.choice(self.cast) if self.rng.random() < 0.6 else self.new_person()

    def email(self, first: str | None = None, last: str | None = None) -> str:
        r = self.rng
        if first is None:
            first, last = self.person()
        dom = r.choice(["gmail.com", "yahoo.com", "outlook.com", "proton.me", "icloud.com", "hotmail.co.uk",
                        "web.de", "orange.fr", "acme-corp.com", "uni-hamburg.de", "example.org", "fastmail.com"])
        a, b = _ascii(first).lower(), _ascii(last).lower().replace(" ", "").replace("-", "")
        local = r.choice([f"{a}.{b}", f"{a}{b}", f"{a[0]}{b}", f"{a}_{b}{r.randint(1, 99)}", f"{b}.{a}", f"{a}{r.randint(70, 2005)}"])
        return f"{local}@{dom}"

    def phone(self) -> str:
        r = self.rng
        d = lambda n: "".join(str(r.randint(0, 9)) for _ in range(n))  # noqa: E731
        area = str(r.randint(201, 989))
        return r.choice([
            f"({area}) 555-{d(4)}", f"{area}-555-{d(4)}", f"+1 {area} 555 {d(4)}", f"{area}.555.{d(4)}",
            f"+44 20 {d(4)} {d(4)}", f"07{d(3)} {d(6)}", f"+49 30 {d(8)}", f"+49 151 {d(8)}",
            f"+33 6 {d(2)} {d(2)} {d(2)} {d(2)}", f"06 {d(2)} {d(2)} {d(2)} {d(2)}", f"+91 98{d(3)} {d(5)}",
            f"+55 11 9{d(4)}-{d(4)}", f"+81 90-{d(4)}-{d(4)}", f"+234 803 {d(3)} {d(4)}", f"+61 4{d(2)} {d(3)} {d(3)}",
        ])

    def address(self) -> tuple[str, str, str]:
        """(street line, city, postcode)"""
        f = self.fakers[self.rng.choice(_ADDR_LOCALES)]
        street = " ".join(f.street_address().replace("\n", ", ").split())
        if f.locales[0] in ("en_US", "en_GB", "en_CA", "en_AU") and self.rng.random() < 0.3 and "Apt" not in street:
            street += self.rng.choice([", Apt ", ", Suite ", ", Unit ", " #"]) + str(self.rng.randint(1, 999)) + self.rng.choice(["", "B"])
        return street, self.city(f), f.postcode()

    def city(self, f: Faker) -> str:
        """A city of the Faker's locale. Locales that list their cities (it_IT builds that list
        from a set, so its order follows PYTHONHASHSEED) are drawn from the sorted list."""
        loc = f.locales[0]
        try:
            cities = __import__(f"faker.providers.address.{loc}", fromlist=["Provider"]).Provider.cities
        except (ImportError, AttributeError):
            return f.city()
        return self.rng.choice(sorted(set(cities)))

    def card(self) -> str:
        raw = self.fakers["en_US"].credit_card_number(card_type=self.rng.choice(["visa16", "mastercard", "amex", "discover"]))
        if self.rng.random() < 0.5 and len(raw) == 16:
            return " ".join(raw[i : i + 4] for i in range(0, 16, 4))
        return raw

    def iban(self) -> str:
        f = self.fakers[self.rng.choice(["de_DE", "fr_FR", "en_GB", "nl_NL", "es_ES", "it_IT"])]
        iban = f.iban()
        return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4)) if self.rng.random() < 0.4 else iban

    def digits(self, n: int) -> str:
        return str(self.rng.randint(1, 9)) + "".join(str(self.rng.randint(0, 9)) for _ in range(n - 1))

    def ip(self) -> str:
        f = self.fakers["en_US"]
        return f.ipv6() if self.rng.random() < 0.2 else (f.ipv4_private() if self.rng.random() < 0.5 else f.ipv4_public())

    def handle(self, first: str, last: str) -> str:
        a, b = _ascii(first).lower(), _ascii(last).lower().replace(" ", "")
        return self.rng.choice([f"{a}_{b}", f"{a}{self.rng.randint(1, 99)}", f"{a[0]}{b}{self.rng.randint(0, 9)}",
                                f"the_real_{a}", f"{b}.{a}", f"{a}{b}"])

    def secret(self) -> str:
        r = self.rng
        al = string.ascii_letters + string.digits
        s = lambda n, a=al: "".join(r.choice(a) for _ in range(n))  # noqa: E731
        return r.choice([
            f"sk-proj-{s(40)}", f"sk-{s(48)}", f"ghp_{s(36)}", f"AKIA{s(16, string.ascii_uppercase + string.digits)}",
            f"xoxb-{s(11, string.digits)}-{s(24)}", f"eyJhbGciOiJIUzI1NiJ9.eyJ{s(30)}.{s(43)}", f"sk_live_{s(24)}",
            f"AIza{s(35)}", f"glpat-{s(20)}", f"hf_{s(34)}",
        ])

    def password(self) -> str:
        r = self.rng
        return r.choice(["Hunter", "Sunset", "Tiger", "Maple", "Orion", "blue", "Kiwi"]) + r.choice(["!", "#", "_", ""]) + \
            str(r.randint(10, 9999)) + r.choice(["", "$", "xy", "Q"])

    def gps(self) -> str:
        r = self.rng
        lat, lon = r.uniform(-60, 70), r.uniform(-170, 170)
        return r.choice([f"{lat:.4f}, {lon:.4f}", f"{lat:.6f},{lon:.6f}", f"{abs(lat):.5f}° {'N' if lat >= 0 else 'S'}, {abs(lon):.5f}° {'E' if lon >= 0 else 'W'}"])

    def account(self) -> str:
        r = self.rng
        L = lambda n: "".join(r.choice(string.ascii_uppercase) for _ in range(n))  # noqa: E731
        return r.choice([f"{L(3)}-{self.digits(6)}", self.digits(9), f"{L(2)}{self.digits(7)}", f"{self.digits(4)}-{self.digits(4)}-{self.digits(2)}",
                         f"{L(1)}{self.digits(8)}", f"{self.digits(3)}-{L(2)}-{self.digits(5)}"])

    def plate(self) -> str:
        r = self.rng
        L = lambda n: "".join(r.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(n))  # noqa: E731
        return r.choice([f"{r.randint(1, 9)}{L(3)}{self.digits(3)}", f"{L(2)}{r.randint(10, 99)} {L(3)}", f"{L(3)}-{self.digits(4)}",
                         f"{L(1)}-{L(2)} {r.randint(100, 9999)}", f"{L(3)} {self.digits(3)}"])

    def date_specific(self) -> str:
        r = self.rng
        m = r.choice(["January", "February", "March", "April", "June", "July", "September", "October", "November", "December"])
        return r.choice([f"{m} {r.randint(1, 28)}, {r.randint(2018, 2026)}", f"{r.randint(1, 28)} {m} {r.randint(2018, 2026)}",
                         f"{r.randint(2018, 2026)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"])

    def dob(self) -> str:
        r = self.rng
        y, mo, d = r.randint(1940, 2015), r.randint(1, 12), r.randint(1, 28)
        mn = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][mo - 1]
        return r.choice([f"{mn} {d}, {y}", f"{d} {mn} {y}", f"{y}-{mo:02d}-{d:02d}", f"{mo:02d}/{d:02d}/{y}", f"{d}.{mo}.{y}"])


def _ascii(s: str) -> str:
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", s) if c.isascii() and (c.isalnum() or c in " -")) or "x"


# --- templates ----------------------------------------------------------------------------
# Each template maker returns (template, values); values map slot -> (entity_type or "", text, contributor).

def _t_person(g: _Gen):
    first, last = g.person()
    rel = g.rng.choice(_RELATIONS)
    full = f"{first} {last}"
    P = (E.PERSON, full, False)
    F = (E.PERSON, first, False)
    return g.rng.choice([
        ("My {rel} {p} keeps asking me to help plan the trip. Any ideas for a three-day itinerary?", {"rel": ("", rel, False), "p": P}),
        ("Can you draft a polite email to {p} saying I can't make the meeting on Thursday?", {"p": P}),
        ("{f} said the report needs more charts, what would you add?", {"f": F}),
        ("I had a fight with {f} yesterday and I don't know how to apologize.", {"f": F}),
        ("Write a birthday poem for {f}, she loves gardening and old jazz records.", {"f": F}),
        ("Meeting notes: attendees {p}, {q}. Action items: update the roadmap.", {"p": P, "q": (E.PERSON, " ".join(g.person()), False)}),
        ("- {p} (my {rel})\n- budget: flexible\n- dietary: vegetarian", {"p": P, "rel": ("", rel, False)}),
        ("Dear {p},\n\nThank you for the quick turnaround on the invoice.\n\nBest regards", {"p": P}),
        ("How do I tell {f} that I want to move out without hurting her feelings?", {"f": F}),
        ("```python\ncustomer = {{\"name\": \"{p}\", \"tier\": \"gold\"}}\n```\nwhy does this raise a KeyError?", {"p": P}),
        ("{f} and I are planning a surprise party for {g}, what games work for adults?", {"f": F, "g": (E.PERSON, g.person()[0], False)}),
        ("My {rel}, {p}, just got promoted. What's a good congratulations gift?", {"rel": ("", rel, False), "p": P}),
        ("I'm mentoring {p} this quarter; suggest a reading list on system design.", {"p": P}),
        ("Can you summarise what {f} wrote in this message and suggest a reply?", {"f": F}),
        ("Translate to Spanish: \"{f} will pick up the kids at five.\"", {"f": F}),
    ])


def _t_email(g: _Gen):
    first, last = g.person()
    em = (E.EMAIL_ADDRESS, g.email(first, last), False)
    return g.rng.choice([
        ("Send the draft to {e} when it's ready.", {"e": em}),
        ("Her email is {e}, can you write a short intro message?", {"e": em}),
        ("```\nSMTP_USER={e}\nSMTP_HOST=smtp.mailserver.net\n```\nthe login keeps failing", {"e": em}),
        ("- contact: {e}\n- role: treasurer", {"e": em}),
        ("I got a weird message from {e} asking for gift cards, is it a scam?", {"e": em}),
    ])


def _t_phone(g: _Gen):
    ph = (E.PHONE_NUMBER, g.phone(), False)
    return g.rng.choice([
        ("Call the clinic at {ph} to reschedule, can you write what I should say?", {"ph": ph}),
        ("My landlord's number is {ph}, draft a text about the broken heater.", {"ph": ph}),
        ("phone: {ph}\nnotes: prefers texts after 6pm", {"ph": ph}),
        ("The plumber gave me {ph} but nobody answers, what else can I do?", {"ph": ph}),
        ("You can reach me on WhatsApp at {ph}.", {"ph": ph}),
    ])


def _t_address(g: _Gen):
    street, city, post = g.address()
    S, C, Z = (E.STREET_ADDRESS, street, False), (E.LOCATION, city, False), (E.POSTAL_CODE, post, False)
    return g.rng.choice([
        ("I just moved to {s}, {c} {z} and need to update my address everywhere. Make me a checklist.", {"s": S, "c": C, "z": Z}),
        ("Ship it to {s}, {z} {c}.", {"s": S, "z": Z, "c": C}),
        ("Write a letter to the council about the potholes outside {s}.", {"s": S}),
        ("Shipping address:\n{s}\n{c}, {z}", {"s": S, "c": C, "z": Z}),
        ("My new flat is at {s}. How do I set up internet there?", {"s": S}),
        ("The party is at {s} in {c}, can you write the invitation?", {"s": S, "c": C}),
        ("```json\n{{\"street\": \"{s}\", \"city\": \"{c}\", \"zip\": \"{z}\"}}\n```\nvalidate this with pydantic", {"s": S, "c": C, "z": Z}),
    ])


def _t_location(g: _Gen):
    c = (E.LOCATION, g.city(g.fakers[g.rng.choice(_ADDR_LOCALES)]), False)
    return g.rng.choice([
        ("I live in {c} and want to find a running club nearby.", {"c": c}),
        ("We're relocating to {c} next spring, what neighborhoods are family-friendly?", {"c": c}),
    ])


def _t_postal(g: _Gen):
    z = (E.POSTAL_CODE, g.address()[2], False)
    return g.rng.choice([("My zip code is {z}, which polling station is mine?", {"z": z}),
                         ("postcode: {z}", {"z": z}), ("Is delivery available for postal code {z}?", {"z": z})])


def _t_card(g: _Gen):
    c = (E.CREDIT_CARD, g.card(), False)
    return g.rng.choice([("I was charged twice on my card {c}, write a dispute letter.", {"c": c}),
                         ("card number: {c} exp 09/27", {"c": c}),
                         ("Why does my Visa {c} get declined online?", {"c": c})])


def _t_iban(g: _Gen):
    i = (E.IBAN_CODE, g.iban(), False)
    return g.rng.choice([("Please wire the deposit to IBAN {i}.", {"i": i}), ("My IBAN is {i}, is that the right format for SEPA?", {"i": i}),
                         ("- IBAN: {i}\n- reference: rent", {"i": i})])


def _t_bank(g: _Gen):
    a = (E.US_BANK_NUMBER, g.digits(g.rng.randint(9, 12)), False)
    return g.rng.choice([("My checking account number is {a}, how do I set up direct deposit?", {"a": a}),
                         ("bank account: {a} (routing is on the form)", {"a": a})])


def _t_ssn(g: _Gen):
    s = (E.US_SSN, g.fakers["en_US"].ssn(), False)
    return g.rng.choice([("My SSN is {s}, do I put it on the W-4?", {"s": s}), ("ssn: {s}", {"s": s}),
                         ("The form asks for social security number {s} twice, is that normal?", {"s": s})])


def _t_passport(g: _Gen):
    p = (E.US_PASSPORT, g.rng.choice([g.digits(9), "A" + g.digits(8), "X" + g.digits(7) + "C"]), False)
    return g.rng.choice([("My passport number is {p} and it expires soon, how do I renew?", {"p": p}),
                         ("passport no. {p}", {"p": p})])


def _t_license(g: _Gen):
    r = g.rng
    d = (E.US_DRIVER_LICENSE, r.choice(["D" + g.digits(7), g.digits(9), "S" + g.digits(3) + "-" + g.digits(4) + "-" + g.digits(4)]), False)
    return r.choice([("My driver's license number is {d}, the DMV form rejects it.", {"d": d}),
                     ("DL# {d}", {"d": d})])


def _t_ip(g: _Gen):
    i = (E.IP_ADDRESS, g.ip(), False)
    return g.rng.choice([("My home server is at {i}, why can't I ssh into it?", {"i": i}),
                         ("```bash\nssh admin@{i} -p 2222\n```\ntimes out", {"i": i}),
                         ("The router shows my IP as {i}.", {"i": i})])


def _t_url(g: _Gen):
    first, last = g.person()
    h = g.handle(first, last).replace(".", "-")
    u = (E.URL, g.rng.choice([f"https://www.linkedin.com/in/{h}", f"https://github.com/{h.replace('-', '')}",
                              f"https://calendly.com/{h}/30min", f"https://instagram.com/{h.replace('-', '_')}",
                              f"https://example-shop.com/track?email={g.email(first, last)}"]), False)
    return g.rng.choice([("Can you review my profile {u} and suggest improvements?", {"u": u}),
                         ("Book a slot here: {u}", {"u": u}), ("- profile: {u}", {"u": u})])


def _t_username(g: _Gen):
    first, last = g.person()
    h = g.handle(first, last)
    r = g.rng
    return r.choice([("Follow me @{h} for updates!", {"h": (E.USERNAME, h, False)}),
                     ("My username is {h} but I forgot the password.", {"h": (E.USERNAME, h, False)}),
                     ("my discord is {h}, add me", {"h": (E.USERNAME, h, False)}),
                     ("@{h} said the build is green again", {"h": (E.USERNAME, h, False)})])


def _t_secret(g: _Gen):
    r = g.rng
    if r.random() < 0.35:
        pw = (E.SECRET, g.password(), False)
        return r.choice([("```\nDB_PASSWORD={pw}\nDB_HOST=localhost\n```\nwhy won't it connect?", {"pw": pw}),
                         ("my wifi password is {pw}, is it strong enough?", {"pw": pw}),
                         ("password: {pw}", {"pw": pw})])
    k = (E.SECRET, g.secret(), False)
    return r.choice([("```python\nclient = OpenAI(api_key=\"{k}\")\n```\nthis gives 401", {"k": k}),
                     ("export GITHUB_TOKEN={k}", {"k": k}), ("I accidentally pasted {k} in a public repo, what now?", {"k": k}),
                     ("Authorization: Bearer {k}", {"k": k})])


def _t_gps(g: _Gen):
    c = (E.GPS_COORDINATES, g.gps(), False)
    return g.rng.choice([("Meet me at {c}, it's the trailhead.", {"c": c}), ("The photo's GPS says {c}, where is that?", {"c": c}),
                         ("coordinates: {c}", {"c": c})])


def _t_account(g: _Gen):
    a = (E.ACCOUNT_NUMBER, g.account(), False)
    ctx = g.rng.choice(["policy number", "member ID", "case number", "medical record number", "MRN", "claim number",
                        "account number", "customer ID", "membership number", "policy #"])
    return g.rng.choice([("My {ctx} is {a}, can you write an appeal letter?", {"ctx": ("", ctx, False), "a": a}),
                         ("{ctx}: {a}", {"ctx": ("", ctx.capitalize(), False), "a": a}),
                         ("They asked for my {ctx} ({a}) again on the phone.", {"ctx": ("", ctx, False), "a": a})])


def _t_plate(g: _Gen):
    p = (E.VEHICLE_PLATE, g.plate(), False)
    return g.rng.choice([("Someone hit my car, license plate {p}, what do I tell the insurer?", {"p": p}),
                         ("My car's registration is {p}.", {"p": p}), ("plate: {p}", {"p": p})])


def _t_dob(g: _Gen):
    d = (E.DATE_OF_BIRTH, g.dob(), False)
    return g.rng.choice([("I was born on {d}, what's my zodiac sign?", {"d": d}), ("DOB: {d}", {"d": d}),
                         ("My date of birth is {d} — when can I start drawing my pension?", {"d": d})])


def _t_age(g: _Gen):
    a = (E.AGE, str(g.rng.randint(2, 88)), False)
    return g.rng.choice([("I'm {a} and thinking of learning piano, is it too late?", {"a": a}),
                         ("My daughter is {a} years old, what books would she like?", {"a": a}),
                         ("As a {a}-year-old beginner, how should I start lifting?", {"a": a})])


def _t_date(g: _Gen):
    d = (E.DATE_TIME, g.date_specific(), False)
    return g.rng.choice([("The contract started on {d}; how much notice do I need to give?", {"d": d}),
                         ("My flight is on {d}, what should I pack?", {"d": d})])


_TEMPLATES = {
    E.PERSON: (_t_person, 5), E.EMAIL_ADDRESS: (_t_email, 2), E.PHONE_NUMBER: (_t_phone, 2),
    E.STREET_ADDRESS: (_t_address, 3), E.LOCATION: (_t_location, 1), E.POSTAL_CODE: (_t_postal, 1),
    E.CREDIT_CARD: (_t_card, 1), E.IBAN_CODE: (_t_iban, 1), E.US_BANK_NUMBER: (_t_bank, 1), E.US_SSN: (_t_ssn, 1),
    E.US_PASSPORT: (_t_passport, 1), E.US_DRIVER_LICENSE: (_t_license, 1), E.IP_ADDRESS: (_t_ip, 1),
    E.URL: (_t_url, 1), E.USERNAME: (_t_username, 1), E.SECRET: (_t_secret, 1), E.GPS_COORDINATES: (_t_gps, 1),
    E.ACCOUNT_NUMBER: (_t_account, 1), E.VEHICLE_PLATE: (_t_plate, 1), E.DATE_OF_BIRTH: (_t_dob, 1),
    E.AGE: (_t_age, 1), E.DATE_TIME: (_t_date, 1),
}

_CONTROLS = [
    "It took about twenty minutes to boil, so I left it for 8 years... kidding, a moment.",
    "Should I put more into my Roth IRA or my 401(k) this year?",
    "Can you explain the difference between GPT-4 and Claude for coding tasks?",
    "Rewrite this Python function to use a list comprehension instead of a for loop.",
    "The commit hash is 9f86d081884c7d659a2feaa0c55ad015 and the build number is 20240115.",
    "What's a good stretching routine I can do in ten minutes every morning?",
    "Explain Rust's borrow checker like I'm new to systems programming.",
    "My sourdough starter doubled in 6 hours today, is that normal?",
    "Summarize the plot of Hamlet in three sentences.",
    "How many calories are in two eggs and a slice of toast?",
    "Convert 3.5 cups of flour to grams.",
    "Give me a weekly meal plan for someone who is vegetarian and busy.",
    "Why does `np.arange(0, 1, 0.1)` return 10 elements and not 11?",
    "What's the best way to learn TypeScript if I already know JavaScript?",
    "Set a reminder structure for studying 45 minutes on, 15 minutes off.",
    "Use Docker Compose to run Postgres and Redis locally.",
    "How long should I steep green tea, two or three minutes?",
    "The error says `KeyError: 'user_id'` on line 42 of handlers.py.",
    "Compare index funds and ETFs for a long-term portfolio.",
    "I've been running for 3 years and want to try a half marathon this spring.",
    "Make this paragraph sound more confident without changing its meaning.",
    "What does HTTP status 429 mean and how do I back off properly?",
    "Suggest five names for a cozy bookstore café.",
    "Is it okay to water succulents once a week in summer?",
    "Write a haiku about autumn rain on a tin roof.",
    "Version 3.11.7 fixed the bug, but 3.12.0 reintroduced it.",
    "Explain the Pomodoro technique in one paragraph.",
    "Our team uses Jira and Slack; how can we cut meeting time in half?",
    "What's the time complexity of quicksort in the worst case?",
    "Teach me the basics of chess openings for beginners.",
    "Call `df.groupby('region').sum()` and then sort by revenue.",
    "Should I use SQLite or PostgreSQL for a small side project?",
    "How do I fix a leaking kitchen faucet without calling anyone?",
    "My toddler sleeps only forty minutes at a time during the day.",
    "Draft a two-week workout plan with three sessions a week.",
    "What were the main causes of the French Revolution?",
    "Make a packing list for a weekend camping trip.",
    "Explain what a mortgage APR is compared to the interest rate.",
    "The sha256 is e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.",
    "Which is healthier, brown rice or quinoa?",
    "Help me write a cover letter opening that isn't cliché.",
    "Why is my React component rendering twice in development?",
    "I need a recipe that uses leftover roast chicken and rice.",
    "Recommend a few podcasts about behavioral economics.",
    "In Kubernetes, what's the difference between a Deployment and a StatefulSet?",
    "Our meeting went on for an hour and a half again.",
    "What's a polite way to decline a wedding invitation?",
    "Give me three tips for better sleep hygiene.",
    "Run `pip install -r requirements.txt` inside the virtualenv first.",
    "The quarterly numbers improved by 12 percent over last year.",
]


def _contributor_text(g: _Gen, first: str, last: str, email: str, phone: str) -> LabelledText:
    r = g.rng
    b = _Builder()
    full = f"{first} {last}"
    variant = r.randrange(9)
    if variant == 0:
        _fill(b, "Hi, I'm {f}. Can you help me plan my week?", {"f": (E.PERSON, first, True)})
    elif variant == 1:
        _fill(b, "Sign this cover letter as {p}, with my email {e}.", {"p": (E.PERSON, full, True), "e": (E.EMAIL_ADDRESS, email, True)})
    elif variant == 2:
        _fill(b, "{p}'s resume needs a stronger summary line.", {"p": (E.PERSON, r.choice([full, full.upper(), first]), True)})
    elif variant == 3:
        digits = "".join(c for c in phone if c.isdigit())
        _fill(b, "text me at {ph} if the order ships", {"ph": (E.PHONE_NUMBER, r.choice([digits, phone.replace(" ", "-"), phone.replace(" ", "")]), True)})
    elif variant == 4:
        _fill(b, "my name is {p} and i need a formal bio", {"p": (E.PERSON, full.lower(), True)})
    elif variant == 5:
        _fill(b, "Add {e} to the mailing list and CC {f}.", {"e": (E.EMAIL_ADDRESS, email.upper() if r.random() < 0.3 else email, True), "f": (E.PERSON, first, True)})
    elif variant == 6:
        _fill(b, "Write a toast from {f} {l} to the team.", {"f": (E.PERSON, first, True), "l": (E.PERSON, last, True)})
    elif variant == 7:
        _fill(b, "```python\nAUTHOR = \"{p}\"\nCONTACT = \"{e}\"\n```", {"p": (E.PERSON, full, True), "e": (E.EMAIL_ADDRESS, email, True)})
    else:
        _fill(b, "Is \"{l}\" a common surname where I live?", {"l": (E.PERSON, last.upper() if r.random() < 0.5 else last, True)})
    return b.build()


def generate(seed: int = 7, sentences: int = 1000, controls: int | None = None, memory_share: float = 0.15,
             lower_share: float = 0.06, contributor_share: float = 0.08) -> LabelledCorpus:
    """A labelled corpus of ``sentences`` PII-bearing texts and ``controls`` PII-free ones
    (default: one per ten PII texts, at least 20), seeded by ``seed``."""
    g = _Gen(seed)
    r = g.rng
    first, last = g.new_person()
    email = g.email(first, last)
    phone = g.phone()
    family = [f"{g.new_person()[0]} {last}" for _ in range(2)]
    contributor = Contributor(user_id=f"user-{seed:08d}", names=(f"{first} {last}",), emails=(email,), phones=(phone,),
                              other_names=tuple(family))
    ci = CustomInstructions(about_user=f"My name is {first} {last}. I work as a nurse and I like concise answers.",
                            about_model="Be brief.")
    texts: list[LabelledText] = []
    types = sorted(_TEMPLATES)
    weights = [_TEMPLATES[t][1] for t in types]
    n_controls = controls if controls is not None else max(20, sentences // 10)
    control_at = set(r.sample(range(sentences + n_controls), n_controls))
    ci_idx = 0
    for i in range(sentences + n_controls):
        if i in control_at:
            base = _CONTROLS[ci_idx % len(_CONTROLS)]
            ci_idx += 1
            texts.append(LabelledText(base, (), control=True))
            continue
        if r.random() < contributor_share:
            texts.append(_contributor_text(g, first, last, email, phone))
            continue
        etype = r.choices(types, weights)[0]
        template, values = _TEMPLATES[etype][0](g)
        where = "message"
        if r.random() < memory_share and "\n" not in template and etype != E.SECRET:
            template, where = "User's note: " + template, "memory"
        lower = r.random() < lower_share and "```" not in template
        texts.append(_fill(_Builder(), template, values).build(lower=lower, where=where))
    return LabelledCorpus(seed=seed, contributor=contributor, custom_instructions=[ci], texts=texts)
