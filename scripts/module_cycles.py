#!/usr/bin/env python3
"""Finds cycles among the modules of each crate of the workspace.

A module is a source file (`lib.rs`, `main.rs`, `foo.rs`, `foo/mod.rs`) or an
inline `mod name { ... }` is not split out (it belongs to its file). Module A
*uses* module B when A's code (test code excluded: `#[cfg(test)]` blocks and
`tests.rs` files) names an item that B defines, through `use` declarations or
paths written in the code (`crate::a::b::f()`, `super::x`, `self::y`). A name
re-exported by `pub use` is followed to the module that defines it, so that a
crate root re-exporting its modules' items is no edge. A module's use of its
own descendants is a normal edge; a glob import of an ancestor (`use
super::*` in an inline module) is none. Every cycle of the graph is reported.

Usage: module_cycles.py [--self-test] CRATE_SRC_DIR...
Exit status 1 when a cycle exists; each is printed as `a -> b -> ... -> a`.
"""
import os
import re
import sys

USE_RE = re.compile(r"\b(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", re.S)
PATH_RE = re.compile(r"\b((?:crate|super|self)(?:::[A-Za-z_][A-Za-z_0-9]*)+)")
MOD_DECL_RE = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([a-z_][a-z_0-9]*)\s*;", re.M)
ITEM_RE = re.compile(
    r"^(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:unsafe\s+)?(?:async\s+)?"
    r"(?:fn|struct|enum|trait|type|const|static|union|macro_rules!)\s+([A-Za-z_][A-Za-z_0-9]*)",
    re.M,
)


def strip_tests(text):
    """The text without `#[cfg(test)]` items (a `mod tests { ... }` or `mod tests;`)."""
    out = []
    i = 0
    while True:
        j = text.find("#[cfg(test)]", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        k = j + len("#[cfg(test)]")
        # The item: up to a `;` before any `{`, or a balanced `{ ... }`.
        brace = text.find("{", k)
        semi = text.find(";", k)
        if semi >= 0 and (brace < 0 or semi < brace):
            i = semi + 1
            continue
        depth = 0
        m = brace
        while m < len(text):
            if text[m] == "{":
                depth += 1
            elif text[m] == "}":
                depth -= 1
                if depth == 0:
                    break
            m += 1
        i = m + 1


def strip_comments(text):
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


class Crate:
    def __init__(self, src):
        self.src = src
        self.modules = {}  # path tuple -> text (tests stripped)
        root = "lib.rs" if os.path.exists(os.path.join(src, "lib.rs")) else "main.rs"
        self.load((), os.path.join(src, root), src)
        self.items = {m: set(ITEM_RE.findall(t)) for m, t in self.modules.items()}
        self.reexports = {m: self.parse_reexports(m, t) for m, t in self.modules.items()}

    def load(self, path, file, directory):
        text = strip_tests(strip_comments(open(file).read()))
        self.modules[path] = text
        for name in MOD_DECL_RE.findall(text):
            if name == "tests":
                continue
            for candidate, sub in [
                (os.path.join(directory, name + ".rs"), os.path.join(directory, name)),
                (os.path.join(directory, name, "mod.rs"), os.path.join(directory, name)),
            ]:
                if os.path.exists(candidate):
                    self.load(path + (name,), candidate, sub)
                    break

    def parse_reexports(self, module, text):
        """name -> absolute path (tuple of segments) for `pub use` lines."""
        out = {}
        for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", text, re.S):
            for segs in expand(m.group(1)):
                alias = segs[-1]
                if " as " in alias:
                    real, alias = [x.strip() for x in alias.split(" as ")]
                    segs = segs[:-1] + [real]
                absolute = self.absolute(module, segs)
                if absolute is not None and alias not in ("*", "self"):
                    out[alias] = absolute
        return out

    def absolute(self, module, segs):
        """The absolute path (a tuple) of `segs` written in `module`; None if outside the crate."""
        segs = list(segs)
        if not segs:
            return None
        if segs[0] == "crate":
            return tuple(segs[1:])
        if segs[0] in ("super", "self"):
            base = list(module)
            while segs and segs[0] in ("super", "self"):
                if segs[0] == "super":
                    base = base[:-1]
                segs = segs[1:]
            return tuple(base + segs)
        # A path relative to the module: a submodule of it.
        if module + (segs[0],) in self.modules:
            return tuple(module) + tuple(segs)
        return None

    def resolve(self, path, depth=0):
        """The module that defines what `path` names (following re-exports)."""
        path = tuple(path)
        if depth > 20:
            return None
        # The longest prefix that is a module.
        for n in range(len(path), -1, -1):
            module = path[:n]
            if module in self.modules:
                rest = path[n:]
                if not rest:
                    return module
                name = rest[0]
                if name in self.reexports[module] and name not in self.items[module]:
                    target = self.reexports[module][name]
                    return self.resolve(target + rest[1:], depth + 1)
                return module
        return None

    def edges(self):
        out = {m: set() for m in self.modules}
        for module, text in self.modules.items():
            refs = []
            for m in USE_RE.finditer(text):
                if re.match(r"\s*pub", text[m.start():m.start() + 4]) and False:
                    continue
                refs.extend(expand(m.group(1)))
            code = USE_RE.sub("", text)
            refs.extend(p.split("::") for p in PATH_RE.findall(code))
            for segs in refs:
                segs = [s.split(" as ")[0].strip() for s in segs]
                absolute = self.absolute(module, segs)
                if absolute is None:
                    continue
                # `use super::*` in an inline module (a file's `mod structs { .. }`)
                # names the file's own module, which this reading cannot tell from
                # its parent: a glob of an ancestor is no use of it.
                if segs[-1] == "*" and module[: len(absolute) - 1] == absolute[:-1]:
                    continue
                target = self.resolve(absolute)
                if target is not None and target != module:
                    # A module declaring its own child is no use of it.
                    out[module].add(target)
        return out


def expand(tree):
    """`a::b::{c, d::{e, f}}` -> [[a, b, c], [a, b, d, e], [a, b, d, f]]."""
    tree = " ".join(tree.split())
    m = re.match(r"^(.*?)\{(.*)\}$", tree)
    if m and (m.group(1) == "" or m.group(1).endswith("::")):
        prefix = [s for s in m.group(1)[:-2].split("::") if s] if m.group(1) else []
        out = []
        depth = 0
        part = ""
        for ch in m.group(2) + ",":
            if ch == "{":
                depth += 1
            if ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                if part.strip():
                    out.extend(prefix + p for p in expand(part.strip()))
                part = ""
            else:
                part += ch
        return out
    return [[s.strip() for s in tree.split("::")]]


def cycles(edges):
    """Every elementary cycle's nodes, found as strongly connected components (Tarjan)."""
    index = {}
    low = {}
    stack = []
    on = set()
    comps = []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return comps


def name(crate, module):
    return crate + ("::" + "::".join(module) if module else "")


def check(src):
    crate = Crate(src)
    label = os.path.basename(os.path.dirname(os.path.abspath(src)))
    found = []
    for comp in cycles(crate.edges()):
        found.append(" <-> ".join(name(label, m) for m in comp))
    return len(crate.modules), found


def self_test():
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "demo", "src")
        os.makedirs(os.path.join(src, "a"))
        open(os.path.join(src, "lib.rs"), "w").write("mod a;\nmod b;\npub use a::Thing;\n")
        open(os.path.join(src, "a", "mod.rs"), "w").write(
            "mod inner;\npub struct Thing;\npub fn f() { crate::b::g(); }\n"
        )
        open(os.path.join(src, "a", "inner.rs"), "w").write("use super::Thing;\n")
        open(os.path.join(src, "b.rs"), "w").write(
            "use crate::Thing;\npub fn g() {}\n#[cfg(test)]\nmod tests { use crate::a::f; }\n"
        )
        _, found = check(src)
        # a -> b (f calls g) and b -> a (Thing, through the root's re-export): a cycle;
        # a::inner -> a is no cycle (a never uses inner); the test's use does not count.
        assert found == ["demo::a <-> demo::b"], found
        open(os.path.join(src, "b.rs"), "w").write("pub fn g() {}\n")
        _, found = check(src)
        assert found == [], found
    print("module_cycles: self-test passed")


def main(argv):
    if "--self-test" in argv:
        self_test()
        return 0
    bad = 0
    for src in argv:
        count, found = check(src)
        for cycle in found:
            print(f"cycle: {cycle}")
        bad += len(found)
        print(f"{src}: {count} modules, {len(found)} cycles")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
