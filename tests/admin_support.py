"""Helpers the admin tests share: admin URLs, and the POST data a rendered change form sends."""
from __future__ import annotations

from admin_objects import admin_url

from campaigns.models import Kingdom

__all__ = ["add_inline_row", "admin_url", "change_form_data", "messages_of", "set_level"]


def set_level(kingdom: Kingdom, level: int) -> Kingdom:
    Kingdom.objects.filter(pk=kingdom.pk).update(level=level)
    kingdom.refresh_from_db()
    return kingdom


def _value(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else None
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return str(value)


def change_form_data(response) -> dict:
    """The POST data the rendered change form would submit, inline formsets included."""
    data: dict = {}

    def add(form):
        for name in form.fields:
            value = _value(form[name].value())
            if value is not None:
                data[form.add_prefix(name)] = value

    add(response.context["adminform"].form)
    # A history version's revert form has no inlines.
    inlines = response.context["inline_admin_formsets"] \
        if "inline_admin_formsets" in response.context else []
    for inline in inlines:
        formset = inline.formset
        add(formset.management_form)
        for form in formset.forms:
            add(form)
    return data


def add_inline_row(data: dict, prefix: str, **fields) -> dict:
    index = int(data[f"{prefix}-TOTAL_FORMS"])
    data[f"{prefix}-TOTAL_FORMS"] = str(index + 1)
    for name, value in fields.items():
        data[f"{prefix}-{index}-{name}"] = str(value)
    return data


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def bound_order_form(user, data: dict, instance=None):
    """The back office's army order form as the admin builds it for `user` posting `data`
    (turns.admin_orders: the activity's fields depend on the order chosen)."""
    from django.test import RequestFactory

    from turns.admin_orders import order_admin_form

    request = RequestFactory().post("/", data)
    request.user = user
    return order_admin_form(request, instance)(data, instance=instance)
