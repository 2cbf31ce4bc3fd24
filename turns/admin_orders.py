"""The back office's *Army activities* form: the order's turn, army and activity, then its
parameters as the orders page's fields (turns.order_form: what the rules allow the army, the GM's
own parameters included), never as JSON. A new order's fields appear once its turn and activity
are chosen (the first save shows them, each required one asked for); the order is queued or
changed through the services."""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from armies.activity_services import activity_change, activity_submit
from armies.models import ArmyActivity
from armies.orders import situation
from campaigns.models import KingdomTurn
from campaigns.selectors import gm_campaigns
from campaigns.services import TurnLocked
from rules.errors import RuleViolation
from turns.order_form import OrderForm, order_initial, order_params

OWN_FIELDS = ("army", "kind", "second")  # the model form's own


class ArmyActivityForm(forms.ModelForm):
    class Meta:
        model = ArmyActivity
        fields = ["turn", "army", "kind", "second", "position"]

    user: Any = None
    order_context: dict[str, Any] | None = None  # OrderForm's arguments (order_admin_form)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            for name in ("turn", "army", "kind"):
                self.fields[name].disabled = True
            self.initial.update(order_initial(self.instance))

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if self.order_context is None:
            raise forms.ValidationError(_("Choose an open turn and an activity its army may take."))
        order = OrderForm(self.data, **self.order_context)
        params = order_params(order) if order.is_valid() else None
        for name, errors in order.errors.items():
            for error in errors:
                self.add_error(name if name in self.fields and name not in OWN_FIELDS else None,
                               error)
        if params is None:
            return data
        try:
            if self.instance.pk:
                self.instance = activity_change(activity=self.instance, user=self.user,
                                                params=params, second=data["second"],
                                                position=data["position"])
            else:
                self.instance, _created = activity_submit(
                    turn=data["turn"], user=self.user, kind=data["kind"], army=data["army"],
                    params=params, second=data["second"])
        except RuleViolation as error:
            order.add_violations(error.violations)
            for name, errors in order.errors.items():
                for message in errors:
                    self.add_error(name if name in self.fields else None, message)
        except TurnLocked as error:
            self.add_error("turn", _("Turn %(number)s is %(status)s: it takes no more orders.")
                           % {"number": error.turn.number,
                              "status": error.turn.get_status_display()})
        return data


def _chosen(request, obj: ArmyActivity | None) -> tuple[KingdomTurn | None, str, str]:
    """The order's turn (of a campaign the user runs), army and activity: the stored order's, or
    the ones the form was sent (or opened) with."""
    source = request.POST if request.method == "POST" else request.GET
    turn_id, army, kind = source.get("turn", ""), source.get("army", ""), source.get("kind", "")
    if obj is not None:
        turn_id, army, kind = str(obj.turn_id), str(obj.army_id or ""), obj.kind
    turn = KingdomTurn.objects.select_related("kingdom__campaign").filter(
        pk=int(turn_id), kingdom__campaign__in=gm_campaigns(request.user)).first() \
        if turn_id.isdecimal() and turn_id.isascii() else None
    return turn, army if army.isdecimal() and army.isascii() else "", kind


def order_admin_form(request, obj: ArmyActivity | None) -> type[ArmyActivityForm]:
    """The form class for this request: the chosen order's parameter fields declared on it, so
    that the admin shows and reads them like its own. Built once a request (the admin asks for
    its form twice)."""
    built = request.__dict__.setdefault("_muster_order_forms", {})
    key = obj.pk if obj is not None else None
    if key not in built:
        built[key] = _order_admin_form(request, obj)
    return built[key]


def _order_admin_form(request, obj: ArmyActivity | None) -> type[ArmyActivityForm]:
    turn, army_key, kind = _chosen(request, obj)
    declared: dict[str, Any] = {"user": request.user}
    if turn is not None and turn.accepts_orders:
        # A stored order keeps its army and activity (disabled fields: the form sends neither).
        context: dict[str, Any] = {
            "kingdom": turn.kingdom, "current": situation(turn, with_foreign=True),
            "army_key": army_key, "kind": kind, "gm": True, "locked": obj is not None,
            "initial": {"army": army_key, "kind": kind}}
        order = OrderForm(None, **context)
        if order.kind is not None:
            declared["order_context"] = context
            declared.update({name: field for name, field in order.fields.items()
                             if name not in OWN_FIELDS})
    return type("ArmyActivityOrderForm", (ArmyActivityForm,), declared)
