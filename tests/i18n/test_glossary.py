"""The German glossary (`locale/glossary.de.md`) holds every catalogue: one thing, one German
word (issue 31, item 17: the bowl was "Becher", the word for the whole sundae; "Spieler" stood
beside "Spieler:innen")."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Message

from parlour.i18n import catalogues, glossary

GERMAN = glossary.terms("de")


@pytest.mark.every_game
def test_every_german_text_keeps_to_the_glossary() -> None:
    found = [
        problem
        for part, catalogue in catalogues._catalogues("de")
        for message in catalogue
        if message.id
        for problem in glossary.problems(message, GERMAN, part.name)
    ]
    assert found == [], "\n".join(found[:40])


def strays(english: str | tuple[str, str], german: str | tuple[str, str]) -> list[str]:
    return glossary.problems(Message(english, german), GERMAN, "x.po")


def test_the_glossary_names_the_games_things() -> None:
    bowl = next(term for term in GERMAN if "bowl" in term.english)
    assert bowl.german == ("Schale",) and "Becher" in bowl.never and bowl.required
    assert any("Spieler:innen" in term.german for term in GERMAN)


def test_a_word_ruled_out_is_found_where_the_message_names_that_thing() -> None:
    assert strays("bowl", "Becher") == [
        "x.po: 'bowl' names a bowl: Schale",
        "x.po: 'bowl' says 'Becher', not a bowl",
    ]
    assert strays("the blue sundae's bowl", "die Schale des blauen Bechers") == []
    assert (
        strays(("{count} player", "{count} players"), ("{count} Spieler", "{count} Spieler")) != []
    )
    assert strays("{low}-{high} players", "{low}-{high} Spieler:innen") == []
    assert strays("the player count", "die Spielerzahl") == []
    assert strays("Builds the cones", "Baut die Waffeln") != []


def test_a_required_word_is_asked_for_and_a_placeholder_names_nothing() -> None:
    assert strays("Take a tile", "Nimm eins") == ["x.po: 'Take a tile' names a tile: Plättchen"]
    assert strays("Take a tile", "Nimm ein Plättchen") == []
    assert strays("{who} took {tile}", "{who} hat {tile} genommen") == []
    assert strays("the player to act", "wer am Zug ist") == []  # "wer" says a player
    assert strays("bowl", "") == []  # not translated yet: the catalogue check says so
