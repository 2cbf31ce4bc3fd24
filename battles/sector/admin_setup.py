"""What the battle admin's inlines share: a scenario's rows are editable while the battle is
being set up and read-only after."""
from __future__ import annotations

from django import forms

from battles.sector.models import BattleStatus
from campaigns.admin_scope import CampaignScopedInline


def forms_kept(formset) -> list[forms.Form]:
    return [f for f in formset.forms
            if f.cleaned_data and not f.cleaned_data.get("DELETE")]


class SetupOnlyInline(CampaignScopedInline):
    """Rows of the scenario: editable while the battle is being set up, read-only after."""

    def _open(self, obj) -> bool:
        return obj is None or obj.status == BattleStatus.SETUP

    def get_readonly_fields(self, request, obj=None):
        return [] if self._open(obj) else list(self.fields)

    def has_add_permission(self, request, obj=None):
        return self._open(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._open(obj) and super().has_delete_permission(request, obj)
