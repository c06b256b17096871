"""polis_nb's build hook: the catalogues of the languages, compiled from ``polis_nb/locale/*/LC_MESSAGES/
polis_nb.po`` to ``polis_nb.mo`` with Babel at build time (nothing compiled is committed).

- A wheel gets the ``.mo`` files from a folder of the build (``build/locale``), force-included beside their
  sources.
- An editable install (``pip install -e .``) writes them beside the ``.po`` files in the source tree
  (ignored by git), where the package reads them. The package never needs them: without a ``.mo``, or
  with one older than its ``.po``, it reads the ``.po`` itself (``polis_nb/i18n/catalog.py``).

The work is the function ``compile_catalogues``, so that another hook in this file can call it from its
own ``initialize`` (hatchling takes one custom hook per file).
"""
from __future__ import annotations

import pathlib

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compile_catalogues(root: str, version: str, build_data: dict) -> list[pathlib.Path]:
    """Compile every ``polis_nb.po`` under ``root`` and add the ``.mo`` files to the build; returns them."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    base = pathlib.Path(root)
    editable = version == "editable"
    out = []
    for po in sorted((base / "polis_nb" / "locale").glob("*/LC_MESSAGES/polis_nb.po")):
        lang = po.parent.parent.name
        rel = f"polis_nb/locale/{lang}/LC_MESSAGES/polis_nb.mo"
        target = po.with_suffix(".mo") if editable else base / "build" / "locale" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(po, "rb") as f:
            catalog = read_po(f, locale=lang, domain="polis_nb")
        with open(target, "wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        if not editable:
            build_data.setdefault("force_include", {})[str(target)] = rel
        out.append(target)
    return out


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        compile_catalogues(self.root, version, build_data)
