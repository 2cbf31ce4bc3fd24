"""Naming a campaign's members in the back office without browsing every account."""
from __future__ import annotations

from django import forms
from django.contrib.admin import AdminSite
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy


class UsernameField(forms.ModelChoiceField):
    """An active user given by their exact user name."""

    widget = forms.TextInput
    default_error_messages = {"invalid_choice": gettext_lazy("No active user has this user name.")}

    def __init__(self, **kwargs):
        user = get_user_model()
        super().__init__(queryset=user.objects.filter(is_active=True),
                         to_field_name=user.USERNAME_FIELD, **kwargs)

    def prepare_value(self, value):
        # A bound form's initial value is the user's id.
        if isinstance(value, int):
            value = self.queryset.model.objects.filter(pk=value).first() or value
        return super().prepare_value(value)


class MemberUserField:
    """The member's account: picked from every account by whoever may view the accounts (the
    site operator), typed by user name by a GM, who sees no other campaign's members."""

    admin_site: AdminSite   # given by the ModelAdmin this is mixed into

    def _browses_users(self, request) -> bool:
        accounts = self.admin_site._registry.get(get_user_model())
        return accounts is not None and accounts.has_view_permission(request)

    def get_autocomplete_fields(self, request):
        fields = super().get_autocomplete_fields(request)
        return fields if self._browses_users(request) else [f for f in fields if f != "user"]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "user" and not self._browses_users(request):
            return UsernameField(label=db_field.verbose_name, required=not db_field.blank,
                                 help_text=gettext_lazy("The member's user name."))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)
