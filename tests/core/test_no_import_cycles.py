"""No module imports itself through others: every import inside a part of the tree, at the top of a
file, inside a function or only for type checking, counted with grimp (the import graph
import-linter reads)."""

from __future__ import annotations

import grimp
import pytest


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    # the root packages import-linter reads (pyproject.toml)
    return grimp.build_graph("soupkitchen.client", "soupkitchen.server", "soupkitchen.shared", cache_dir=None)


def import_cycles(graph: grimp.ImportGraph, package: str) -> list[tuple[str, ...]]:
    """Each cycle of imports among the modules of ``package``, as one chain ``a -> b -> ... -> a``."""
    modules = {package} | graph.find_descendants(package)
    cycles: list[tuple[str, ...]] = []
    seen: set[frozenset[str]] = set()
    for module in sorted(modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module) & modules):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back is None:
                continue
            chain = (module, *back)
            key = frozenset(chain)
            if key not in seen:
                seen.add(key)
                cycles.append(chain)
    return cycles


def test_no_import_cycle_in_the_server(graph: grimp.ImportGraph) -> None:
    cycles = import_cycles(graph, "soupkitchen.server")
    assert not cycles, "import cycles in the server:\n" + "\n".join(" -> ".join(chain) for chain in cycles)


def test_client_and_shared_have_no_import_cycles(graph: grimp.ImportGraph) -> None:
    cycles = import_cycles(graph, "soupkitchen.client") + import_cycles(graph, "soupkitchen.shared")
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(chain) for chain in cycles)
