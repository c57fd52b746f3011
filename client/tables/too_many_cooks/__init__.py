"""The Too Many Cooks table: the soup in its pot, the spares around it, tastes, chefs and timer."""
