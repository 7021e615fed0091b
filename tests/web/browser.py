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

    def take(self, page: Any, name: str, *, full_page: bool = True, at: Any = None) -> Path:
        """Save ``page`` as ``name.png``: the whole page, or with ``full_page=False`` only
        a viewport's worth (smaller, for the docs) from the top of the page, or from the
        top of the element the locator ``at`` finds."""
        path = self.folder / f"{name}.png"
        if not full_page:
            if at is None:
                page.evaluate("window.scrollTo(0, 0)")
            else:
                at.evaluate("element => element.scrollIntoView()")
        page.screenshot(path=str(path), full_page=full_page)
        if self.target:
            Path(self.target).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(self.target) / path.name)
        return path
