"""Names written in Chinese, Japanese, Korean, Arabic or Devanagari script inside a message.

The English pipeline reads no name in these scripts, so only frames that mark a person count:

* a Japanese honorific after a name ("佐藤さん", "美咲ちゃん", "田中先生"; not "皆さま", "お客様");
* a Korean elder's or teacher's title after a full name of a common surname ("박영숙 어르신"), or
  a name said as oneself ("저는 김지현입니다");
* a Korean honorific after a name of two or three syllables ("지은 씨", "민수님"; not "어머님",
  "선생님": kin and roles take one too);
* an English frame around the name ("my grandma's name is 陈美玲", "my bf 민준's mum", "준호 is my
  boyfriend", "it's from प्रिया"), the frames of a name in Latin script;
* a name before its romanised form in brackets ("陈美玲 (Chen Meiling)");
* the Arabic vocative "يا" before a name ("يا ليلى"; not "يا رب", "يا جماعة");
* a Chinese name of a common surname addressed at the start of a quote or a line ("「王晓燕，下周六…");
* a Hindi name before a kin word or honorific ("प्रिया बेटा", "शर्मा जी"; not "आप जी") or before a
  family occasion ("रोहन की शादी").
"""

from __future__ import annotations

import re

import regex

from privacy.entities import PERSON
from privacy.detect.recognizers.base import RegexRecognizer, Rule
from privacy.detect.recognizers.prefilter import Requires
from privacy.detect.recognizers.prefilter import regex as has

# (and the other scripts a name comes in that the English pipeline cannot read: "my sister Ηλέκτρα",
# "named Наталья", "from ሰላማዊት", "שירה is my cousin")
_SCRIPTS = (r"\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Arabic}\p{Devanagari}\p{Greek}\p{Cyrillic}\p{Hebrew}\p{Ethiopic}"
            r"\p{Thai}\p{Bengali}\p{Tamil}\p{Gurmukhi}\p{Gujarati}\p{Georgian}\p{Armenian}")
_NAME = r"([" + _SCRIPTS + r"\p{M}][" + _SCRIPTS + r"\p{M}・ ]{0,10}[" + _SCRIPTS + r"\p{M}]|[\p{Han}\p{Hangul}]{2,4})"
_ANY_SCRIPT = regex.compile(r"[" + _SCRIPTS + r"]")
# a character outside Latin, general punctuation (’ “ …) and emoji: every character of _ANY_SCRIPT is
# one (tests/detect/test_prefilters.py checks every code point); ``re`` finds one ~30 times faster
_BEYOND_LATIN = re.compile(r"[^\x00-\u036f\u2000-\u206f\u2600-\u27bf\ufe00-\ufe0f\U0001f300-\U0001faff]")

# Japanese: a name (kanji or katakana, two to four) before an honorific; hiragana alone is a word
# ("みなさん"), and "皆", "お", "ご" open words of politeness, no names
_JA_HONORIFIC = regex.compile(r"(?<![\p{Han}\p{Katakana}])(?![皆お御ご])([\p{Han}\p{Katakana}ー]{2,4})(?:さん|ちゃん|くん|君|様|さま|先生|氏)")
# Korean: two or three syllables before 씨 or 님, no kin or role word ("어머님", "선생님", "고객님")
_KO_NOT_NAMES = frozenset("어머 아버 선생 사장 고객 부장 과장 팀장 회장 교수 원장 형 누 언니 오빠 할머 할아버 손 여러분 목사 신부 기사 작가 의사".split())
_KO_HONORIFIC = regex.compile(r"(?<!\p{Hangul})(\p{Hangul}{2,3})[ \t]?(?:씨|님)(?!\p{Hangul}{2})")
# Korean: a full name of a common surname and one or two syllables, before an elder's or a teacher's
# title ("박영숙 어르신", "김민수 선생님") or said as oneself ("저는 김지현입니다", "제 이름은 이서연이에요")
_KO_SURNAMES = "김이박최정강조윤장임한오서신권황안송전홍유고문양손배백허남심노하곽성차주우구민류나진지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예경봉사부가복태목형피두감음빈동온호범좌팽승간상갈서견당화창옹"
_KO_TITLED = regex.compile(r"(?<!\p{Hangul})([" + _KO_SURNAMES + r"]\p{Hangul}{1,2})[ \t]+(?:어르신|할머니|할아버지|선생님|원장님|님|씨)"
                        r"(?=[^\p{Hangul}]|$|의|께|은|는|이|가|을|를|에게)")
_KO_SELF = regex.compile(r"(?:저는|제[ \t]+이름은|(?:딸|아들|며느리|사위|손녀|손자|동생|언니|누나|형|오빠)[ \t]+)[ \t]*"
                         r"([" + _KO_SURNAMES + r"]\p{Hangul}{1,2})(?:입니다|이에요|예요|이라고|라고)")
# English frames: the name after a naming phrase or a relation, or before "is my <relation>"
_RELATION = (r"(?:mum|mom|mother|dad|father|grandma|grandmother|gran|granny|nana|grandpa|grandfather|aunt|aunty|auntie|"
             r"uncle|cousin|sister|brother|wife|husband|partner|boyfriend|girlfriend|bf|gf|son|daughter|friend|"
             r"best friend|boss|colleague|neighbou?r|teacher|flatmate|roommate|fianc[eé]e?)")
_AFTER_CUE = regex.compile(r"(?i:\b(?:name is|names are|named|called|from|sign it|signed|love,?|my[ \t]+" + _RELATION
                           + r"(?:['’]s[ \t]+name[ \t]+is)?))[ \t]+" + _NAME + r"(?=['’]s\b|[ \t]*[,.!?:;)(]|[ \t]+(?:and|is|was|'s)\b|$)",
                           regex.M)
_BEFORE_RELATION = regex.compile(_NAME + r"(?i:[ \t]+(?:is|was)[ \t]+my[ \t]+(?:\w+[ \t]+)?" + _RELATION + r")\b")
_ROMANISED_AFTER = regex.compile(r"(?<![" + _SCRIPTS + r"])([\p{Han}\p{Hangul}]{2,4})[ \t]*[(（][ \t]*\p{Lu}\p{Ll}+(?:[ \t-]\p{Lu}?\p{Ll}+){0,2}[ \t]*[)）]")
# Chinese: a name (one of the common surnames, then one or two characters) addressed at the start of
# a quote or a line, before its comma: "「王晓燕，下周六…", "“李明，你好”"
_ZH_SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢"
                "姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")
_ZH_VOCATIVE = regex.compile(r"(?:^|(?<=[「“\"『:：]))[ \t]*([" + _ZH_SURNAMES + r"]\p{Han}{1,2})[，,]", regex.M)
# Hindi: a name before a kin word or an honorific ("प्रिया बेटा", "रोहन भैया", "शर्मा जी") or before
# "की/का/के" and a family occasion ("रोहन की शादी": Rohan's wedding)
_HI_KIN = r"(?:जी|बेटा|बेटी|भैया|भाई|दीदी|बहन|साहब|चाचा|चाची|मामा|मामी|बुआ|मौसी)"
_HI_OCCASION = r"(?:की|का|के)[ \t]+(?:शादी|सगाई|बर्थडे|जन्मदिन|बारात|मेहंदी)"
_HI_NAME = regex.compile(r"(?<![\p{Devanagari}])(\p{Devanagari}{2,10})[ \t]+(?:" + _HI_KIN + r"|" + _HI_OCCASION
                         + r")(?![\p{Devanagari}])")
_HI_NOT_NAMES = frozenset("आप तुम मैं हम वो वह यह ये उस इस मेरे मेरी मेरा तेरे तेरी हमारे उनके उनकी".split())
# Arabic: the vocative "يا" before a name, not before a word of address ("رب" Lord, "جماعة" folks)
_AR_NOT_NAMES = frozenset("رب الله جماعة حبيبي حبيبتي شباب بنات اخي أخي اختي أختي عمي خالي ماما بابا امي أمي ابي أبي ولد بنت حلوة".split())
_AR_VOCATIVE = regex.compile(r"(?<!\p{Arabic})يا[ \t]+(\p{Arabic}{2,12})")


class ScriptNameRecognizer(RegexRecognizer):
    """Names in non-Latin scripts, by an honorific, an English frame or a vocative."""

    ENTITY = PERSON
    REQUIRES = Requires(has(_BEYOND_LATIN), has(_ANY_SCRIPT))
    RULES = (
        Rule("ja_honorific", _JA_HONORIFIC, 0.6, group=1),
        Rule("ko_honorific", _KO_HONORIFIC, 0.6, group=1),
        Rule("ko_titled", _KO_TITLED, 0.6, group=1),
        Rule("ko_self", _KO_SELF, 0.65, group=1),
        Rule("english_frame", _AFTER_CUE, 0.65, group=1),
        Rule("is_my_relation", _BEFORE_RELATION, 0.65, group=1),
        Rule("romanised", _ROMANISED_AFTER, 0.65, group=1),
        Rule("ar_vocative", _AR_VOCATIVE, 0.6, group=1),
        Rule("zh_vocative", _ZH_VOCATIVE, 0.6, group=1),
        Rule("hi_kin", _HI_NAME, 0.6, group=1),
    )

    def accept_rule(self, rule: Rule, text: str, start: int, end: int) -> bool:  # noqa: D102
        value = text[start:end].strip()
        if not _ANY_SCRIPT.search(value):
            return False
        if rule.name == "ko_titled":  # a full name of three syllables, no kin or role word ("어머님 어르신")
            return len(value) == 3 and value not in _KO_NOT_NAMES and value[:2] not in _KO_NOT_NAMES
        if rule.name == "ko_honorific":
            return value not in _KO_NOT_NAMES and value[:2] not in _KO_NOT_NAMES
        if rule.name == "ar_vocative":
            return value not in _AR_NOT_NAMES
        if rule.name == "hi_kin":
            return value not in _HI_NOT_NAMES
        return True
