"""The generic suites' checks that take one game, to run on a game registered only inside a
test (Tiny Duel in `tests/tiny`, Tally in `tests/test_advice_game.py`): the registry-driven
case lists are built at import, before such a game is registered."""

from __future__ import annotations

from collections.abc import Callable

from tests.kernel import test_clones, test_contract, test_encoding, test_properties, test_undo

PROPERTIES: list[Callable[..., None]] = [
    test_properties.test_random_play_ends_within_the_bound,
    test_properties.test_every_listed_action_applies,
    test_properties.test_illegal_actions_raise_and_change_nothing,
    test_properties.test_replay_gives_identical_views,
    test_properties.test_tampered_record_is_refused,
    test_properties.test_views_and_records_are_copies,
    test_clones.test_a_clone_shares_no_mutable_object,
    test_undo.test_an_undo_restores_the_state_before_the_move,
]
"""The protocol properties and the clone check, each called with `config=`."""
CONTRACT: list[Callable[..., None]] = [
    test_contract.test_a_determinized_state_shows_the_seat_its_view,
    test_contract.test_an_action_is_legal_exactly_when_it_has_no_reason,
    test_contract.test_the_full_action_list_is_fixed,
    test_contract.test_games_end_within_their_length_bound,
    test_contract.test_views_match_their_declared_type,
    test_encoding.test_every_view_encodes_within_its_bounds,
    test_encoding.test_the_encoding_reads_the_view_only,
    test_encoding.test_the_description_adds_up,
]
"""The contract's checks (the encoding's too), each called with `name=` and `configuration=`."""
