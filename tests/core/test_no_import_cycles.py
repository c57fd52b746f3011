"""No module in the tree imports itself back, however far round (imports under TYPE_CHECKING aside)."""

import grimp

_graph = grimp.build_graph(
    "soupkitchen.client",
    "soupkitchen.server",
    "soupkitchen.shared",
    cache_dir=None,
    exclude_type_checking_imports=True,
)


def _cycles_within(package: str) -> list[list[str]]:
    """The import circles among the modules of `package`, each as its sorted members (Tarjan's SCCs)."""
    modules = sorted(m for m in _graph.modules if m == package or m.startswith(package + "."))
    assert modules, f"no modules found under {package}"
    inside = set(modules)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(_graph.find_modules_directly_imported_by(module) & inside):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            members = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                members.append(member)
                if member == module:
                    break
            if len(members) > 1:
                circles.append(sorted(members))

    for module in modules:
        if module not in index:
            visit(module)
    return circles


def test_client_and_shared_have_no_import_cycles():
    circles = _cycles_within("soupkitchen.client") + _cycles_within("soupkitchen.shared")
    assert circles == [], f"{len(circles)} import circle(s): {circles}"
