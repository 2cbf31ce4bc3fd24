"""The GM's record of player characters exploring a hex with an army (battles.exploration): add
one by choosing the army, its hex and the light; read whom they met and every Scouting check;
start the battle scene with an army met, either side attacking."""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from armies.adapters import render_violation
from armies.models import Army
from battles.exploration import has_stayed, hex_explore, scene_from_exploration
from battles.models import Exploration
from campaigns.admin_scope import CampaignScopedAdmin
from campaigns.pages.presentation import DEGREES
from rules.errors import RuleViolation

RECORD_FIELDS = ["campaign", "army", "hex", "light", "seed", "encounter", "scene_link",
                 "explored_by", "created_at"]


class ExplorationForm(forms.ModelForm):
    """A new exploration: recorded through battles.exploration.hex_explore, which checks the
    user and the rules, when the form is cleaned."""

    user = None  # set per request by the admin

    class Meta:
        model = Exploration
        fields = ["army", "hex", "light"]
        help_texts = {"hex": gettext_lazy("The hex the army stands in, which the player "
                                          "characters explore with it.")}

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            self.instance = hex_explore(actor=self.user, army=data["army"], hex=data["hex"],
                                        light=data["light"])
        except RuleViolation as error:  # NotPermitted too
            for violation in error.violations:
                field = violation.field if violation.field in self.fields else None
                self.add_error(field, render_violation(violation))
        return data


@admin.register(Exploration)
class ExplorationAdmin(CampaignScopedAdmin, admin.ModelAdmin):
    campaign_path = "campaign"
    form = ExplorationForm
    list_display = ["__str__", "campaign", "army", "light", "met_count", "scene", "created_at"]
    list_filter = ["campaign"]
    list_select_related = ["campaign", "army", "scene"]
    autocomplete_fields = ["army"]

    def get_fields(self, request, obj=None):
        return ["army", "hex", "light"] if obj is None else RECORD_FIELDS

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else RECORD_FIELDS

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        return type(form.__name__, (form,), {"user": request.user})

    def save_model(self, request, obj, form, change):
        pass  # the form's clean() recorded it through the service

    def get_urls(self):
        view = self.admin_site.admin_view
        return [path("<path:object_id>/battle/",
                     view(lambda request, object_id: self.battle_view(request, object_id)),
                     name="battles_exploration_battle"),
                *super().get_urls()]

    @admin.display(description=gettext_lazy("armies met"))
    def met_count(self, exploration: Exploration) -> int:
        return len(exploration.met)

    @admin.display(description=gettext_lazy("battle scene"))
    def scene_link(self, exploration: Exploration):
        if exploration.scene_id is None:
            return "—"
        return format_html('<a href="{}">{}</a>', reverse(
            "admin:battles_battlescene_change", args=[exploration.scene_id]), exploration.scene)

    @admin.display(description=gettext_lazy("encounter"))
    def encounter(self, exploration: Exploration):
        """Whom the player characters met, each with the buttons that start the battle; then
        every Scouting check rolled for an army in ambush."""
        armies = Army.objects.filter(pk__in=exploration.met).in_bulk()
        battle = reverse("admin:battles_exploration_battle", args=[exploration.pk])
        rows = []
        for key in exploration.met:
            army = armies.get(key)
            name = army.name if army is not None else f"#{key}"
            if exploration.scene_id is None and (army is None or not has_stayed(army, exploration)):
                rows.append(format_html("<li>{} — {}</li>", name,
                                        _("has left this hex since: no battle here")))
                continue
            buttons = format_html(
                ' <button type="submit" formaction="{}" name="enemy" value="{}:attack">{}'
                '</button> <button type="submit" formaction="{}" name="enemy" '
                'value="{}:defend">{}</button>',
                battle, key, _("Start a battle: the explorers attack"), battle, key,
                _("Start a battle: this army attacks"),
            ) if exploration.scene_id is None else ""
            rows.append(format_html("<li>{}{}</li>", name, buttons))
        met = format_html("<ul>{}</ul>", format_html_join("", "{}", ((r,) for r in rows))) \
            if rows else format_html("<p>{}</p>", _("No enemy army was met."))
        checks = format_html_join("", "<li>{}</li>", (
            (_("%(scout)s looks for %(hidden)s: d20 %(face)s %(modifier)+d = %(total)s against "
               "DC %(dc)s, %(degree)s%(found)s") % {
                **check, "degree": DEGREES.get(check["degree"], check["degree"]),
                "found": "" if not check["found"] else " — " + _("found")},)
            for check in exploration.checks))
        return format_html("{}{}", met, format_html(
            "<p>{}</p><ul>{}</ul>", _("Scouting checks for armies in ambush:"), checks)
            if exploration.checks else "")

    def battle_view(self, request, object_id):
        exploration = self.get_object(request, object_id)
        if exploration is None:  # unknown, or outside the campaigns the user may see
            raise Http404(_("No such exploration."))
        back = redirect("admin:battles_exploration_change", exploration.pk)
        if request.method != "POST" or not self.has_change_permission(request, exploration):
            return back
        key, _sep, side = request.POST.get("enemy", "").partition(":")
        enemy = Army.objects.filter(pk=int(key)).first() if key.isdigit() else None
        if enemy is None:
            self.message_user(request, _("Choose an army the exploration met."), messages.ERROR)
            return back
        try:
            scene = scene_from_exploration(actor=request.user, exploration=exploration,
                                           enemy=enemy, explorers_attack=side == "attack")
        except RuleViolation as error:  # NotPermitted too
            for violation in error.violations:
                self.message_user(request, render_violation(violation), messages.ERROR)
            return back
        self.message_user(request, _("The battle scene is set up: check its battlefield and "
                                     "plans, then resolve it."), messages.SUCCESS)
        return redirect("admin:battles_battlescene_change", scene.pk)
