"""The GM's catalogs for sector battles (Wars of Cerilia): the unit cards, checked by the rules,
which card each army type fights as, seed 001's army book of artifacts and trap cards, and seed
002's spell catalog with its casting values."""
from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from armies.adapters import render_violation
from battles.sector import adapters
from battles.sector.models import (
    CARD_TAG_CHOICES,
    MORALE_SIGN_CHOICES,
    MORALE_SIGN_LABELS,
    TemplateCard,
    UnitCard,
)
from battles.sector.module_models import EFFECT_CHOICES, ArtifactCard, SpellCard, TrapCard
from battles.sector.validators import bound_problem
from campaigns.admin_scope import CatalogAdmin
from rules.cerilia.cards import SIGNS, Tag, card_violations

CARD_FIELDS = ["code", "name", "melee", "charge", "missile", "missile_range", "defense",
               "morale", "movement", "hits", "tags", "night_bonus", "wounds", "champion",
               "standard", "musician", "bound"]


def _in_order(chosen, choices) -> list[str]:
    """The chosen values, known ones only, sorted as the shipped catalog stores them (stable
    JSON, stable history)."""
    return sorted(set(chosen) & set(choices))


class UnitCardForm(forms.ModelForm):
    morale = forms.MultipleChoiceField(
        label=gettext_lazy("morale signs"), choices=MORALE_SIGN_CHOICES,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("One to three distinct signs: a unit passes a morale test when "
                               "its card bears the sign drawn."))
    tags = forms.MultipleChoiceField(label=gettext_lazy("tags"), choices=CARD_TAG_CHOICES,
                                     widget=forms.CheckboxSelectMultiple, required=False)

    class Meta:
        model = UnitCard
        fields = CARD_FIELDS

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "wounds" in self.fields:   # not when the page is read-only
            self.fields["wounds"].required = False  # blank: one wound per model, as before

    def clean_wounds(self):
        wounds = self.cleaned_data.get("wounds")
        return 1 if wounds is None else wounds

    def clean_bound(self):
        return self.cleaned_data.get("bound") or []

    def clean_morale(self):
        return _in_order(self.cleaned_data["morale"], SIGNS)

    def clean_tags(self):
        return _in_order(self.cleaned_data["tags"], [tag.value for tag in Tag])

    def clean(self):
        data = super().clean()
        needed = ["code", "name", "melee", "defense", "morale", "movement", "hits"]
        if any(data.get(name) in (None, "") for name in needed):
            return data  # the fields' own errors first
        card = UnitCard(**{name: data.get(name) for name in CARD_FIELDS})
        card.missile_range = card.missile_range or 0
        card.night_bonus = card.night_bonus or 0
        card.tags = card.tags or []
        if bound_problem(card.bound) is not None:
            return data  # the field's own validator says what is wrong
        found = card_violations(adapters.engine_card(card))
        for violation in found.violations if found else ():
            self.add_error(violation.field if violation.field in self.fields else None,
                           render_violation(violation))
        return data


@admin.register(UnitCard)
class UnitCardAdmin(CatalogAdmin, SimpleHistoryAdmin):
    form = UnitCardForm
    list_display = ["name", "code", "melee", "charge", "missile", "missile_range", "defense",
                    "morale_signs", "movement", "hits", "tag_list", "night_bonus"]
    search_fields = ["name", "code"]
    fieldsets = [
        (None, {"fields": ["code", "name"]}),
        (gettext_lazy("Attack and defense"), {"fields": [
            ("melee", "charge"), ("missile", "missile_range"), "defense", "night_bonus"]}),
        (gettext_lazy("Morale, movement and hits"), {"fields": ["morale", "movement", "hits"]}),
        (gettext_lazy("Tags"), {"fields": ["tags"]}),
        (gettext_lazy("Module magic dice: models and bound spells"), {"fields": [
            "wounds", ("champion", "standard", "musician"), "bound"]}),
    ]

    @admin.display(description=gettext_lazy("morale signs"))
    def morale_signs(self, card: UnitCard) -> str:
        return ", ".join(str(MORALE_SIGN_LABELS.get(sign, sign)) for sign in card.morale) or "—"

    @admin.display(description=gettext_lazy("tags"))
    def tag_list(self, card: UnitCard) -> str:
        labels = dict(CARD_TAG_CHOICES)
        return ", ".join(str(labels.get(tag, tag)) for tag in card.tags) or "—"


@admin.register(TemplateCard)
class TemplateCardAdmin(CatalogAdmin, admin.ModelAdmin):
    list_display = ["template", "card"]
    list_select_related = ["template", "card"]
    list_filter = ["template__special"]
    search_fields = ["template__name", "card__name"]
    autocomplete_fields = ["template", "card"]


@admin.register(ArtifactCard)
class ArtifactCardAdmin(CatalogAdmin, SimpleHistoryAdmin):
    """The army book (seed 001: "Перечень доступных артефактов приведен в книге армии"): the
    shipped examples and the GM's own; the model's clean checks a bound spell's spell and
    power."""

    list_display = ["name", "code", "effect_name", "uses", "spell", "power", "example"]
    list_filter = ["effect", "example"]
    search_fields = ["name", "code"]
    fieldsets = [
        (None, {"fields": ["code", "name", "effect", "uses"]}),
        (gettext_lazy("Bound spell"), {"fields": ["spell", "power"]}),
        (None, {"fields": ["example"]}),
    ]

    @admin.display(description=gettext_lazy("effect"), ordering="effect")
    def effect_name(self, card: ArtifactCard) -> str:
        return str(dict(EFFECT_CHOICES).get(card.effect, card.effect))


@admin.register(TrapCard)
class TrapCardAdmin(CatalogAdmin, SimpleHistoryAdmin):
    """Trap cards (reference, ruling: a card with an attack value, drawn against the trapped
    unit's defense)."""

    list_display = ["name", "code", "attack"]
    search_fields = ["name", "code"]
    fields = ["code", "name", "attack"]


@admin.register(SpellCard)
class SpellCardAdmin(CatalogAdmin, SimpleHistoryAdmin):
    """The spell catalog (issue 14: "the GM edits casting values in the spell catalog"): one row
    per spell of the engine, shipped by migration 0012. Like the other catalogs every campaign
    shares, changing a row is the operator's: a campaign's GM sets a battle's own casting
    values on the battle (SectorBattle.casting_values, over these). None are added or deleted,
    since the engine names the spells. A battle takes the values when it starts
    (battles.sector.adapters.initial_state), so an edit never changes a battle under way or its
    replay."""

    list_display = ["spell_name", "casting_value", "attribute"]
    list_editable = ["casting_value"]
    search_fields = ["spell"]
    fields = ["spell", "casting_value", "attribute"]
    # The engine reads no attribute (rules.cerilia.magic_dice.ATTRIBUTES is empty): a note a
    # GM could edit would promise an effect no battle plays.
    readonly_fields = ["spell", "attribute"]

    @admin.display(description=gettext_lazy("spell"), ordering="spell")
    def spell_name(self, card: SpellCard) -> str:
        return str(card)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
