"""The render layer's words: a message (:mod:`polis_nb.i18n`) said in the current language, and the
forms the browser needs to say a message itself (its ``{name}`` fields filled in there, its plural
chosen by a number only the browser knows). English is the templates' own words."""
from __future__ import annotations

from typing import Any

from ..i18n import Message, get_language, render, term
from ..i18n.render import template
from ..rules import names_for

#: numbers up to this get their plural form listed; past it the form of 100 + n % 100 is used (the plural
#: rules of the languages spoken depend on n % 100 at most)
_LISTED = 200


def say(msg: str, lang: str | None = None, components: str | None = None, **args: Any) -> str:
    """``msg`` with ``args`` in ``lang`` (None: the current language); ``components``: the component set whose
    names the terms take in English (and where a language's table lacks one), by default the first edition's."""
    return render(msg, args, lang or get_language(), names_for(components))


def field(msg: Message, lang: str | None = None) -> str:
    """``msg``'s template in ``lang`` for the browser, which fills in its ``{name}`` fields (no term forms)."""
    return template(msg, {}, lang or get_language())


def counted(msg: Message, lang: str | None = None) -> dict[str, Any]:
    """A plural message for the browser: ``{"forms": [...], "index": [...]}``; the template for the number
    ``n`` is ``forms[index[n]]`` (``index[100 + n % 100]`` past the list), its fields filled in there."""
    lang = lang or get_language()
    forms: list[str] = []
    index: list[int] = []
    for n in range(_LISTED):
        t = template(msg, {msg.count_arg or "n": n}, lang)
        if t not in forms:
            forms.append(t)
        index.append(forms.index(t))
    return {"forms": forms, "index": index}


def side_name(side: str, lang: str | None = None) -> str:
    """A side ("athens", "sparta") named in ``lang`` (None: the current language): "Athens", "Athen", "Ateńczycy"."""
    return term("side", side, None, lang or get_language(), None)
