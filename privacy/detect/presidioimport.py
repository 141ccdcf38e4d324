"""Import Presidio without importing every predefined recognizer.

``presidio_analyzer``'s ``__init__`` imports ``predefined_recognizers``, whose package files import
all ~100 predefined recognizer classes. Most of them are never used here. One is costly:
``UrlRecognizer``'s class body validates four patterns that list every top-level domain with the
``regex`` module. That takes 0.12-0.19 s of a scrub's start-up, and the detector removes that
recognizer anyway. ``import_presidio`` puts lazy stand-ins in ``sys.modules`` for the two
package files that import it, ``predefined_recognizers/__init__.py`` and
``predefined_recognizers/generic/__init__.py``, before Presidio is imported. Each stand-in reads
its package file's statements (``ast``) and imports a class the first time it is asked for,
from the module the file names. A name the file binds to a literal (``__all__``,
``PREDEFINED_RECOGNIZERS``) is set at once. Any other binding (``NLP_RECOGNIZERS``) is evaluated
when first read. Submodules and subpackages import as usual, under their real names.

Presidio's loader finds a recognizer class among the loaded subclasses of
``EntityRecognizer`` (``RecognizerListLoader``). So the loader is taught the lazy names:
looking up a class by name first imports the predefined class of that name, and listing every
class first imports every predefined one. ``RecognizerRegistry.load_predefined_recognizers``
and a YAML configuration therefore give what they gave before (``benchmarks/throughput.py``'s
plain Presidio side, for one). ``load_predefined`` is that method, less the recognizers named in
``exclude``, which are then neither imported nor built. Same classes, same objects, same order
as loading every one and then removing those (tests/detect/test_startup_paths.py).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import sys
import threading
import types

PACKAGE = "presidio_analyzer.predefined_recognizers"
LAZY = (PACKAGE, PACKAGE + ".generic")


class LazyPackage(types.ModuleType):
    """A package whose ``__init__`` only imports names: each is imported when first read."""

    def __init__(self, name: str, init_file: str):
        super().__init__(name)
        folder = os.path.dirname(init_file)
        self.__file__ = init_file
        self.__path__ = [folder]
        self.__package__ = name
        self.__spec__ = importlib.util.spec_from_file_location(name, init_file, submodule_search_locations=[folder])
        self.__loader__ = self.__spec__.loader
        self._lazy_from: dict[str, tuple[str, str]] = {}  # name -> (module, attribute)
        self._lazy_expr: dict[str, ast.expr] = {}  # name -> expression over other names
        self._lazy_lock = threading.RLock()
        with open(init_file, encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), init_file)
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                base = importlib.util.resolve_name("." * node.level + (node.module or ""), name) if node.level \
                    else node.module
                for alias in node.names:
                    if alias.name == "*":
                        raise ImportError(f"{name}: a star import a lazy package cannot defer (line {node.lineno})")
                    self._lazy_from[alias.asname or alias.name] = (base, alias.name)
            elif isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets):
                try:
                    value = ast.literal_eval(node.value)
                except ValueError:
                    for t in node.targets:
                        self._lazy_expr[t.id] = node.value
                else:
                    for t in node.targets:
                        setattr(self, t.id, value)
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                self.__doc__ = node.value.value
            else:
                raise ImportError(f"{name}: a statement a lazy package cannot defer (line {node.lineno})")

    def __getattr__(self, name: str):
        with self._lazy_lock:
            if name in self.__dict__:
                return self.__dict__[name]
            if name in self._lazy_from:
                module, attr = self._lazy_from[name]
                value = getattr(importlib.import_module(module), attr)
            elif name in self._lazy_expr:
                expr = self._lazy_expr[name]
                names = {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}
                value = eval(compile(ast.Expression(expr), self.__file__, "eval"), {n: getattr(self, n) for n in names})
            elif not name.startswith("__") and importlib.util.find_spec(f"{self.__name__}.{name}") is not None:
                return importlib.import_module(f"{self.__name__}.{name}")  # a subpackage or submodule
            else:
                raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
            setattr(self, name, value)
            return value

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._lazy_from) | set(self._lazy_expr))

    def load_all(self) -> None:
        """Import every name, as the package file itself would have."""
        for name in (*self._lazy_from, *self._lazy_expr):
            getattr(self, name)

    def has(self, name: str) -> bool:
        return name in self._lazy_from or name in self._lazy_expr


def _stand_ins() -> list[LazyPackage]:
    return [m for m in (sys.modules.get(n) for n in LAZY) if isinstance(m, LazyPackage)]


def _teach_loader() -> None:
    """Presidio's loader looks classes up among the loaded subclasses: import what it asks for."""
    from presidio_analyzer.recognizer_registry.recognizers_loader_utils import (
        PredefinedRecognizerNotFoundError,
        RecognizerListLoader,
    )

    every = RecognizerListLoader.get_all_existing_recognizers

    def get_all_existing_recognizers(cls=None):
        if cls is None:
            for pkg in _stand_ins():
                pkg.load_all()
        return every(cls)

    def get_existing_recognizer_cls(recognizer_name: str):
        for pkg in _stand_ins():
            if pkg.has(recognizer_name):
                getattr(pkg, recognizer_name)
        for recognizer in every():  # Presidio's own lookup, over what is loaded
            if recognizer_name == recognizer.__name__:
                return recognizer
        raise PredefinedRecognizerNotFoundError(
            f"Recognizer of name {recognizer_name} was not found in the "
            f"list of recognizers inheriting the EntityRecognizer class"
        )

    get_all_existing_recognizers.__doc__ = every.__doc__
    RecognizerListLoader.get_all_existing_recognizers = staticmethod(get_all_existing_recognizers)
    RecognizerListLoader.get_existing_recognizer_cls = staticmethod(get_existing_recognizer_cls)


def import_presidio() -> types.ModuleType:
    """``import presidio_analyzer`` with lazy predefined recognizers (above). When Presidio is
    imported already, or its package files are not what the stand-ins expect, a plain import."""
    if "presidio_analyzer" in sys.modules or PACKAGE in sys.modules:
        import presidio_analyzer

        return presidio_analyzer
    spec = importlib.util.find_spec("presidio_analyzer")
    folder = (spec.submodule_search_locations or [None])[0] if spec is not None else None
    made: list[LazyPackage] = []
    if folder is not None:
        try:
            for name in LAZY:
                rel = name.split(".")[1:]
                made.append(LazyPackage(name, os.path.join(folder, *rel, "__init__.py")))
        except (OSError, SyntaxError, ImportError):
            made = []
    for pkg in made:
        sys.modules[pkg.__name__] = pkg
    try:
        import presidio_analyzer
    except BaseException:
        for pkg in made:
            if sys.modules.get(pkg.__name__) is pkg:
                del sys.modules[pkg.__name__]
        raise
    if made:
        presidio_analyzer.predefined_recognizers = made[0]
        made[0].generic = made[1]
        _teach_loader()
    return presidio_analyzer


def load_predefined(registry, nlp_engine, languages: list[str], exclude: tuple[str, ...] = ()) -> None:
    """``registry.load_predefined_recognizers(languages=languages, nlp_engine=nlp_engine)``
    followed by ``registry.remove_recognizer(name)`` for each name in ``exclude``, without
    importing or building what that would drop: Presidio 2.2.366's method body over its default
    configuration, less the recognizers named in ``exclude`` and those configured only for other
    languages (Presidio builds those, a Spanish NIF recognizer for one, then leaves them out of an
    English registry). The configuration file is read with PyYAML's C loader when it has one
    (the same mapping as its pure-Python ``safe_load``, 0.03 s sooner)."""
    import yaml
    from presidio_analyzer.recognizer_registry.recognizers_loader_utils import (
        RecognizerConfigurationLoader,
        RecognizerListLoader,
    )

    # RecognizerConfigurationLoader.get(registry_configuration=...) without recognizers: the
    # default file's keys added to the given ones
    with open(RecognizerConfigurationLoader._get_full_conf_path()) as fh:
        from_file = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    configuration = RecognizerConfigurationLoader._merge_configuration(
        registry_configuration={"global_regex_flags": registry.global_regex_flags, "supported_languages": languages},
        config_from_file=from_file)

    def wanted(conf) -> bool:
        if RecognizerListLoader.get_recognizer_name(conf) in exclude:
            return False
        langs = RecognizerListLoader._get_recognizer_languages(recognizer_conf=conf, supported_languages=languages)
        return any(lang["supported_language"] in languages for lang in langs)

    configuration["recognizers"] = [conf for conf in configuration["recognizers"] if wanted(conf)]
    registry.recognizers.extend(RecognizerListLoader.get(**configuration))
    registry.add_nlp_recognizer(nlp_engine=nlp_engine)
    for name in exclude:
        registry.remove_recognizer(name)  # any built under another configured name
