"""Every game teaches itself: rules for players, and a tutorial that plays through in every
language, explains wrong moves, changes nothing on them and ends ready for a real game."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

import parlour
from parlour import i18n
from parlour.bots.registry import easiest_bot, offered_bots
from parlour.i18n import LANGUAGES, speaking
from parlour.kernel import FrontEnd, game_class, real_game_players, rules_for
from parlour.kernel.learning import Lesson

GAMES = sorted(info.name for info in parlour.games())


def _move(lesson: Lesson) -> str:
    """The move the lesson waits for: the first it accepts (any legal one where it asks
    for none)."""
    step = lesson.step
    assert step is not None
    return step.moves[0] if step.moves else lesson.state.legal_actions(lesson.tutorial.learner)[0]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_rules_for_players(name: str) -> None:
    rules = game_class(name).info.how_to_play
    assert len(rules) >= 3, "a few sections at least: the aim, a turn, the end"
    assert all(section.title and section.paragraphs for section in rules)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_the_tutorial_plays_through_to_its_end(name: str, language: str) -> None:
    with speaking(language):
        lesson = Lesson(name)
        asked = 0
        while not lesson.done:
            assert lesson.step is not None and lesson.step.say
            assert lesson.tutorial.learner in lesson.state.to_act, "a step waits for the learner"
            assert lesson.attempt(_move(lesson)).accepted
            asked += 1
        assert asked >= 2, "a tutorial asks for a move for each rule it shows (two at least)"
        assert lesson.tutorial.intro and lesson.tutorial.finale


@pytest.mark.parametrize("name", GAMES)
def test_a_wrong_move_is_explained_and_changes_nothing(name: str) -> None:
    lesson = Lesson(name)
    explained = 0
    while not lesson.done:
        step = lesson.step
        assert step is not None
        others = [
            action
            for action in lesson.state.legal_actions(lesson.tutorial.learner)
            if step.moves and action not in step.moves
        ]
        if others:
            assert step.wrong, (
                f"step {lesson.index} asks for one move among others but explains none"
            )
            before = lesson.state.record
            feedback = lesson.attempt(others[0])
            assert feedback == (False, step.wrong)
            assert lesson.state.record == before and lesson.step is step
            explained += 1
        lesson.attempt(_move(lesson))
    assert explained >= 1


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_move_gets_the_rules_reason(name: str) -> None:
    lesson = Lesson(name)
    before = lesson.state.record
    feedback = lesson.attempt("no such move")
    assert not feedback.accepted and "no such move" in feedback.text
    assert lesson.state.record == before


@pytest.mark.parametrize("name", GAMES)
def test_a_lesson_replays_from_the_learners_moves(name: str) -> None:
    lesson = Lesson(name)
    moves = []
    for _ in range(2):  # the fewest learner moves a tutorial has
        moves.append(_move(lesson))
        lesson.attempt(moves[-1])
    assert Lesson.after(name, moves).state.record == lesson.state.record
    with pytest.raises(parlour.IllegalAction, match="no such move"):
        Lesson.after(name, [*moves, "no such move"])


@pytest.mark.parametrize("name", GAMES)
def test_the_real_game_after_it_is_against_the_easiest_bot(name: str) -> None:
    assert easiest_bot(name) in offered_bots(name)


def test_the_real_game_seats_a_bot_also_after_a_lesson_played_alone() -> None:
    """Dicetime's lesson is played alone, yet its real game is against a bot; a game that
    needs more players has more bots, and one played alone only has a solo table."""
    dicetime = game_class("dicetime").info
    assert dicetime.min_players == 1 and real_game_players(dicetime) == 2
    assert real_game_players(replace(dicetime, min_players=3)) == 3
    assert real_game_players(replace(dicetime, max_players=1)) == 1


def test_the_easiest_bot_is_the_lowest_level_where_a_game_has_levels() -> None:
    assert easiest_bot("likedice") == "counter:child"
    assert easiest_bot("dokitto") == "ace:easy"
    assert easiest_bot("dicetime") == "greedy"


WAYS_OF_MOVING = {
    "en": re.compile(
        r"\b(type|typed|typing|press|pressed|click|tap|terminal|prompt|button)s?\b", re.I
    ),
    "de": re.compile(r"\b(tipp\w*|drück\w*|klick\w*|terminal|eingabe|knopf|schaltfläche)\b", re.I),
}
"""Words that name a front end's way of moving, in each language."""


def shared_texts(name: str) -> list[str]:
    """The texts every front end shows of `name`'s rules and tutorial (English)."""
    info = game_class(name).info
    texts = [p for s in info.how_to_play if s.front_end is None for p in (s.title, *s.paragraphs)]
    if info.tutorial is not None:
        steps = info.tutorial.steps
        texts += [info.tutorial.intro, info.tutorial.finale]
        texts += [text for step in steps for text in (step.say, step.wrong) if text]
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_texts_every_front_end_shows_name_no_way_of_moving(name: str, language: str) -> None:
    """Issue 31, item 18: the rules and tutorial texts that every front end shows say neither
    "type" nor "press" (nor a command to type, "enter five_of_a_kind"), in any language: each
    front end tells its own way, the page by a step's `press` and its own sections, the
    terminal by the move to type."""
    info = game_class(name).info
    with speaking(language):
        for text in shared_texts(name):
            said = i18n._(text)
            assert not WAYS_OF_MOVING[language].search(said), said
            if info.tutorial is not None:
                for step in info.tutorial.steps:
                    for move in step.moves:  # "(keep 2,3,5)", "enter five_of_a_kind"
                        assert f"({move}" not in said and ("_" not in move or move not in said)


@pytest.mark.parametrize("name", GAMES)
def test_every_step_the_learner_makes_says_how_to_make_it_on_the_page(name: str) -> None:
    """A learner's step that asks for a move says how to press it on the page; a step played
    for another seat asks nothing, and so says nothing of pressing."""
    tutorial = game_class(name).info.tutorial
    assert tutorial is not None
    for step in tutorial.steps:
        mine = step.seat == tutorial.learner
        assert bool(step.press) == (mine and bool(step.moves)), step.say


@pytest.mark.parametrize("name", GAMES)
def test_each_front_end_reads_the_rules_and_its_own_way_of_moving(name: str) -> None:
    """`rules_for` gives a front end the rules every front end shows and its own sections
    (the terminal's commands, the page's buttons), never another's."""
    info = game_class(name).info
    for front_end in FrontEnd:
        shown = rules_for(info, front_end)
        assert all(section.front_end in (None, front_end) for section in shown)
        assert [s for s in info.how_to_play if s.front_end in (None, front_end)] == list(shown)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_the_tutorial_calls_the_other_players_by_name(name: str, language: str) -> None:
    """Issue 31, item 17: a tutorial names the other players ("Ben"), the same in every
    language, and its texts call them so, never "Seat 2" ("Platz 2"), which reads as a chair."""
    tutorial = game_class(name).info.tutorial
    assert tutorial is not None
    names = tutorial.seat_names()
    assert len(names) == tutorial.players and names[tutorial.learner] is None
    others = [seat for seat in range(tutorial.players) if seat != tutorial.learner]
    assert all(names[seat] for seat in others)
    with speaking(language):
        seats = [i18n._("Seat {number}").format(number=seat + 1) for seat in others]
        for text in shared_texts(name):
            assert not [seat for seat in seats if seat in i18n._(text)], i18n._(text)
