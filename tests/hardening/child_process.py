"""Running the CLI and the tools in a child process, with a small file-size limit
(a full disk) where asked."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CLI = "from deberts.cli.main import main; main()"


def file_size_limit(limit: int | None) -> Any:
    """A ``preexec_fn`` capping the files the child writes at ``limit`` bytes (Python
    ignores SIGXFSZ, so a write past it fails with EFBIG, as on a full disk)."""
    if limit is None:
        return None

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return cap


def deberts(*args: str, limit: int | None = None, stdin: str | bytes | None = None,
            timeout: float = 120, **options: Any) -> subprocess.CompletedProcess[str]:
    """``deberts ARGS`` in a child process (text output)."""
    data = stdin.decode() if isinstance(stdin, bytes) else stdin
    return subprocess.run([sys.executable, "-c", CLI, *args], input=data, text=True,
                          capture_output=True, timeout=timeout,
                          preexec_fn=file_size_limit(limit), **options)


def tool(name: str, *args: str, limit: int | None = None, timeout: float = 120
         ) -> subprocess.CompletedProcess[str]:
    """``python tools/NAME ARGS`` in a child process."""
    return subprocess.run([sys.executable, str(ROOT / "tools" / name), *args], text=True,
                          capture_output=True, timeout=timeout,
                          preexec_fn=file_size_limit(limit))
