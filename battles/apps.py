from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BattlesConfig(AppConfig):
    name = "battles"
    verbose_name = _("Battles")

    def ready(self):
        from armies.labels import register_labels
        from battles.sector.labels import RESULT_LABELS
        from battles.sector.models import MORALE_SIGN_LABELS, SCHOOL_LABELS
        from rules.cerilia.spells import SPELL_LABELS

        # The engine's sector battle messages name signs and results by code (armies.labels).
        register_labels("sign", MORALE_SIGN_LABELS)
        register_labels("result", RESULT_LABELS)
        # Module "magic dice": the side without the pool ("other") and a caster the enemy cannot
        # see, named by its side (rules.cerilia.bound_spells, ruling).
        sides = {"attacker": _("the attacker"), "defender": _("the defender")}
        register_labels("other", sides)
        register_labels("caster", sides)
        # A character's school and the spells it was given that its school does not know
        # (rules.cerilia.characters).
        register_labels("school", SCHOOL_LABELS)
        register_labels("spells", {spell.value: _(label) for spell, label in SPELL_LABELS.items()},
                        listing=True)
