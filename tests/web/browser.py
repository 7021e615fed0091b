"""Screenshots of the browser tests: saved under the test's tmp_path, and copied to
``$TABLEKEEPER_SCREENSHOTS`` when it names a folder (to pick the ones for the docs)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

SCREENSHOTS_VARIABLE = "TABLEKEEPER_SCREENSHOTS"


class Screenshots:
    """Saves screenshots under the test's tmp_path; copies them to $TABLEKEEPER_SCREENSHOTS."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.target = os.environ.get(SCREENSHOTS_VARIABLE) or None

    def take(self, page: Any, name: str) -> Path:
        path = self.folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        if self.target:
            Path(self.target).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(self.target) / path.name)
        return path
