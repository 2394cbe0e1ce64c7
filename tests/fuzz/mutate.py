"""Hypothesis strategies that damage a real file's text the way a hostile hand or a broken
disk would: cut, repeat, swap or insert characters, lines and YAML/JSON/CSV syntax."""

from __future__ import annotations

from hypothesis import strategies as st

# Pieces a hostile edit inserts: syntax of the formats, aliases, tags, huge and odd numbers,
# control characters, deep brackets, other encodings' bytes decoded as text.
NASTY = [
    "&a ", "*a", "<<: *a", "!!python/object:os.system ", "!!binary ", "? ", ": ", "- ", "---\n",
    "...\n", "{", "}", "[", "]", ",", "\"", "'", "#", "|", ">", "\t", "\x00", "\x07", "\x1b",
    "\ufeff", "\u2028", "1e308", "-1e308", ".inf", ".nan", "NaN", "Infinity",
    "1e-300", "true", "null", "~", "0x10", "1_000", "9" * 40, "[" * 80, "{a: " * 70,
    "\u00e9", "\u4e2d", "\r", "\r\n", "\\", "%YAML 1.1\n", "%TAG ! tag:x,2000:\n",
]


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """`text` after one to four random damaging edits."""
    out = text
    for _ in range(draw(st.integers(1, 4))):
        n = len(out)
        at = draw(st.integers(0, n))
        kind = draw(st.sampled_from(["insert", "delete", "repeat", "replace_line", "swap",
                                     "truncate", "nasty"]))
        if kind == "insert":
            out = out[:at] + draw(st.text(max_size=8)) + out[at:]
        elif kind == "nasty":
            out = out[:at] + draw(st.sampled_from(NASTY)) + out[at:]
        elif kind == "delete":
            out = out[:at] + out[at + draw(st.integers(1, 40)):]
        elif kind == "repeat":
            piece = out[at:at + draw(st.integers(1, 200))]
            out = out[:at] + piece * draw(st.integers(2, 6)) + out[at:]
        elif kind == "truncate":
            out = out[:at]
        elif kind == "swap" and n > 2:
            other = draw(st.integers(0, n - 1))
            a, b = sorted((at % n, other))
            out = out[:a] + out[b] + out[a + 1:b] + out[a] + out[b + 1:]
        elif kind == "replace_line":
            lines = out.split("\n")
            i = draw(st.integers(0, max(0, len(lines) - 1)))
            lines[i] = draw(st.sampled_from(NASTY)) + draw(st.text(max_size=12))
            out = "\n".join(lines)
    return out
