"""The card-table kit: objects on a scaled board, moves made by touching them, motion, menus, the
last move, a history panel and the move list as a collapsed panel (``kit.scene.KitTable``)."""
