"""A designer's Python file in a catalogue folder loaded as a module (an engine, a rules
description's hooks): a leaf the registry and the rules compiler share."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

from cardgen.engine.errors import SetupError


def load_module(root: Path, name: str, what: str) -> Any:
    """The Python file ``name`` of the catalogue folder ``root`` loaded as a module (an
    engine, a rules description's hooks); :class:`SetupError` naming the file and line of
    anything wrong with it."""
    folder = root.resolve()
    path = (folder / name).resolve()
    where = f"{root / name}"
    if folder not in path.parents or path.suffix != ".py":
        raise SetupError(f"{where}: {what} code is a .py file inside the catalogue folder")
    if not path.is_file():
        raise SetupError(f"{where}: no such file")
    module_name = f"cardgen_{what}_" + hashlib.sha256(str(path).encode()).hexdigest()[:16]
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise SetupError(f"{where}: cannot be loaded as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a designer's own code: report, never a traceback
        del sys.modules[module_name]
        line = _line_of(exc, path)
        raise SetupError(f"{where}{line}: {type(exc).__name__}: {exc}") from None
    return module


def _line_of(exc: BaseException, path: Path) -> str:
    tb, line = exc.__traceback__, None
    while tb is not None:
        if Path(tb.tb_frame.f_code.co_filename) == path:
            line = tb.tb_lineno
        tb = tb.tb_next
    if line is None and isinstance(exc, SyntaxError) and exc.lineno:
        line = exc.lineno
    return f":{line}" if line else ""
