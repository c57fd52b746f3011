"""Settings, Accessibility: speech without a screen reader (on or off, its rate, which service says
it, or a clear sentence when the machine has none), large text and the high-contrast theme."""

from __future__ import annotations

from soupkitchen.client.access import look
from soupkitchen.client.access.speech import RATES
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.ui.choice import Choice
from soupkitchen.client.ui.widgets import Button, Label, Toggle, Widget
from soupkitchen.client.words import N_, _

KEYS = N_("F2: where am I    F3: what changed since my turn    Esc: back")


def rate_name(rate: int) -> str:
    if rate == 0:
        return _("normal")
    return (_("faster, %(step)d") if rate > 0 else _("slower, %(step)d")) % {"step": abs(rate) // 25}


class AccessibilitySettings(FormScene):
    name = "accessibility"
    heading = N_("Accessibility")
    subheading = N_(
        "A screen reader (Orca) reads every screen by itself. Speech here is for playing without one."
    )
    hints = KEYS

    def build(self) -> list[Widget]:
        s = self.app.settings
        return [
            Toggle(_("Speak what happens at the table"), s.speech, self.set_speech, key="speech"),
            Choice(
                _("Speech rate"),
                list(RATES),
                s.speech_rate,
                self.set_rate,
                key="speech_rate",
                names=rate_name,
            ),
            Label(self.app.access.voice_words(), "small", key="speech_service"),
            Toggle(_("Large text"), s.large_text, self.set_look("large_text"), key="large_text"),
            Toggle(_("High contrast"), s.high_contrast, self.set_look("high_contrast"), key="high_contrast"),
            Button(_("Done"), self.on_back, key="done", primary=True),
        ]

    def set_speech(self, on: bool) -> None:
        self.app.settings.speech = on
        self.app.access.speaker.stop()
        if on:
            self.app.access.announce(_("Speech is on."), interrupt=True)

    def set_rate(self, rate: int) -> None:
        self.app.settings.speech_rate = rate
        self.app.access.announce(_("Speech rate: %(rate)s") % {"rate": rate_name(rate)}, interrupt=True)

    def set_look(self, attribute: str):
        def change(on: bool) -> None:
            setattr(self.app.settings, attribute, on)
            look.apply(self.app.settings)
            self.rebuild()

        return change

    def on_back(self) -> None:
        self.app.settings.save()
        self.app.stack.pop()
