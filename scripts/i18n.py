"""polis_nb's catalogues: extract the template, update the languages, compile, check.

    python scripts/i18n.py extract            # polis_nb/locale/polis_nb.pot from the code (Babel)
    python scripts/i18n.py update             # merge the template into every polis_nb.po
    python scripts/i18n.py compile [DIR]      # polis_nb.mo beside each .po (or under DIR/<lang>/LC_MESSAGES)
    python scripts/i18n.py check              # template fresh, catalogues complete (what the tests check)

The same steps with Babel's own command:

    pybabel extract -F babel.cfg -k message:1c,2 -k plural:1c,2,3 --no-default-keywords \\
        --omit-header --no-location -o polis_nb/locale/polis_nb.pot .
    pybabel update -i polis_nb/locale/polis_nb.pot -d polis_nb/locale -D polis_nb --no-fuzzy-matching
    pybabel compile -d polis_nb/locale -D polis_nb --statistics
"""
from __future__ import annotations

import io
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
LOCALE = ROOT / "polis_nb" / "locale"
POT = LOCALE / "polis_nb.pot"
KEYWORDS = {"message": ((1, "c"), 2), "plural": ((1, "c"), 2, 3)}
PLURAL_FORMS = {"de": "nplurals=2; plural=(n != 1);",
                "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"}


def template():
    """The template as Babel extracts it from the code (a babel Catalog)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    cat = Catalog(project="polis_nb", version="0.1.0", copyright_holder="polis_nb", msgid_bugs_address="",
                  charset="utf-8", fuzzy=False)
    found = extract_from_dir(str(ROOT / "polis_nb"), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    for filename, lineno, msg, comments, context in sorted(found, key=lambda m: m[4] or ""):  # by message id
        cat.add(msg, None, [(f"polis_nb/{filename}", lineno)], auto_comments=comments, context=context)
    return cat


def pot_text(cat=None) -> str:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, cat or template(), omit_header=True, no_location=True, width=100)
    return buf.getvalue().decode("utf-8")


def extract() -> None:
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_text(pot_text(), encoding="utf-8")
    print(f"wrote {POT.relative_to(ROOT)}")


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/polis_nb.po"))


def read(lang: str):
    from babel.messages.pofile import read_po

    with open(LOCALE / lang / "LC_MESSAGES" / "polis_nb.po", "rb") as f:
        return read_po(f, locale=lang, domain="polis_nb")


def write(lang: str, cat) -> None:
    from babel.messages.pofile import write_po

    cat.plural_forms  # noqa: B018 - Babel derives it from the locale; the header below states it
    buf = io.BytesIO()
    write_po(buf, cat, no_location=True, width=100, include_previous=False)
    text = buf.getvalue().decode("utf-8")
    (LOCALE / lang / "LC_MESSAGES" / "polis_nb.po").write_text(text, encoding="utf-8")


def update() -> None:
    from babel.messages.pofile import read_po

    with open(POT, "rb") as f:
        pot = read_po(f)
    for lang in languages():
        cat = read(lang)
        cat.update(pot, no_fuzzy_matching=True)
        write(lang, cat)
        print(f"updated {lang}: {len(cat)} messages, {sum(1 for m in cat if m.id and not m.string)} untranslated")


def compile_all(out: pathlib.Path | None = None) -> list[pathlib.Path]:
    """Compile every catalogue to .mo (beside its .po, or under ``out``); returns the files written."""
    from babel.messages.mofile import write_mo

    written = []
    for lang in languages():
        cat = read(lang)
        target = (out or LOCALE) / lang / "LC_MESSAGES" / "polis_nb.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "wb") as f:
            write_mo(f, cat, use_fuzzy=False)
        written.append(target)
    return written


def check() -> list[str]:
    """What is wrong with the catalogues (empty when all is well)."""
    sys.path.insert(0, str(ROOT))
    from polis_nb.i18n.checks import problems

    return problems()


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    if cmd == "extract":
        extract()
    elif cmd == "update":
        update()
    elif cmd == "compile":
        for p in compile_all(pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else None):
            print(f"wrote {p}")
    elif cmd == "check":
        found = check()
        print("\n".join(found) or "catalogues complete")
        sys.exit(1 if found else 0)
    else:
        sys.exit(__doc__)
