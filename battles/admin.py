"""The GM's back office for battle scenes: set one up (armies, sides, garrisons, plans checked by
the rules), send it for resolution, step through it round by round, replay it from its seed, weigh
its odds, and read its report."""
from __future__ import annotations

import functools
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import ValidationError
from simple_history.admin import SimpleHistoryAdmin

from armies.adapters import army_state, render_violation
from armies.report_text import with_text
from armies.selectors import armies_with_details
from battles import admin_views
from battles.adapters import plan_data, plan_from
from battles.api.serializers import PlanSerializer
from battles.forms import PLAN_NAMES, PlanFields, check_campaign_kingdoms, offer, plan_of
from battles.ground import hex_ground, set_ground
from battles.models import BattleParticipant, BattleReport, BattleScene
from battles.reports import with_names
from battles.services import (
    battle_from_scene,
    battle_report_narrate,
    participant_add,
    participant_check,
    plan_problems,
    scene_reopen,
    scenes_send_to_workers,
)
from campaigns.admin_scope import CampaignScopedAdmin, CampaignScopedInline, KnownLabelsInline
from rules.errors import RuleViolation
from rules.kingmaker.hexes import canonical_hex, hex_violations

SCENE_FIELDS = ["campaign", "hex", "attacker_kingdom", "defender_kingdom", "terrain", "water",
                "wind", "light", "fortification", "fortification_side", "fortification_hp",
                "attacker_pcs_present", "defender_pcs_present", "attacker_pc_fight",
                "defender_pc_fight", "attacker_initiative", "defender_initiative", "max_rounds"]
# The battlefield a scene's hex gives by default (battles.ground).
GROUND_FIELDS = ("terrain", "water", "fortification", "fortification_side", "fortification_hp")
MODEL_FIELDS = ("army", "side", "garrisoned", "starts_shaken")
PARTICIPANT_FIELDS = (*MODEL_FIELDS, *PLAN_NAMES)


def plan_shape_errors(plan) -> list[tuple[str, str]]:
    """The DRF plan serializer's complaints about a plan's shape, as (field, message)."""
    body = PlanSerializer(data=plan)
    try:
        body.is_valid(raise_exception=True)
    except ValidationError as error:
        detail = error.detail if isinstance(error.detail, dict) else {"": error.detail}
        return [(name, str(message)) for name, messages_ in detail.items()
                for message in messages_]
    return []


def _plan_error(form: forms.BaseForm, field: str, message: str) -> None:
    """Beside the plan's field, or above the row with the field's name."""
    if field in form.fields:
        form.add_error(field, message)
    else:
        form.add_error(None, f"{field}: {message}" if field and field not in (
            "__all__", "non_field_errors") else message)


# What a new row's plan fields show before the GM changes them (then: the army's default plan).
NEW_ROW_PLAN = {"stance": "advance", "targeting": "weakest"}


class ParticipantForm(PlanFields, forms.ModelForm):
    """A participant row: its army and side, and its battle plan as fields (battles.plan_form)
    that offer the scene's armies to aim at and the war actions the army knows."""

    class Meta:
        model = BattleParticipant
        fields = list(MODEL_FIELDS)

    def __init__(self, *args, rows: list[BattleParticipant] | None = None,
                 armies: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        army_field = self.fields.get("army")
        if not isinstance(army_field, forms.ModelChoiceField):
            return  # a fought scene's rows are read only (ParticipantInline.plan_text)
        own = self.instance if self.instance.pk else None
        army = (armies or {}).get(own.army_id) if own is not None else None
        # A scene's rows aim at its other side; a new scene's at any army its rows may field
        # (the rules refuse one of the same side).
        enemies = [(each.army_id, each.army.name) for each in rows or ()
                   if own is None or each.side != own.side]
        offer(self, enemies=enemies, army=army)
        self.initial.update(NEW_ROW_PLAN)
        if own is not None and army is not None:
            try:
                self.initial.update(plan_data(plan_from(own.plan, army_state(army))))
            except RuleViolation:  # a stored plan the engine cannot read: the rules will say
                pass

    def clean(self):
        data = super().clean()
        if "stance" in self.fields:
            # A new row left as offered fights with its army's default plan.
            untouched = self.instance.pk is None and not set(PLAN_NAMES) & set(self.changed_data)
            data["plan"] = {} if untouched else plan_of(data)
            self.instance.plan = data["plan"]
        return data


class ParticipantFormSet(forms.BaseInlineFormSet):
    """Each army as battles.services.participant_check admits it for the GM at the page
    (`actor`, set by the inline); each plan as the API takes it and as the rules allow it. A new
    row is saved by participant_add, which checks it again."""

    actor: Any = None

    def get_form_kwargs(self, index):
        return {**super().get_form_kwargs(index), **self._plan_choices}

    @functools.cached_property
    def _plan_choices(self) -> dict[str, Any]:
        """Read once for every row: the armies a plan may aim at (the scene's participants and
        the armies the rows being sent add, of those the GM may field) and the scene's armies
        with their tactics."""
        scene = self.instance
        rows = list(scene.participants.select_related("army")) if scene.pk else []
        posted = {int(value) for key, value in self.data.items()
                  if key.startswith(f"{self.prefix}-") and key.endswith("-army")
                  and str(value).isdecimal() and str(value).isascii()}
        field = self.form.base_fields.get("army")
        if posted and isinstance(field, forms.ModelChoiceField) and field.queryset is not None:
            known = {row.army_id for row in rows}
            rows += [BattleParticipant(army=army, side="")
                     for army in field.queryset.filter(pk__in=posted - known)]
        armies = armies_with_details().in_bulk([row.army_id for row in rows])
        return {"rows": rows, "armies": armies}

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        scene = self.instance
        forms_ = [f for f in self.forms if f.cleaned_data and not f.cleaned_data.get("DELETE")]
        rows = [BattleParticipant(scene=scene, army=f.cleaned_data["army"],
                                  side=f.cleaned_data["side"],
                                  garrisoned=f.cleaned_data["garrisoned"],
                                  starts_shaken=f.cleaned_data["starts_shaken"] or 0)
                for f in forms_]
        armies = {a.pk: a for a in armies_with_details().filter(pk__in=[r.army_id for r in rows])}
        for form, row in zip(forms_, rows, strict=True):
            army = armies[row.army_id]
            try:
                participant_check(actor=self.actor, scene=scene, participant=row, army=army)
            except RuleViolation as error:
                for violation in error.violations:
                    form.add_error(violation.field, render_violation(violation))
            plan = form.cleaned_data["plan"]
            shape = plan_shape_errors(plan)
            for field, message in shape:
                _plan_error(form, field, message)
            if shape or form.errors:
                continue
            try:
                problems = plan_problems(row, plan, army, rows)
            except RuleViolation as error:  # e.g. the army cannot be fielded at its level
                problems = list(error.violations)
            for violation in problems:
                _plan_error(form, violation.field, render_violation(violation))

    def save_new(self, form, commit=True):
        data = form.cleaned_data
        return participant_add(actor=self.actor, scene=self.instance, army=data["army"],
                               side=data["side"], garrisoned=data["garrisoned"],
                               starts_shaken=data["starts_shaken"] or 0,
                               plan=data.get("plan") or {})


class ParticipantInline(KnownLabelsInline, CampaignScopedInline, admin.TabularInline):
    model = BattleParticipant
    form = ParticipantForm
    formset = ParticipantFormSet
    extra = 0
    autocomplete_fields = ["army"]

    def _open(self, obj) -> bool:
        return obj is None or obj.takes_plans

    def get_queryset(self, request):
        # Each row names its army (its title, a read-only army): one query, not one a row.
        return super().get_queryset(request).select_related("army")

    def get_fields(self, request, obj=None):
        return list(PARTICIPANT_FIELDS) if self._open(obj) else [*MODEL_FIELDS, "plan_text"]

    def get_readonly_fields(self, request, obj=None):
        return [] if self._open(obj) else [*MODEL_FIELDS, "plan_text"]

    @admin.display(description=gettext_lazy("battle plan"))
    def plan_text(self, participant: BattleParticipant) -> str:
        return ", ".join(f"{name}: {value}" for name, value in participant.plan.items()) or "—"

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        formset.actor = request.user  # a class made for this request
        return formset

    def has_add_permission(self, request, obj=None):
        return self._open(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._open(obj) and super().has_delete_permission(request, obj)


class BattleSceneForm(forms.ModelForm):
    class Meta:
        model = BattleScene
        fields = SCENE_FIELDS

    def clean(self):
        data = super().clean()
        check_campaign_kingdoms(self, data)
        if "hex" in data:
            hex_ = data["hex"]
            data["hex"] = canonical_hex(hex_)
            for violation in hex_violations(hex_):
                self.add_error("hex", render_violation(violation))
        self._ground_from_map(data)
        if data.get("fortification") and not data.get("fortification_side"):
            self.add_error("fortification_side", _("Say which side holds the fortification."))
        if not data.get("fortification"):
            data["fortification_side"] = ""
            data["fortification_hp"] = None
        return data


    def _ground_from_map(self, data) -> None:
        """A new scene left with the default battlefield takes its hex's from the campaign map
        (terrain, water, a settlement's wall); a battlefield field the GM set is kept whole."""
        if self.instance.pk is not None or set(GROUND_FIELDS) & set(self.changed_data) \
                or self.has_error("hex") or not data.get("campaign") or not data.get("hex"):
            return
        attacker, defender = data.get("attacker_kingdom"), data.get("defender_kingdom")
        ground = hex_ground(data["campaign"], data["hex"],
                            attacker=attacker.name if attacker else None,
                            defender=defender.name if defender else None)
        if ground is None:
            return
        scene = BattleScene()
        set_ground(scene, ground)
        data.update({name: getattr(scene, name) for name in GROUND_FIELDS})


@admin.register(BattleScene)
class BattleSceneAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "campaign"
    form = BattleSceneForm
    list_display = ["__str__", "campaign", "status", "attacker_kingdom", "defender_kingdom",
                    "created_at", "report_link"]
    list_filter = ["status", "campaign"]
    list_select_related = ["campaign", "attacker_kingdom", "defender_kingdom", "report"]
    search_fields = ["hex", "attacker_kingdom__name", "defender_kingdom__name"]
    inlines = [ParticipantInline]
    actions = ["resolve_now", "reopen_failed", "fight_as_sector_battle"]
    STATE_FIELDS = ["status", "gm_tools", "gambit", "seed", "locked_at", "resolving_since",
                    "resolved_at", "error"]

    def get_fieldsets(self, request, obj=None):
        return [
            (None, {"fields": ["campaign", "hex", ("attacker_kingdom", "defender_kingdom")]}),
            (gettext_lazy("Battlefield"), {"fields": [
                ("terrain", "water"), ("wind", "light"),
                ("fortification", "fortification_side", "fortification_hp"), "max_rounds"]}),
            (gettext_lazy("Player characters and initiative"), {"fields": [
                ("attacker_pcs_present", "attacker_pc_fight", "attacker_initiative"),
                ("defender_pcs_present", "defender_pc_fight", "defender_initiative")]}),
            (gettext_lazy("Resolution"), {"fields": self.STATE_FIELDS}),
        ]

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and not obj.takes_plans:
            return [*SCENE_FIELDS, *self.STATE_FIELDS]
        return self.STATE_FIELDS

    @admin.display(description=gettext_lazy("report"))
    def report_link(self, scene: BattleScene):
        report = getattr(scene, "report", None)
        if report is None:
            return "—"
        return format_html('<a href="{}">{}</a>',
                           reverse("admin:battles_battlereport_change", args=[report.pk]),
                           _("Read the report"))

    @admin.display(description=gettext_lazy("GM tools"))
    def gm_tools(self, scene: BattleScene):
        if not scene.pk:
            return _("Save the scene first.")
        links = []
        if hasattr(scene, "report"):
            links += [(reverse("admin:battles_battlereport_change", args=[scene.report.pk]),
                       _("Read the report")),
                      (reverse("admin:battles_battlescene_replay", args=[scene.pk]),
                       _("Replay from seed"))]
        links += [(reverse("admin:battles_battlescene_step", args=[scene.pk]),
                   _("Resolve one round at a time")),
                  (reverse("admin:battles_battlescene_odds", args=[scene.pk]), _("Odds"))]
        return format_html_join(" · ", '<a class="button" href="{}">{}</a>', links)

    def get_urls(self):
        view = self.admin_site.admin_view

        def page(function):
            return view(lambda request, object_id: function(self, request, object_id))

        return [
            path("<path:object_id>/replay/", page(admin_views.replay_view),
                 name="battles_battlescene_replay"),
            path("<path:object_id>/step/", page(admin_views.step_view),
                 name="battles_battlescene_step"),
            path("<path:object_id>/odds/", page(admin_views.odds_view),
                 name="battles_battlescene_odds"),
            *super().get_urls(),
        ]

    @admin.action(description=gettext_lazy("Resolve now"), permissions=["change"])
    def resolve_now(self, request, queryset):
        try:
            count = scenes_send_to_workers(actor=request.user, scenes=queryset)
        except RuleViolation as error:
            self.message_user(request, render_violation(error.violations[0]), messages.ERROR)
            return
        self.message_user(request, _("%(count)s battle scene(s) locked and sent for resolution.")
                          % {"count": count}, messages.SUCCESS if count else messages.WARNING)

    @admin.action(description=gettext_lazy("Reopen failed scenes"), permissions=["change"])
    def reopen_failed(self, request, queryset):
        for scene in queryset:
            try:
                scene_reopen(actor=request.user, scene=scene)
            except RuleViolation as error:
                self.message_user(request, f"{scene}: {render_violation(error.violations[0])}",
                                  messages.ERROR)
            else:
                self.message_user(request, _("%(scene)s goes back to the queue.")
                                  % {"scene": scene}, messages.SUCCESS)

    @admin.action(description=gettext_lazy("Fight as a sector battle (Wars of Cerilia)"),
                  permissions=["change"])
    def fight_as_sector_battle(self, request, queryset):
        for scene in queryset:
            name = str(scene)
            try:
                battle, unmapped = battle_from_scene(actor=request.user, scene=scene)
            except RuleViolation as error:
                self.message_user(request, f"{name}: {render_violation(error.violations[0])}",
                                  messages.ERROR)
                continue
            self.message_user(request, _("%(scene)s is now a sector battle being set up: add its "
                                         "terrain cards and casters, then start it.")
                              % {"scene": name}, messages.SUCCESS)
            if unmapped:
                self.message_user(request, _("No unit card fights for %(armies)s: add their "
                                             "units by hand or map their army type to a card.")
                                  % {"armies": ", ".join(a.name for a in unmapped)},
                                  messages.WARNING)


@admin.register(BattleReport)
class BattleReportAdmin(CampaignScopedAdmin, admin.ModelAdmin):
    campaign_path = "scene__campaign"
    list_display = ["__str__", "scene_status", "created_at"]
    list_filter = ["scene__campaign"]
    list_select_related = ["scene"]
    # The GM adds their narration; the rest is the resolution's.
    fields = ("scene", "created_at", "narration", "report")
    readonly_fields = ("scene", "created_at", "report")

    def has_add_permission(self, request):
        return False  # reports come from resolutions

    def save_model(self, request, obj, form, change):
        battle_report_narrate(actor=request.user, report=obj, narration=obj.narration)

    @admin.display(description=gettext_lazy("status"))
    def scene_status(self, report: BattleReport):
        return report.scene.get_status_display()

    @admin.display(description=gettext_lazy("report"))
    def report(self, report: BattleReport):
        return render_to_string("admin/battles/battle_report.html",
                                {"report": with_names(with_text(report.outcome))})
from battles import admin_exploration  # noqa: E402, F401
from battles.sector import admin as sector_admin  # noqa: E402, F401
