"""The expression language of a rules description: parsed, type-checked and compiled, never
``eval``-ed.

An expression is a short formula in a YAML string: ``c.strength + 2``,
``size(hand[me]) > 0 and not contains(dock, card)``,
``sum(c in won[s]: c.points)``.  :func:`parse` reads it with a Pratt parser into a
:class:`Node` tree; :class:`Compiler` (in :mod:`.compiler`) checks each name and type against
the description and the catalogue and turns the tree into Python closures.

Grammar (lowest precedence first)::

    expr    := or
    or      := and ("or" and)*
    and     := not ("and" not)*
    not     := "not" not | compare
    compare := sum (("=="|"!="|"<"|"<="|">"|">=") sum)?
    sum     := product (("+"|"-") product)*
    product := unary (("*"|"/"|"//"|"%") unary)*
    unary   := "-" unary | postfix
    postfix := primary ("." NAME | "[" expr "]" | "(" args ")")*
    args    := NAME "in" expr ":" expr            # a binder: all(s in seats: ...)
             | [expr ("," expr)*]
    primary := NUMBER | STRING | NAME | "(" expr ")"
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: the largest number a description may write (a counter, a count, a literal)
MAX_NUMBER = 1_000_000_000
#: the longest expression text
MAX_LENGTH = 2_000
#: the deepest nesting of an expression
MAX_DEPTH = 40

KEYWORDS = ("and", "or", "not", "in", "true", "false", "none")
_OPS = ("//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "<", ">", "(", ")", "[", "]")
_PUNCT = (".", ",", ":")


class ExprError(ValueError):
    """A mistake in an expression, at ``offset`` characters into its text."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Token:
    kind: str  # num, str, name, op, end
    text: str
    offset: int
    value: object = None


@dataclass
class Node:
    """A node of an expression tree: ``kind`` (num, str, name, bool, none, unary, binary,
    attr, index, call, binder), its ``value`` (the literal, the name or the operator), its
    ``args`` and where it starts in the text."""

    kind: str
    value: object
    offset: int
    args: list[Node] = field(default_factory=list)


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text``; :class:`ExprError` at the first character that starts none."""
    if len(text) > MAX_LENGTH:
        raise ExprError(f"an expression of more than {MAX_LENGTH} characters", 0)
    out: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " \t\n\r":
            i += 1
            continue
        if ch.isdigit():
            j = i
            while j < n and (text[j].isdigit() or text[j] == "_"):
                j += 1
            if j < n and text[j] == "." and j + 1 < n and text[j + 1].isdigit():
                j += 1
                while j < n and text[j].isdigit():
                    j += 1
                value: object = float(text[i:j])
            else:
                value = int(text[i:j].replace("_", ""))
            if abs(value) > MAX_NUMBER:  # type: ignore[arg-type]
                raise ExprError(f"the number {text[i:j]} is larger than {MAX_NUMBER:,}", i)
            if j < n and (text[j].isalpha() or text[j] == "_"):
                raise ExprError(f"a name cannot start with a digit: {text[i : j + 1]!r}", i)
            out.append(Token("num", text[i:j], i, value))
            i = j
            continue
        if ch.isalpha() or ch == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            out.append(Token("name", text[i:j], i))
            i = j
            continue
        if ch in "'\"":
            j = text.find(ch, i + 1)
            if j < 0:
                raise ExprError("a text is not closed: add its closing quote", i)
            out.append(Token("str", text[i : j + 1], i, text[i + 1 : j]))
            i = j + 1
            continue
        for op in _OPS:
            if text.startswith(op, i):
                out.append(Token("op", op, i))
                i += len(op)
                break
        else:
            if ch in _PUNCT:
                out.append(Token("op", ch, i))
                i += 1
            elif ch == "=":
                raise ExprError("`=` is not a comparison: write `==`", i)
            else:
                raise ExprError(f"unexpected character {ch!r}", i)
    out.append(Token("end", "", n))
    return out


_BINARY = {
    "or": 1,
    "and": 2,
    "==": 4,
    "!=": 4,
    "<": 4,
    "<=": 4,
    ">": 4,
    ">=": 4,
    "+": 5,
    "-": 5,
    "*": 6,
    "/": 6,
    "//": 6,
    "%": 6,
}


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0
        self.depth = 0

    def peek(self) -> Token:
        return self.tokens[self.i]

    def next(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def expect(self, text: str, what: str) -> Token:
        tok = self.next()
        if tok.text != text or tok.kind not in ("op", "name"):
            got = f"{tok.text!r}" if tok.kind != "end" else "the end"
            raise ExprError(f"expected {text!r} {what}, found {got}", tok.offset)
        return tok

    def expression(self, rbp: int = 0) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError(f"an expression nested more than {MAX_DEPTH} levels deep", 0)
        left = self.prefix()
        while True:
            tok = self.peek()
            op = tok.text if tok.kind in ("op", "name") else ""
            bp = _BINARY.get(op, 0)
            if bp <= rbp:
                break
            if op == "in":
                break
            self.next()
            right = self.expression(bp)
            if bp == 4 and self.peek().text in ("==", "!=", "<", "<=", ">", ">="):
                raise ExprError(
                    "comparisons do not chain: write `a < b and b < c`", self.peek().offset
                )
            left = Node("binary", op, tok.offset, [left, right])
        self.depth -= 1
        return left

    def prefix(self) -> Node:
        tok = self.next()
        if tok.kind == "num":
            return self.postfix(Node("num", tok.value, tok.offset))
        if tok.kind == "str":
            return self.postfix(Node("str", tok.value, tok.offset))
        if tok.kind == "name":
            if tok.text == "not":
                return Node("unary", "not", tok.offset, [self.expression(3)])
            if tok.text in ("true", "false"):
                return Node("bool", tok.text == "true", tok.offset)
            if tok.text == "none":
                return Node("none", None, tok.offset)
            if tok.text in ("and", "or", "in"):
                raise ExprError(f"`{tok.text}` needs a value before it", tok.offset)
            return self.postfix(Node("name", tok.text, tok.offset))
        if tok.text == "-":
            return Node("unary", "-", tok.offset, [self.expression(7)])
        if tok.text == "(":
            inner = self.expression()
            self.expect(")", "to close the bracket")
            return self.postfix(inner)
        if tok.kind == "end":
            raise ExprError("the expression ends where a value is expected", tok.offset)
        raise ExprError(f"expected a value, found {tok.text!r}", tok.offset)

    def postfix(self, node: Node) -> Node:
        while True:
            tok = self.peek()
            if tok.text == "." and tok.kind == "op":
                self.next()
                name = self.next()
                if name.kind != "name":
                    raise ExprError("expected a field name after `.`", name.offset)
                node = Node("attr", name.text, name.offset, [node])
            elif tok.text == "[" and tok.kind == "op":
                self.next()
                index = self.expression()
                self.expect("]", "to close the index")
                node = Node("index", None, tok.offset, [node, index])
            elif tok.text == "(" and tok.kind == "op":
                if node.kind != "name":
                    raise ExprError("only a function's name can be called", tok.offset)
                self.next()
                node = self.call(node)
            else:
                return node

    def call(self, fn: Node) -> Node:
        toks = self.tokens
        if toks[self.i].kind == "name" and toks[self.i + 1].text == "in":
            var = self.next()
            self.next()
            coll = self.expression()
            self.expect(":", "after the collection of a binder (`s in seats: …`)")
            body = self.expression()
            self.expect(")", "to close the call")
            return Node(
                "binder", fn.value, fn.offset, [Node("name", var.text, var.offset), coll, body]
            )
        args: list[Node] = []
        if self.peek().text != ")":
            while True:
                args.append(self.expression())
                if self.peek().text == ",":
                    self.next()
                    continue
                break
        self.expect(")", "to close the call")
        return Node("call", fn.value, fn.offset, args)


def parse(text: str) -> Node:
    """The tree of expression ``text``; :class:`ExprError` with the offset of the mistake."""
    p = _Parser(text)
    node = p.expression()
    tok = p.peek()
    if tok.kind != "end":
        hint = " (`in` only in a binder: `any(c in hand[me]: …)`)" if tok.text == "in" else ""
        raise ExprError(f"unexpected {tok.text!r} after a complete expression{hint}", tok.offset)
    return node


def parse_binder(text: str) -> tuple[str, Node, int]:
    """``"s in seats"`` (a ``for:``) as the variable's name, the collection and its offset."""
    toks = tokenize(text)
    if len(toks) < 3 or toks[0].kind != "name" or toks[1].text != "in":
        raise ExprError("write the loop as `NAME in COLLECTION` (`s in seats`, `c in dock`)", 0)
    start = toks[2].offset
    return toks[0].text, parse(text[start:]), start
