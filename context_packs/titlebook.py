"""The wordings new conversations' titles add, shared by every task of one pack build.

A title made of the fact's own words ("Playing cello") shows no template; one that adds a
head word of the contributor's titles ("Diabetes basics", "Pacemaker ideas") does when the
same head comes back. The tasks of one build are read side by side, so a ``TitleBook``
kept for the whole build lets each added head word be used once: the title takes the first
head, in its keyed order, that no new conversation of the build has used, and the fact's
words alone once every head has been used. The book also counts the grammatical shapes
(``voice.title_shape``: "Knitting scarf" and "Playing cello" are both "Ving N") the build's
titles have taken, so a title takes a shape not used yet while its fact offers one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class TitleBook:
    """The head words the build's new-conversation titles have added so far."""

    used: set[str] = field(default_factory=set)
    shapes: Counter = field(default_factory=Counter)  # grammatical shape -> titles of the build with it

    def copy(self) -> "TitleBook":
        return TitleBook(set(self.used), Counter(self.shapes))

    def take(self, heads_in_order: list[str]) -> str | None:
        """The first of ``heads_in_order`` not used yet in the build (now used), or None."""
        for head in heads_in_order:
            if head.lower() not in self.used:
                self.used.add(head.lower())
                return head
        return None
