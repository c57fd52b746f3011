"""The title screen: every way into a game starts here."""

from __future__ import annotations

import math

import pygame

from soupkitchen.client import modes, theme
from soupkitchen.client.scenes import flows
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.widgets import Button, Widget

STEAM_FPS = 8


class TitleScene(FormScene):
    name = "title"
    heading = ""

    def __init__(self, app) -> None:
        self.t = 0.0
        super().__init__(app)

    def build(self) -> list[Widget]:
        saved = modes.saved_game()
        widgets: list[Widget] = []
        hosted = modes.saved_hosting() if self.app.server is None else None
        if hosted is not None:
            widgets.append(Button(f"Resume hosting {hosted.get('title', 'your table')}",
                                  lambda: resume_hosting(self.app), key="resume_hosting", primary=True))
        if saved is not None:
            widgets.append(Button(f"Resume {saved.get('title', 'game')}", lambda: flows.resume(self.app),
                                  key="resume", primary=hosted is None))
        widgets += [
            Button("Play solo", lambda: flows.open_setup(self.app, "solo"), key="solo",
                   primary=saved is None and hosted is None),
            Button("Couch play", lambda: flows.open_setup(self.app, "couch"), key="couch"),
            Button("Host a LAN game", lambda: flows.open_setup(self.app, "host"), key="host"),
            Button("Join a game", lambda: flows.open_join(self.app), key="join"),
            Button("Replays", lambda: self.app.stack.open("replays"), key="replays"),
            Button("How to play", lambda: flows.open_howto(self.app, pick_game=True), key="howto"),
            Button("Settings", lambda: flows.open_settings(self.app), key="settings"),
            Button("Quit", self.quit, key="quit"),
        ]
        return widgets

    def on_enter(self) -> None:
        self.rebuild()

    def quit(self) -> None:
        self.app.running = False

    def on_back(self) -> None:
        pass  # the title is the bottom of the stack; Quit is a button

    def update(self, dt: float, now: float) -> None:
        self.t += dt

    def redraw_at(self, now: float) -> float | None:
        return now + 1 / STEAM_FPS   # the steam drifts gently; nothing else moves

    def draw_heading(self, surface: pygame.Surface, lay: theme.Layout) -> int:
        cx = lay.width // 2
        top = int(lay.height * 0.07)
        title = lay.font("title")
        shadow = title.render("Soup Kitchen", True, theme.SHADOW)
        words = title.render("Soup Kitchen", True, theme.MUSTARD)
        rect = words.get_rect(midtop=(cx, top))
        surface.blit(shadow, rect.move(0, max(2, lay.ring)))
        surface.blit(words, rect)
        self._draw_pot(surface, lay, rect)
        y = theme.text(surface, "Four soup games for friends at one table or across the room", "body",
                       theme.TEXT_DIM, (cx, rect.bottom + lay.gap), lay, anchor="midtop").bottom
        return y + lay.margin

    def _draw_pot(self, surface: pygame.Surface, lay: theme.Layout, title: pygame.Rect) -> None:
        """A steaming pot on each side of the title."""
        r = int(title.height * 0.42)
        for side, x in ((-1, title.left - r * 2), (1, title.right + r * 2)):
            cy = title.centery + r // 3
            body = pygame.Rect(0, 0, r * 2, int(r * 1.4))
            body.midtop = (x, cy - r // 3)
            pygame.draw.rect(surface, theme.SHADOW, body.move(0, lay.ring), border_radius=r // 2)
            pygame.draw.rect(surface, theme.ACCENT, body, border_radius=r // 2)
            pygame.draw.rect(surface, theme.ACCENT_DARK, (body.x - r // 4, body.y, body.width + r // 2, r // 3),
                             border_radius=r // 6)
            pygame.draw.ellipse(surface, theme.BROTH, (body.x + r // 6, body.y - r // 5, body.width - r // 3, r // 2))
            for i in range(3):
                phase = self.t * 1.6 + i * 2.1 + side
                sx = body.x + body.width * (i + 1) // 4 + int(math.sin(phase) * r / 6)
                top = body.y - r // 2 - int((phase % 3) * r / 5)
                pygame.draw.circle(surface, (*theme.TEXT_DIM,), (sx, top), max(2, r // 7), width=max(1, r // 14))


def resume_hosting(app) -> None:
    """Reopen the LAN table this client hosted: its table if the game had started, else its lobby."""
    def landed(session) -> None:
        (flows.open_table if session.started else flows.open_lobby)(app, session)

    flows.run_with_wait(app, "Reopening your kitchen to the LAN...", flows.with_art(app, modes.resume_hosting(app)),
                        landed)
