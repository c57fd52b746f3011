"""The client's building blocks on screen: theme, widgets, text fitting, toasts, art, sound, input actions and
what covers what."""
