"""Surrogate providers, one small module per kind, registered by entity type on import.

To add a kind: write ``synth/providers/<kind>.py`` with a ``@register`` ``Provider``
subclass and add it to ``_MODULES`` (or import it yourself before use). The engine does
not change.
"""

from __future__ import annotations

import importlib

from .base import Draw, Provider, get_provider, register, registered_types

_MODULES = [
    "fallback",
    "person",
    "email",
    "phone",
    "credit_card",
    "iban",
    "ssn",
    "identifiers",
    "ip",
    "url",
    "username",
    "secret",
    "location",
    "postal",
    "address",
    "gps",
    "organization",
    "temporal",
]

for _m in _MODULES:
    importlib.import_module(f"{__name__}.{_m}")

__all__ = ["Draw", "Provider", "get_provider", "register", "registered_types"]
