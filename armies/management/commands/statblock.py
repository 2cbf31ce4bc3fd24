"""Print an army's derived stat block: the GM's quick reference."""
from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from armies.adapters import render_violation, template_state
from armies.models import ArmyTemplate
from rules.errors import RuleViolation
from rules.kingmaker.army import ArmyState, StatBlock, stat_block
from rules.kingmaker.conditions import condition_violations, parse_condition, settled
from rules.kingmaker.gear import gear_violations, parse_gear
from rules.kingmaker.tactics import tactic_violations
from rules.kingmaker.templates import REGULAR_TEMPLATES
from rules.kingmaker.templates import ArmyType as RuleArmyType


class Command(BaseCommand):
    help = _("Print the stat block of an army of a type (or special template) at a level.")

    def add_arguments(self, parser):
        parser.add_argument("--type", choices=[t.value for t in RuleArmyType], help=_("Regular army type."))
        parser.add_argument("--template", help=_("Army template name, e.g. \"Sootscale Warriors\"."))
        parser.add_argument("--level", type=int, required=True, help=_("Army level (1-20)."))
        parser.add_argument("--gear", action="append", default=[], metavar="CODE",
                            help=_("Gear code, e.g. magic_armor:greater (repeatable)."))
        parser.add_argument("--condition", action="append", default=[], metavar="CODE[:VALUE]",
                            help=_("Condition, e.g. weary:2 or outflanked (repeatable)."))
        parser.add_argument("--tactic", action="append", default=[], metavar="CODE",
                            help=_("Tactic code, e.g. toughened_soldiers (repeatable)."))
        parser.add_argument("--hp", type=int, help=_("Current HP (default: maximum)."))
        parser.add_argument("--json", action="store_true", help=_("Print a JSON object."))

    def handle(self, *args, **options):
        try:
            block = stat_block(self._army(options))
        except RuleViolation as error:
            raise CommandError("\n".join(render_violation(v) for v in error.violations)) from None
        if options["json"]:
            self.stdout.write(json.dumps(block.as_dict(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(format_stat_block(block))

    def _army(self, options) -> ArmyState:
        if bool(options["type"]) == bool(options["template"]):
            raise CommandError(_("Give either --type or --template."))
        if options["template"]:
            found = ArmyTemplate.objects.filter(name__iexact=options["template"]).first()
            if found is None:
                raise CommandError(_("Unknown army template: %(name)s.") % {"name": options["template"]})
            template = template_state(found)
        else:
            template = REGULAR_TEMPLATES[RuleArmyType(options["type"])]
        level = template.check_level(options["level"])
        gear = tuple(parse_gear(code) for code in options["gear"])
        # The condition rules apply as on every stored change: "Если войско завязнет 4, оно
        # станет взятым в котёл"; "Когда потрясение войска достигнет 4, оно обращено в бегство".
        conditions = settled(parse_condition(code) for code in options["condition"])
        tactics = (*template.tactics, *options["tactic"])
        hp = options["hp"]
        violations = [
            *gear_violations(template, level, gear),
            *tactic_violations(template, level, tactics),
        ]
        if hp is not None:
            if hp < 0:
                raise CommandError(_("HP cannot be negative."))
            violations += condition_violations(conditions, hp)
        if violations:
            raise RuleViolation(violations)
        return ArmyState(template=template, level=level, tactics=tactics, gear=gear,
                         conditions=conditions, hp=hp)


def _signed(value: int) -> str:
    return f"{value:+d}"


def format_stat_block(block: StatBlock) -> str:
    """The stat block as the seed prints it (БЛОК ПАРАМЕТРОВ ВОЙСКА)."""
    strikes = [f"{_('Melee') if kind.value == 'melee' else _('Ranged')}: {s.name} "
               f"{_signed(s.attack.total)}" for kind, s in block.strikes.items()]
    rt = "—" if block.routing_threshold is None else block.routing_threshold
    lines = [
        f"{block.name} — {_('army')} {block.level} ({block.army_type.value})",
        f"{_('Scouting')} {_signed(block.scouting)}; {_('standard DC')} {block.standard_dc}; "
        f"{_('recruitment DC')} {block.recruitment_dc or '—'}; "
        f"{_('consumption')} {'—' if block.consumption is None else block.consumption}",
        f"{_('AC')} {block.ac}; {_('Maneuver')} {_signed(block.maneuver)}; "
        f"{_('Morale')} {_signed(block.morale)} ({_('high save')}: {block.high_save.value})",
        f"{_('HP')} {block.hp}/{block.max_hp} ({_('routing threshold')} {rt})",
        *strikes,
    ]
    if block.ammunition is not None:
        lines.append(f"{_('ammunition')}: {block.ammunition}")
    lines.append(f"{_('tactics')}: {', '.join(block.tactics) or '—'} "
                 f"({block.tactics_counted}/{block.max_tactics})")
    lines.append(f"{_('gear')}: {', '.join(g.label() for g in block.gear) or '—'}")
    lines.append(f"{_('conditions')}: {', '.join(c.label() for c in block.conditions) or '—'}")
    return "\n".join(lines)
