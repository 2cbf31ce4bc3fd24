"""Build, in the database DATABASE_URL names, the world the live-server concurrency test plays in:
migrate, then a player whose kingdom has many armies in C4 and an open turn. Run as a script (the
test's subprocess, with the project's real settings); prints the ids it made as JSON."""
from __future__ import annotations

import json
import os
import sys

import django

ARMIES = 12  # the other 4 of the test's 16 requests retry an order
PASSWORD = "muster-test-password"  # UserFactory's


def build() -> dict:
    import factories as f
    from django.core.management import call_command

    from campaigns.models import Role

    call_command("migrate", interactive=False, verbosity=0)
    campaign = f.CampaignFactory.create()
    kingdom = f.KingdomFactory.create(campaign=campaign)
    f.SettlementFactory.create(kingdom=kingdom, hex="C4")
    player = f.UserFactory.create()
    f.MembershipFactory.create(user=player, campaign=campaign, role=Role.PLAYER, kingdom=kingdom)
    turn = f.KingdomTurnFactory.create(kingdom=kingdom)
    armies = [f.ArmyFactory.create(kingdom=kingdom, hex="C4").pk for _ in range(ARMIES)]
    return {"username": player.username, "password": PASSWORD, "turn": turn.pk, "armies": armies}


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    json.dump(build(), sys.stdout)
