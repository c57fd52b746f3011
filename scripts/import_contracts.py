"""Import contracts of the project's own for ``lint-imports`` (pyproject.toml names them): the games
are found as ``shared/registry.py`` finds them, by their ``registration`` module, so a new game is
held to the contracts without being listed in them."""

from __future__ import annotations

from importlinter.contracts.independence import IndependenceContract
from importlinter.domain import fields
from importlinter.domain.imports import ModuleExpression


class GamesIndependenceContract(IndependenceContract):
    """Independence of every game package directly under ``games_in`` (one holding a ``registration``
    module) and of the ``modules`` listed beside them."""

    type_name = "games_independence"
    games_in = fields.StringField()
    modules = fields.SetField(subfield=fields.ModuleExpressionField(), required=False)

    def check(self, graph, verbose):
        depth = self.games_in.count(".") + 2  # games_in.<game>.registration
        games = {
            name.removesuffix(".registration")
            for name in graph.modules
            if name.startswith(self.games_in + ".")
            and name.endswith(".registration")
            and name.count(".") == depth
        }
        self.modules = {ModuleExpression(game) for game in sorted(games)} | set(self.modules or ())
        return super().check(graph, verbose)
