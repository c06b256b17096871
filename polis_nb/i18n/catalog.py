"""Catalogues: the translations of one language, read from ``polis_nb/locale/<lang>/LC_MESSAGES``.

The wheel ships ``polis_nb.mo``, compiled from ``polis_nb.po`` by the build (``hatch_build.py``); a
source checkout, where nothing compiled is committed, reads the ``.po`` itself (the same entries: a
fuzzy or empty translation counts as missing, as gettext has it). No third-party package is needed
at run time. A message a catalogue lacks is said in English.

The pseudo-language ``qps`` has no file: every template is written with accented letters between
``⟦ ⟧`` (placeholders untouched), so a scan finds any English an output still holds.
"""
from __future__ import annotations

import ast
import gettext
import pathlib
import struct
from typing import Any, Callable

LOCALE = pathlib.Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "polis_nb"
PSEUDO = "qps"


class Catalog:
    """Translations by (context, msgid): a list of forms (one, or one per plural form)."""

    def __init__(self, lang: str, entries: dict[tuple[str, str], list[str]], plural: Callable[[int], int]):
        self.lang, self.entries, self.plural = lang, entries, plural

    def text(self, ctx: str, msgid: str) -> str | None:
        forms = self.entries.get((ctx, msgid))
        return forms[0] if forms else None

    def ntext(self, ctx: str, msgid: str, n: int, plural: str | None = None) -> str | None:
        forms = self.entries.get((ctx, msgid))
        if not forms:
            return None
        i = self.plural(n)
        return forms[i] if i < len(forms) else forms[-1]


def _plural_of(header: str) -> Callable[[int], int]:
    for line in header.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() == "plural-forms":
            formula = value.split("plural=", 1)[1].rstrip(";").strip() if "plural=" in value else "n != 1"
            return gettext.c2py(formula.rstrip(";"))
    return lambda n: int(n != 1)


# --- the .po source ------------------------------------------------------------------------------

def read_po(path: pathlib.Path) -> tuple[dict[tuple[str, str], list[str]], str, list[tuple[str, str]]]:
    """The translated entries of a .po file, its header, and the (context, msgid) of the fuzzy
    entries (left out of the entries)."""
    entries: dict[tuple[str, str], list[str]] = {}
    fuzzy_keys: list[tuple[str, str]] = []
    header = ""
    cur: dict[str, Any] = {}
    fuzzy = False
    key: tuple = ()

    def flush() -> None:
        nonlocal header, fuzzy, cur
        if "msgid" in cur:
            ctx, mid = str(cur.get("msgctxt", "")), str(cur["msgid"])
            forms = cur.get("msgstr")
            if isinstance(forms, dict):
                forms = [forms[i] for i in sorted(forms)]
            forms = list(forms or [])
            if mid == "" and not ctx:
                header = forms[0] if forms else ""
            elif fuzzy:
                fuzzy_keys.append((ctx, mid))
            elif forms and all(forms):
                entries[(ctx, mid)] = forms
        cur, fuzzy = {}, False

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if "msgid" in cur:
                    flush()
                fuzzy = True
            continue
        if line.startswith('"'):
            value = ast.literal_eval(line)
            if key[0] == "msgstr" and len(key) == 2:
                cur["msgstr"][key[1]] += value
            elif key[0] == "msgstr":
                cur["msgstr"][-1] += value
            else:
                cur[key[0]] = str(cur[key[0]]) + value
            continue
        word, _, rest = line.partition(" ")
        value = ast.literal_eval(rest.strip())
        if word in ("msgctxt", "msgid") and ("msgstr" in cur):
            flush()
        if word.startswith("msgstr["):
            cur.setdefault("msgstr", {})[int(word[7:-1])] = value
            key = ("msgstr", int(word[7:-1]))
        elif word == "msgstr":
            cur["msgstr"] = [value]
            key = ("msgstr",)
        else:
            cur[word] = value
            key = (word,)
    flush()
    return entries, header, fuzzy_keys


# --- the compiled .mo ----------------------------------------------------------------------------

def read_mo(path: pathlib.Path) -> tuple[dict[tuple[str, str], list[str]], str]:
    data = path.read_bytes()
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _, n, orig, trans = struct.unpack(order + "4I", data[4:20])
    entries: dict[tuple[str, str], list[str]] = {}
    header = ""
    for i in range(n):
        ln, off = struct.unpack(order + "2I", data[orig + 8 * i: orig + 8 * i + 8])
        tl, toff = struct.unpack(order + "2I", data[trans + 8 * i: trans + 8 * i + 8])
        k = data[off:off + ln].decode("utf-8")
        v = data[toff:toff + tl].decode("utf-8")
        ctx, _, k = k.rpartition("\x04")
        mid = k.split("\x00")[0]
        if not mid and not ctx:
            header = v
        else:
            entries[(ctx, mid)] = v.split("\x00")
    return entries, header


# --- loading ---------------------------------------------------------------------------------------

_LOADED: dict[str, Catalog | None] = {}


def po_path(lang: str) -> pathlib.Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load(lang: str) -> Catalog | None:
    """The catalogue of ``lang`` (None for English, which needs none, and for a language without one)."""
    if lang in _LOADED:
        return _LOADED[lang]
    cat: Catalog | None = None
    if lang == PSEUDO:
        cat = _PseudoCatalog()
    elif lang != "en":
        po, mo = po_path(lang), po_path(lang).with_suffix(".mo")
        if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
            entries, header = read_mo(mo)
            cat = Catalog(lang, entries, _plural_of(header))
        elif po.exists():
            entries, header, _ = read_po(po)
            cat = Catalog(lang, entries, _plural_of(header))
    _LOADED[lang] = cat
    return cat


def available() -> tuple[str, ...]:
    """The languages polis_nb has words in: English and every language with a catalogue."""
    found = sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir()) if LOCALE.is_dir() else []
    return ("en", *found)


_ACCENTS = str.maketrans("AaCcEeGgIiLlNnOoRrSsUuYyZz", "ÅåÇçÉéĜĝÎîĹĺÑñÖöŔŕŠšÛûÝýŽž")


def pseudo(text: str) -> str:
    """``text`` with accented letters between ⟦ ⟧, its placeholders untouched."""
    out, i = [], 0
    while i < len(text):
        if text[i] == "{":
            j = text.index("}", i) + 1
            out.append(text[i:j])
            i = j
        else:
            out.append(text[i].translate(_ACCENTS))
            i += 1
    return "⟦" + "".join(out) + "⟧"


class _PseudoCatalog(Catalog):
    def __init__(self) -> None:
        super().__init__(PSEUDO, {}, lambda n: int(n != 1))

    def text(self, ctx: str, msgid: str) -> str:
        return pseudo(msgid)

    def ntext(self, ctx: str, msgid: str, n: int, plural: str | None = None) -> str:
        return pseudo(msgid if n == 1 or plural is None else plural)
