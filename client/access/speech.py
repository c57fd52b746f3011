"""Speech without a screen reader: the system's speech service speaks the announcements, through
speech-dispatcher's ``spd-say`` or ``espeak-ng``, whichever the machine has.

Speaking never blocks the frame loop: the frame only queues the sentence; a thread of the speaker's
own starts each as a child process and leaves it to run (starting a process costs a frame a
noticeable part of a millisecond). A new sentence interrupts the one still being said (spd-say is
told to cancel, an espeak-ng process is ended), finished children are reaped as the next one
starts. The rate is the player's, from -100 (slowest) to 100 (fastest), 0 the service's own.
"""

from __future__ import annotations

import logging
import queue
import shutil
import subprocess
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

log = logging.getLogger(__name__)

RATES = tuple(range(-100, 101, 25))  # the rates Settings offers


@dataclass(frozen=True)
class Voice:
    """One speech command: how it says a sentence at a rate and how it stops speaking."""

    program: str
    path: str

    def say(self, words: str, rate: int, language: str) -> list[str]:
        rate = max(-100, min(100, int(rate)))
        if self.program == "spd-say":
            command = [self.path, "--rate", str(rate), "--application-name", "soupkitchen"]
            if language:
                command += ["--language", language]
            return [*command, "--", words]
        words_per_minute = round(175 * 2 ** (rate / 100))  # espeak-ng's 175 at 0; half or twice as fast
        command = [self.path, "-s", str(words_per_minute)]
        if language:
            command += ["-v", language]
        return [*command, "--", words]

    def cancel(self) -> list[str] | None:
        """The command that silences speech already queued (None: end the process instead)."""
        return (
            [self.path, "--cancel", "--application-name", "soupkitchen"]
            if self.program == "spd-say"
            else None
        )


def find_voice(
    which: Callable[[str], str | None] = shutil.which, programs: Sequence[str] = ("spd-say", "espeak-ng")
) -> Voice | None:
    """The first speech command this machine has (None: no speech service)."""
    for program in programs:
        path = which(program)
        if path:
            return Voice(program, path)
    return None


class Speaker:
    """Says one sentence at a time, each new one cutting the last short. ``say`` and ``stop`` return at
    once: the speaker's thread starts and ends the speech programs, in the order asked."""

    def __init__(
        self,
        voice: Voice | None,
        rate: int = 0,
        language: str = "",
        spawn: Callable[..., subprocess.Popen] = subprocess.Popen,
    ) -> None:
        self.voice, self.rate, self.language = voice, rate, language
        self.spawn = spawn
        self.said: list[str] = []  # every sentence given to the service, for the tests
        self._speaking: subprocess.Popen | None = None
        self._children: list[subprocess.Popen] = []
        # a command to start, None to stop, or an event to set once the orders before it are done
        self._orders: queue.SimpleQueue[list[str] | threading.Event | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    @property
    def available(self) -> bool:
        return self.voice is not None

    def say(self, words: str) -> None:
        """Speak ``words`` now, interrupting whatever is still being said."""
        words = " ".join(str(words).split())
        if not words or self.voice is None:
            return
        self.said.append(words)
        self._order(self.voice.say(words, self.rate, self.language))

    def stop(self) -> None:
        """Silence: the sentence being said ends now."""
        if self.voice is not None:
            self._order(None)

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until the thread has carried out every order given so far (tests, closing)."""
        if self._thread is None:
            return
        done = threading.Event()
        self._orders.put(done)
        done.wait(timeout)

    def _order(self, command: list[str] | None) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="speech", daemon=True)
            self._thread.start()
        self._orders.put(command)

    def _work(self) -> None:
        while True:
            order = self._orders.get()
            if isinstance(order, threading.Event):
                order.set()
                continue
            self._silence()
            if order is not None and self.voice is not None:
                self._speaking = self._start(order)

    def _silence(self) -> None:
        self._reap()
        if self.voice is None:
            return
        cancel = self.voice.cancel()
        speaking, self._speaking = self._speaking, None
        if cancel is not None and speaking is not None:
            self._start(cancel)
        elif speaking is not None and speaking.poll() is None:
            speaking.terminate()

    def _start(self, command: list[str]) -> subprocess.Popen | None:
        try:
            child = self.spawn(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                close_fds=True,
            )
        except OSError as err:
            log.warning("speech: %s could not start (%s); speech is off", command[0], err)
            self.voice = None
            return None
        self._children.append(child)
        return child

    def _reap(self) -> None:
        self._children = [child for child in self._children if child.poll() is None]

    def close(self) -> None:
        self.stop()
        self.flush()
        for child in self._children:
            if child.poll() is None:
                child.terminate()
        self._children = []
