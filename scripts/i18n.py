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
    found = list(found)
    said: dict[str, tuple[object, str]] = {}
    for filename, lineno, msg, _comments, context in found:  # one id, one English text, wherever it is declared
        if context in said and said[context][0] != msg:
            raise SystemExit(f"message id {context!r} is declared with different words in {said[context][1]} "
                             f"and polis_nb/{filename}:{lineno}")
        said.setdefault(context, (msg, f"polis_nb/{filename}:{lineno}"))
    # messages the code declares from a table rather than a literal call (the rules' summaries, the packaged
    # event cards' texts), taken from the package's registry of messages
    sys.path.insert(0, str(ROOT))
    import polis_nb  # noqa: F401 - declares every message
    from polis_nb.i18n import MESSAGES

    seen = {m[4] for m in found}
    for mid, m in MESSAGES.items():
        if mid not in seen and mid.startswith(("rule.", "card-text.")):
            where = "rules/index.py" if mid.startswith("rule.") else "rules/events.py"
            found.append((where, 0, str(m) if m.plural is None else (str(m), m.plural), [], mid))
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
    write_po(buf, cat, no_location=True, width=100, include_previous=False, ignore_obsolete=True)  # gone is gone
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


def _fields(text: str) -> set[str]:
    import re

    return set(re.findall(r"\{([a-z][a-z0-9_]*)(?::[a-z.]+)?\}", text))


def _forms(text: str) -> set[str]:
    import re

    return set(re.findall(r"\{[a-z][a-z0-9_]*:([a-z.]+)\}", text))


def stale() -> list[str]:
    """How the committed template differs from the code's messages (empty when it is fresh)."""
    if not POT.exists():
        return [f"{POT.relative_to(ROOT)} is missing: run python scripts/i18n.py extract"]
    fresh, kept = pot_text(), POT.read_text(encoding="utf-8")
    if fresh == kept:
        return []
    from babel.messages.pofile import read_po

    new = {(m.context, m.id) for m in template() if m.id}
    with open(POT, "rb") as f:
        old = {(m.context, m.id) for m in read_po(f) if m.id}
    out = [f"template lacks {c}: {i!r}" for c, i in sorted(new - old, key=str)]
    out += [f"template holds {c}, which the code no longer says: {i!r}" for c, i in sorted(old - new, key=str)]
    return out + ([] if out else ["template is not as extracted (order or flags): run python scripts/i18n.py extract"])


def problems() -> list[str]:
    """What is wrong with the template and the catalogues (empty when all is well): the template is as the
    code says; every language has each message once, translated (not fuzzy, not empty), with the
    placeholders of its English template and as many plural forms as its header states."""
    sys.path.insert(0, str(ROOT))
    from polis_nb.i18n.messages import FORMS

    out = stale()
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template() if m.id}
    for lang in languages():
        cat = read(lang)
        where = f"{lang}/LC_MESSAGES/polis_nb.po"
        header = dict(cat.mime_headers)
        if header.get("Plural-Forms", "").replace(" ", "") != PLURAL_FORMS[lang].replace(" ", "") and \
                cat.num_plurals != int(PLURAL_FORMS[lang].split("nplurals=")[1].split(";")[0]):
            out.append(f"{where}: Plural-Forms {header.get('Plural-Forms')!r}, expected {PLURAL_FORMS[lang]!r}")
        have = set()
        for m in cat:
            if not m.id:
                continue
            one = m.id if isinstance(m.id, str) else m.id[0]
            have.add((m.context, one))
            if m.fuzzy:
                out.append(f"{where}: {m.context} is fuzzy")
            strings = list(m.string) if isinstance(m.string, tuple) else [m.string]
            if isinstance(m.id, tuple) and len(strings) != cat.num_plurals:
                out.append(f"{where}: {m.context} has {len(strings)} plural forms, the language {cat.num_plurals}")
            if not all(strings):
                out.append(f"{where}: {m.context} is not translated")
                continue
            forms = [_fields(x) for x in (m.id if isinstance(m.id, tuple) else (m.id,))]
            allowed, required = set.union(*forms), set.intersection(*forms)  # "one" may spell out its number
            for s in strings:
                if not required <= _fields(s) <= allowed:
                    out.append(f"{where}: {m.context}: placeholders {sorted(_fields(s))} in {s!r}, "
                               f"the English has {sorted(allowed)}")
                bad = _forms(s) - set(FORMS)
                if bad:
                    out.append(f"{where}: {m.context}: unknown forms {sorted(bad)}")
        out += [f"{where}: lacks {c}" for c, _ in sorted(wanted - have, key=str)]
        out += [f"{where}: holds {c}, which the template lacks" for c, _ in sorted(have - wanted, key=str)]
    return out


def check() -> list[str]:
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
