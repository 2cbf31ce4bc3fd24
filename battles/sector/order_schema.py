"""The shape of a side's orders, checked before the rules see them: only the keys of the round's
phase, unit and caster ids as the engine makes them, short texts without NUL bytes or lone
surrogates, bounded maps and paths. What is stored is what passed (never the raw body); the
rules then judge the orders themselves (battles.sector.services).

Errors name each field by its path under `orders`, as the rules' do: `moves.<unit id>`,
`spells.<caster id>.sector`."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TypedDict

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.settings import api_settings

from rules.cerilia.bound_spell_cards import BOUND_DICE
from rules.cerilia.cards import SIGNS
from rules.cerilia.concealment import MARKERS
from rules.cerilia.field import SECTORS
from rules.cerilia.magic_dice_orders import ANY, MAX_POOL, MAX_POWER_DICE, MIN_POWER_DICE
from rules.cerilia.modules import StandingKind
from rules.cerilia.spells import Spell
from rules.cerilia.state import KEY_PATTERN, TerrainKind, is_key

NAME_LENGTH = 16              # a sector, "reserve", a sign
KEY_LENGTH = 40               # a unit's or caster's id (rules.cerilia.state.KEY_PATTERN)
MAX_PATH = len(SECTORS)       # a longer path would enter some sector twice
MAX_ENTRIES = 200             # units or casters of one side, with room to spare
PUBLIC_NAME_LENGTH = 60       # an ambush's or trap's public name, on its markers
MAX_STANDING = 8              # standing orders of one unit (the rules take exactly 2)
MAX_BOUND = 50                # bound spells used in one magic phase, with room to spare
MAX_DISPEL = 40               # rules of one dispel plan
MAX_CELLS = 6                 # cells per sector (battles.sector.models.SectorBattle)
MAX_THRESHOLD = 99            # a dispel rule's casting total (a power level is at most 99)


# A whole value that is a key (a RegexField searches: "a b" would pass on its "a"); "^…$" reads
# the same in the OpenAPI schema's regex dialect, and a CharField trims a trailing newline.
WHOLE_KEY = re.compile(rf"^{KEY_PATTERN.pattern}$")


def _is_name(text: object) -> bool:
    return isinstance(text, str) and 0 < len(text) <= NAME_LENGTH and text.isprintable()


class ClosedSerializer(serializers.Serializer):
    """A serializer that refuses keys it does not know (a misspelt key must not pass
    silently)."""

    def to_internal_value(self, data):
        unknown = {}
        if isinstance(data, Mapping):
            unknown = {key: [_("Unknown field.")] for key in data if key not in self.fields}
        try:
            value = super().to_internal_value(data)
        except ValidationError as error:
            if not isinstance(error.detail, dict):
                raise
            raise ValidationError({**unknown, **error.detail}) from None
        if unknown:
            raise ValidationError(unknown)
        return value


class KeyedField(serializers.DictField):
    """An object keyed by unit or caster ids (or by sectors), at most MAX_ENTRIES entries."""

    default_error_messages = {
        "key": _("The keys must be ids of units or casters: letters, digits, - and _."),
        "sector_key": _("The keys must be sectors, e.g. \"B2\"."),
        "too_many": _("At most {count} entries."),
    }

    def __init__(self, *, sectors: bool = False, **kwargs):
        self.sectors = sectors
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            if len(data) > MAX_ENTRIES:
                self.fail("too_many", count=MAX_ENTRIES)
            # A bad key is never quoted back: the field path would carry it.
            check = _is_name if self.sectors else is_key
            if not all(check(key) for key in data):
                self.fail("sector_key" if self.sectors else "key")
        return super().to_internal_value(data)


def _name(**kwargs) -> serializers.CharField:
    return serializers.CharField(max_length=NAME_LENGTH, **kwargs)


def _key(**kwargs) -> serializers.CharField:
    return serializers.RegexField(WHOLE_KEY, max_length=KEY_LENGTH, error_messages={
        "invalid": _("Not the id of a unit: letters, digits, - and _.")}, **kwargs)


class StrictBooleanField(serializers.BooleanField):
    """true or false, not "yes" or 1."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictIntegerField(serializers.IntegerField):
    """A whole number, not "1", 1.5 or true."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


# The terrain an illusion may show (a fortification is not a terrain spell's to raise); one
# choice set, named in the schema by settings.SPECTACULAR_SETTINGS's ENUM_NAME_OVERRIDES.
SHOWN_TERRAIN = [t.value for t in TerrainKind if t is not TerrainKind.FORTIFICATION]


def _aim(**kwargs) -> serializers.CharField:
    """A sector, a unit's, marker's or artifact's id: what an order aims at."""
    return serializers.RegexField(WHOLE_KEY, max_length=KEY_LENGTH, error_messages={
        "invalid": _("Not a sector or an id: letters, digits, - and _.")}, **kwargs)


def _public_name(**kwargs) -> serializers.CharField:
    return serializers.CharField(max_length=PUBLIC_NAME_LENGTH, **kwargs)


def _marker_index(**kwargs) -> StrictIntegerField:
    return StrictIntegerField(min_value=0, max_value=MARKERS - 1, **kwargs)


class StandingOrderSerializer(ClosedSerializer):
    """Module "command": one standing order of an independent unit (reference, ruling:
    `advance_to <sector>`, `hold`, `shoot_nearest`, `shoot <unit>`, `scout`)."""

    kind = serializers.ChoiceField(choices=[k.value for k in StandingKind])
    target = _aim(required=False, allow_null=True, help_text=_(
        "advance_to: the sector, e.g. \"C2\"; shoot: the id of an enemy unit."))


def _standing(**kwargs) -> KeyedField:
    return KeyedField(
        child=serializers.ListField(child=StandingOrderSerializer(), max_length=MAX_STANDING),
        required=False, **kwargs)


class AmbushPlanSerializer(ClosedSerializer):
    """Phase 0, module "ambush": where a unit hides and the name its markers show."""

    sector = _name(help_text=_("A forest or ravine sector of your half of the field."))
    name = _public_name(help_text=_("The public name on its markers (the enemy reads it)."))


class TrapPlanSerializer(ClosedSerializer):
    """Phase 0, module "ambush": a trap of the scenario laid as three markers."""

    name = _public_name(help_text=_("The public name on its markers (the enemy reads it)."))
    sectors = serializers.ListField(child=_name(), max_length=MARKERS, help_text=_(
        "The sectors of its three markers, in your half of the field."))
    real = _marker_index(required=False, help_text=_(
        "Which of the three markers is the real trap (0, 1 or 2; default 0)."))


class MarkerMoveSerializer(ClosedSerializer):
    """Module "ambush": an ambush's markers laid (its first move) or moved, each on its own
    path at half speed."""

    paths = serializers.ListField(
        child=serializers.ListField(child=_name(), max_length=MAX_PATH), max_length=MARKERS,
        help_text=_("A path per marker, in the order of its markers."))
    true = _marker_index(required=False, help_text=_(
        "When the markers are first laid: which of the three is true (default 0)."))


class StrictChoiceField(serializers.ChoiceField):
    """A choice of whole numbers given as numbers, not "2" or true (a bound spell's dice: 2 or
    3, seed 002: «на 2 или на 3»)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(data)


class ArtifactUseSerializer(ClosedSerializer):
    """Module "artifacts": the artifact a character uses this round."""

    artifact = _key(help_text=_("The id of an artifact the character carries."))
    target = _aim(required=False, allow_null=True, help_text=_(
        "A bound spell: its sector or unit, as the spell is aimed."))
    toward = _name(required=False, allow_null=True, help_text=_(
        "A bound wall, or illusory cliffs or river: the neighbouring sector it faces."))
    terrain = serializers.ChoiceField(
        choices=SHOWN_TERRAIN, required=False, allow_null=True,
        help_text=_("A bound illusion: what the sector shows."))
    sign = serializers.ChoiceField(choices=list(SIGNS), required=False, allow_null=True,
                                   help_text=_("A banner or a bound blessing: the morale sign "
                                               "it adds (default: the first the unit lacks)."))
    dice = StrictChoiceField(choices=list(BOUND_DICE), required=False, help_text=_(
        "Module magic dice, a bound spell: used on 2 or 3 dice (default 2)."))


class SpellOrderSerializer(ClosedSerializer):
    """A caster's spell this round; which keys a spell needs depends on the spell."""

    spell = serializers.ChoiceField(choices=[s.value for s in Spell])
    sector = _name(required=False, allow_null=True, help_text=_(
        "Terrain spells, fog, illusory terrain, summoning and walls: the sector, e.g. \"C2\"."))
    toward = _name(required=False, allow_null=True, help_text=_(
        "Walls, and illusory cliffs or river: the neighbouring sector they face."))
    unit = _key(required=False, allow_null=True, help_text=_(
        "Mass invisibility and bless: one of your units; a priest's battle spell: the enemy "
        "unit it strikes."))
    terrain = serializers.ChoiceField(
        choices=SHOWN_TERRAIN, required=False, allow_null=True,
        help_text=_("Illusory terrain: what the sector shows."))
    sign = serializers.ChoiceField(choices=list(SIGNS), required=False, allow_null=True,
                                   help_text=_("Bless: the morale sign it adds."))
    dice = StrictIntegerField(min_value=MIN_POWER_DICE, max_value=MAX_POWER_DICE,
                              required=False, help_text=_(
                                  "Module magic dice: the power dice it is cast with (1–5; "
                                  "required with the module)."))
    path = serializers.ListField(child=_name(), max_length=MAX_PATH, required=False,
                                 help_text=_("Module magic dice, a magical move (Haste): the "
                                             "sectors the unit enters, in order."))
    cell = StrictIntegerField(min_value=0, max_value=MAX_CELLS - 1, required=False, allow_null=True,
                              help_text=_("A magical move: the cell it takes in its last sector."))
    joins = _key(required=False, allow_null=True, help_text=_(
        "A magical move: the id of a character of your side that joins the unit there."))


class BoundUseSerializer(ClosedSerializer):
    """Module magic dice: a unit or character uses one of its bound spells (seed 002, XI.6.A),
    aimed as the spell is."""

    holder = _key(help_text=_("The id of your unit or character that carries it."))
    index = StrictIntegerField(min_value=0, max_value=MAX_BOUND, required=False, help_text=_(
        "Which of its bound spells, counting from 0 (default 0)."))
    dice = StrictChoiceField(choices=list(BOUND_DICE),
                             help_text=_("Used on 2 or 3 dice of the pool."))
    sector = _name(required=False, allow_null=True, help_text=_("The spell's sector."))
    toward = _name(required=False, allow_null=True, help_text=_(
        "Walls, and illusory cliffs or river: the neighbouring sector they face."))
    unit = _key(required=False, allow_null=True, help_text=_("The spell's unit."))
    terrain = serializers.ChoiceField(choices=SHOWN_TERRAIN, required=False, allow_null=True,
                                      help_text=_("Illusory terrain: what the sector shows."))
    sign = serializers.ChoiceField(choices=list(SIGNS), required=False, allow_null=True,
                                   help_text=_("Bless: the morale sign it adds."))


class DispelRuleSerializer(ClosedSerializer):
    """Module magic dice: one rule of the dispel plan (reference: a spell or "any", the most
    dice to spend, optionally only when the casting total is at least N)."""

    spell = serializers.ChoiceField(choices=[ANY, *(s.value for s in Spell)], required=False,
                                    help_text=_("The enemy spell it answers, or \"any\" "
                                                "(default)."))
    dice = StrictIntegerField(min_value=1, max_value=MAX_POOL, help_text=_(
        "The most dispel dice to spend on it."))
    at_least = StrictIntegerField(min_value=0, max_value=MAX_THRESHOLD, required=False, help_text=_(
        "Only when the casting total (or a bound spell's power level) is at least this."))


class DeploymentSerializer(ClosedSerializer):
    """Round 0: where each unit starts, the fortification and the open directions."""

    placements = KeyedField(
        child=_name(), required=False,
        help_text=_("Round 0: unit id → a sector of your own line (attacker: A1–E1, defender: "
                    "A3–E3) or \"reserve\". E.g. {\"unit-5f0c1e2a9b3d\": \"C3\"}."))
    fortification = _name(
        required=False, allow_null=True,
        help_text=_("Round 0, the defender only, when the scenario has a fortification: its "
                    "sector on the defender's line, e.g. \"C3\"."))
    directions = KeyedField(
        sectors=True, child=_name(), required=False,
        help_text=_("Round 0, the defender only: for each cliffs or river card without a "
                    "direction, the neighbouring sector it cuts off. E.g. {\"B2\": \"B3\"}."))
    standing = _standing(help_text=_(
        "Round 0, module command: each independent unit's 2 standing orders. E.g. "
        "{\"unit-5f0c1e2a9b3d\": [{\"kind\": \"advance_to\", \"target\": \"C2\"}, "
        "{\"kind\": \"shoot_nearest\"}]}."))
    ambushes = KeyedField(child=AmbushPlanSerializer(), required=False, help_text=_(
        "Round 0, module ambush: unit id → where it hides and its markers' name."))
    traps = KeyedField(child=TrapPlanSerializer(), required=False, help_text=_(
        "Round 0, module ambush: trap id (of the scenario's) → its name and markers."))


class RoundOrdersSerializer(ClosedSerializer):
    """Rounds 1 and on: moves, missile targets, spells, withdrawal."""

    moves = KeyedField(
        child=serializers.ListField(child=_name(), max_length=MAX_PATH), required=False,
        help_text=_("Unit id → the sectors it enters, in order, at most its movement points. "
                    "E.g. {\"unit-5f0c1e2a9b3d\": [\"C2\", \"C3\"]}."))
    targets = KeyedField(
        child=_key(), required=False,
        help_text=_("Unit id → the id of an enemy unit you can see, for its missile attack."))
    spells = KeyedField(
        child=SpellOrderSerializer(allow_null=True), required=False,
        help_text=_("Caster id → its spell this round. E.g. {\"caster-9e27b4d1c06a\": {\"spell\": \"fog\", "
                    "\"sector\": \"C2\"}}."))
    withdraw = StrictBooleanField(required=False, help_text=_("Leave the field to the enemy."))
    standing = _standing(help_text=_(
        "Module command: an independent unit's new pair of standing orders (2 points for "
        "each order replaced)."))
    markers = KeyedField(child=MarkerMoveSerializer(), required=False, help_text=_(
        "Module ambush: ambush id → its markers' paths."))
    scouts = serializers.ListField(child=_key(), max_length=MAX_ENTRIES, required=False,
                                   help_text=_("Module scouting: the ids of the units that "
                                               "scout their forest or ravine."))
    artifacts = KeyedField(child=ArtifactUseSerializer(allow_null=True), required=False,
                           help_text=_("Module artifacts: character id → the artifact it "
                                       "uses."))
    strike_scouts = serializers.ListField(
        child=_key(), max_length=MAX_ENTRIES, required=False,
        help_text=_("Module scouting: the ids of your ambushes that strike enemy scouts who "
                    "miss them."))
    reveal_first = serializers.ListField(
        child=_name(), max_length=MAX_PATH, required=False,
        help_text=_("The sectors whose hidden unit you reveal first when several block one "
                    "retreat."))
    bound = serializers.ListField(child=BoundUseSerializer(), max_length=MAX_BOUND,
                                  required=False, help_text=_(
                                      "Module magic dice: the bound spells your units and "
                                      "characters use, each once per magic phase."))
    dispel = serializers.ListField(child=DispelRuleSerializer(), max_length=MAX_DISPEL,
                                   required=False, help_text=_("Module magic dice: your dispel "
                                                               "plan, rules in priority order."))


class SectorOrdersSerializer(DeploymentSerializer, RoundOrdersSerializer):
    """A side's orders for the open round (the schema's view of both phases). Round 0
    (deployment) takes `placements`, `fortification`, `directions`, `standing`, `ambushes` and
    `traps` only; later rounds `moves`, `targets`, `spells`, `withdraw`, `standing`,
    `markers`, `scouts`, `artifacts`, `strike_scouts`, `reveal_first`, `bound` and `dispel`
    only. Units left out
    wait in the reserve (round 0) or hold."""


class SideOrdersData(TypedDict, total=False):
    """SideOrders.orders, as the side submitted them (SectorOrdersSerializer; a new shape is a
    new version of battles.sector.models.SIDE_ORDERS)."""

    placements: dict[str, str]
    fortification: str | None
    directions: dict[str, str]
    moves: dict[str, list[str]]
    targets: dict[str, str]
    spells: dict[str, dict[str, Any] | None]
    withdraw: bool
    standing: dict[str, list[dict[str, Any]]]
    ambushes: dict[str, dict[str, Any]]
    traps: dict[str, dict[str, Any]]
    markers: dict[str, dict[str, Any]]
    scouts: list[str]
    artifacts: dict[str, dict[str, Any] | None]
    strike_scouts: list[str]
    reveal_first: list[str]
    bound: list[dict[str, Any]]
    dispel: list[dict[str, Any]]


def _paths(detail, prefix: str = "") -> dict[str, list]:
    """DRF's nested errors as one level of dotted paths: {"moves": {"7": {0: [...]}}} →
    {"moves.7.0": [...]}; an object's own errors (non_field_errors) name the object."""
    if isinstance(detail, dict):
        found: dict[str, list] = {}
        for key, value in detail.items():
            own = key == api_settings.NON_FIELD_ERRORS_KEY
            path = prefix if own else f"{prefix}.{key}" if prefix else str(key)
            for where, messages in _paths(value, path).items():
                found.setdefault(where, []).extend(messages)
        return found
    return {prefix or api_settings.NON_FIELD_ERRORS_KEY: list(detail)}


def validated_orders(data, *, round_number: int) -> dict:
    """The orders in their checked shape for the round (0: deployment), or ValidationError
    whose fields are paths (`moves.<unit id>`)."""
    serializer = (DeploymentSerializer if round_number == 0 else RoundOrdersSerializer)(data=data)
    if not serializer.is_valid():
        raise ValidationError(_paths(serializer.errors))
    return _plain(serializer.validated_data)


def _plain(value):
    """Nested OrderedDicts and ReturnDicts as plain JSON values (what the column stores)."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value
