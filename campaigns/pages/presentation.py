"""What every page shares: the sign-in they need, the words for a check's degree of success."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.utils.translation import gettext_lazy as _

# Pages need a signed-in user; settings.LOGIN_URL points at the admin's, so name ours.
member_required = login_required(login_url="login")

DEGREES = {
    "critical_success": _("critical success"),
    "success": _("success"),
    "failure": _("failure"),
    "critical_failure": _("critical failure"),
}
