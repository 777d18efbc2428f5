"""A game's rules at the terminal (`rules` at the prompt, `parlour rules GAME`): its
`GameInfo.how_to_play`, told in the language of the moment."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from parlour.i18n import _
from parlour.kernel import FrontEnd, GameInfo, rules_for


def rules_of(info: GameInfo) -> RenderableType:
    """`info`'s rules as players read them at the terminal, section by section (with its way
    of moving: the commands to type); where the game has none to show yet, where its
    rulebook is."""
    if not info.how_to_play:
        return Text(
            _("{title} has no rules to show here yet: read {rulebook}.").format(
                title=info.title, rulebook=info.rulebook
            )
        )
    parts: list[RenderableType] = [
        Text(_("How to play {title}").format(title=info.title), style="bold underline")
    ]
    for section in rules_for(info, FrontEnd.TERMINAL):
        parts.append(Text("\n" + _(section.title), style="bold"))
        parts.extend(Text(_(paragraph)) for paragraph in section.paragraphs)
    return Group(*parts)
