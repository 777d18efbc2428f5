"""A game's log: its events as they happen, and each viewer's account of them.

Games record small event tuples (cheap to store and to copy with the state) and describe them
for a viewer on demand, in the language of the moment. A description is made once per viewer
and language and remembered, so a view costs
only the entries since that viewer's last one. The describer tells a viewer only what that
seat may see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar

from parlour.i18n import language
from parlour.kernel.protocol import Seat

E = TypeVar("E")
Entry = dict[str, Any]

new_record = tuple.__new__
"""Makes a NamedTuple record or event from a tuple of its fields (`new_record(Drew, (seat,
card))`) without the Python-level `__new__` a NamedTuple generates: engines make one on nearly
every action, and that call would make each markedly slower."""


class EventLog(Generic[E]):
    """Events in order, with each viewer's described entries so far."""

    __slots__ = ("_describe", "_events", "_told", "append")

    def __init__(self, describe: Callable[[E, Seat], Entry], events: Iterable[E] = ()) -> None:
        self._describe = describe
        self._events: list[E] = list(events)
        self._told: dict[tuple[Seat, str], list[Entry]] = {}
        self.append: Callable[[E], None] = self._events.append
        """Record an event (the list's own method: engines log on every action)."""

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[E]:
        return iter(self._events)

    def told_to(self, viewer: Seat) -> list[Entry]:
        """Every entry as `viewer` may read it, in the language of the moment. The list and
        its entries are the log's own: a view must hand out copies."""
        told = self._told.setdefault((viewer, language()), [])
        for event in self._events[len(told) :]:
            told.append(self._describe(event, viewer))
        return told

    def copy(self) -> EventLog[E]:
        """An independent log with the same events and descriptions (for `State.clone`)."""
        twin = EventLog(self._describe, self._events)
        twin._told = {key: list(entries) for key, entries in self._told.items()}
        return twin
