"""Reads about kingdom turns, limited to what a user may see (campaigns.selectors says who sees
what): turn reports, the queued orders, the GM's campaign overview."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from armies.choices import ActivityStatus
from armies.orders import rules_params
from campaigns.models import Campaign, Kingdom, KingdomTurn
from campaigns.selectors import current_turn, is_campaign_gm, kingdom_players, visible_to
from rules.errors import Violation
from rules.kingmaker import activities as act
from rules.kingmaker.preview import DeployPreview, Preview, check_preview, deploy_preview
from turns.models import TurnReport
from turns.reports import GM_ONLY


def visible_reports(user) -> QuerySet[TurnReport]:
    return visible_to(user, TurnReport.objects.select_related("turn__kingdom"),
                      "turn__kingdom__")


def report_outcome(user, report: TurnReport, *, gm: bool | None = None) -> dict:
    """The report's outcome as `user` may read it: the GM's parts (the Scouting checks that found
    nothing) only for the campaign's GM (`gm`: already known). Every reader of a report's outcome
    goes through here."""
    if gm is None:
        gm = is_campaign_gm(user, report.turn.kingdom.campaign_id)
    if gm:
        return report.outcome
    return {key: value for key, value in report.outcome.items() if key not in GM_ONLY}


def kingdom_reports(kingdom: Kingdom) -> QuerySet[TurnReport]:
    """The kingdom's turn reports, latest first."""
    return TurnReport.objects.filter(turn__kingdom=kingdom).select_related(
        "turn").order_by("-turn__number")


def queued_order_count(turn: KingdomTurn | None) -> int:
    if turn is None:
        return 0
    return turn.activities.filter(status=ActivityStatus.QUEUED).count()


def campaign_overview(campaign: Campaign) -> list[dict]:
    """Each kingdom of the campaign with its current turn, its players, how many orders are queued,
    whether it still owes orders (an open turn not marked ready) and its latest reports."""
    rows = []
    for kingdom in Kingdom.objects.filter(campaign=campaign).order_by("name"):
        turn = current_turn(kingdom)
        rows.append({
            "kingdom": kingdom,
            "turn": turn,
            "players": kingdom_players(kingdom),
            "orders": queued_order_count(turn),
            "waiting": turn is not None and turn.accepts_orders and not turn.ready,
            "reports": list(kingdom_reports(kingdom)[:3]),
        })
    return rows


@dataclass(frozen=True)
class OrderPreview:
    violations: list[Violation]
    check: Preview | None
    deploy: DeployPreview | None = None  # a Deploy Army read on the campaign map


def order_preview(current: act.Situation, *, kind: act.ActivityKind, params: dict, army_id,
                  second: bool, campaign_id: int) -> OrderPreview:
    """What the rules say of an order before it is queued: their objections, and its check's
    modifier, DC and odds (None for an order without a check)."""
    order = act.Order(0, kind, rules_params(kind, params, campaign_id=campaign_id), army_id,
                      second)
    deploy = None
    if kind is act.ActivityKind.DEPLOY_ARMY and army_id is not None \
            and current.campaign_map is not None:
        p = order.params_as(act.DeployArmy)
        if not p.declared:
            deploy = deploy_preview(current, army_id, p.destination, p.path, skill=p.skill,
                                    forced_march=p.forced_march)
    return OrderPreview(act.order_violations(current, order), check_preview(current, order),
                        deploy)
