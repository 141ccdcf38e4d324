"""Imported by every Python child whose PYTHONPATH starts with this folder: no network.

``socket.connect``/``connect_ex``/``sendto``, ``socket.create_connection`` and
``getaddrinfo``/``gethostbyname`` raise ``OSError`` for anything but a Unix socket,
and each attempt is appended (as its kind, never its target) to the file named by
``PRIVACY_NETGUARD_LOG``.
"""

import os
import socket

_LOG = os.environ.get("PRIVACY_NETGUARD_LOG")


def _record(kind: str) -> None:
    if _LOG:
        with open(_LOG, "a") as fh:
            fh.write(kind + "\n")


def _blocked(kind):
    def guard(*args, **kwargs):
        _record(kind)
        raise OSError(f"network blocked by test guard ({kind})")

    return guard


_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


def _connect(self, address):
    if self.family == socket.AF_UNIX:
        return _real_connect(self, address)
    _record("connect")
    raise OSError("network blocked by test guard (connect)")


def _connect_ex(self, address):
    if self.family == socket.AF_UNIX:
        return _real_connect_ex(self, address)
    _record("connect_ex")
    raise OSError("network blocked by test guard (connect_ex)")


socket.socket.connect = _connect
socket.socket.connect_ex = _connect_ex
socket.socket.sendto = _blocked("sendto")
socket.create_connection = _blocked("create_connection")
socket.getaddrinfo = _blocked("getaddrinfo")
socket.gethostbyname = _blocked("gethostbyname")
socket.gethostbyname_ex = _blocked("gethostbyname_ex")
_record("guard-installed")
