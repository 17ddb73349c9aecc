"""A snippet run in a fresh interpreter where the training libraries cannot be
imported: what the package ships must load and evaluate with numpy alone."""

from __future__ import annotations

import subprocess
import sys

TRAINING_LIBRARIES = ("sklearn", "lightgbm", "torch")


def without_training_libraries(code: str) -> str:
    """What ``code`` prints, run with every training library blocked."""
    blocked = "".join(f"sys.modules[{name!r}] = None\n" for name in TRAINING_LIBRARIES)
    out = subprocess.run([sys.executable, "-c", "import sys\n" + blocked + code],
                         capture_output=True, text=True, check=True)
    return out.stdout
