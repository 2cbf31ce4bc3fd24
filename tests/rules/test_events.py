"""Issue 12 point 6, "a shared event shape": both battle engines' log events are one
rules.events.Event with their own fields after it, and what either stores keeps its keys as
before (tests/fixtures/payloads/battle_report.json and sector_round.json)."""
from dataclasses import replace

from battle_support import duel
from cerilia_support import A, D, state, unit

from rules.cerilia.board import Event as SectorEvent
from rules.cerilia.engine import resolve_round
from rules.data import to_data
from rules.events import CORE_FIELDS, Event, core_data
from rules.kingmaker.battle.engine import fight


def _events():
    kingmaker = fight(duel(), 3).events
    cerilia = resolve_round(state(unit("a", A, at="C1"), unit("d", D, at="C3")), {}, seed=2).events
    return kingmaker, cerilia


def test_either_engines_events_read_through_the_shared_part():
    kingmaker, cerilia = _events()
    assert kingmaker and cerilia
    for event in (*kingmaker, *cerilia):
        assert isinstance(event, Event)
        stored = to_data(event)
        assert core_data(event) == {name: stored[name] for name in CORE_FIELDS}
        assert Event(**{name: stored[name] for name in CORE_FIELDS}) == Event(
            event.round, event.code, event.message, to_data(event.params))


def test_stored_events_keep_their_keys_in_their_old_order():
    kingmaker, cerilia = _events()
    assert list(to_data(kingmaker[0])) == ["round", "code", "message", "params", "actor",
                                           "target", "check", "damage"]
    assert list(to_data(cerilia[0])) == ["round", "phase", "code", "message", "params",
                                         "visible_to", "card", "result"]


def test_a_sector_event_is_built_positionally_as_before():
    positional = SectorEvent(1, "magic", "invisible", "secret", {"unit": "Grey Ghosts"},
                             frozenset({D}), 4, "F")
    assert positional == SectorEvent(round=1, phase="magic", code="invisible", message="secret",
                                     params={"unit": "Grey Ghosts"}, visible_to=frozenset({D}),
                                     card=4, result="F")
    assert (positional.phase, positional.visible_to, positional.card, positional.result) == (
        "magic", frozenset({D}), 4, "F")
    assert replace(positional, visible_to=frozenset({A})).visible_to == frozenset({A})
    bare = SectorEvent(1, "end", "battle_over", "over")
    assert (bare.params, bare.visible_to, bare.card, bare.result) == ({}, frozenset({A, D}),
                                                                       None, None)
