"""CLI commands, one module each, each exposing ``register(app)``.

Add a command by adding its module name here; ``privacy.cli`` imports them in order.
"""

COMMAND_MODULES: list[str] = ["version", "scrub", "inspect", "pack", "audit", "review"]
