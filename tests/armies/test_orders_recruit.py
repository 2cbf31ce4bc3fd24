"""A recruitment's stored template id is read with a compiled read (armies.orders): an id that
names no template, or is no id at all, is refused as unknown, as the ORM's read refused it."""
from __future__ import annotations

import pytest
from factories import shipped_template

from armies.orders import rules_params
from rules.errors import RuleViolation
from rules.kingmaker import activities as act

pytestmark = pytest.mark.django_db


def _recruit(template) -> dict:
    return {"template": template, "name": "Levy", "hex": "C4", "tactics": []}


def test_a_stored_template_id_is_read():
    infantry = shipped_template("Infantry")
    for given in (infantry.pk, str(infantry.pk)):
        params = rules_params(act.ActivityKind.RECRUIT_ARMY, _recruit(given), campaign_id=1)
        assert params.template.name == "Infantry"


@pytest.mark.parametrize("given", [2**63, 10**30, -1, "abc", 999_999])
def test_an_id_that_names_no_template_is_refused_as_unknown(given):
    with pytest.raises(RuleViolation) as refused:
        rules_params(act.ActivityKind.RECRUIT_ARMY, _recruit(given), campaign_id=1)
    assert refused.value.violations[0].code == "template_unknown"
