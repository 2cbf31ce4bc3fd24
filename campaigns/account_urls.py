"""Signing in and out and the password, under accounts/: Django's own views on the pages' look
(one form template and one "done" template, so the admin keeps its own password pages). A reset
mails a link, so it is rate-limited like every account form that mails, and so is the password
change, which checks the password (campaigns.auth)."""
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy
from django.utils.translation import gettext_lazy as _

from campaigns.auth import rate_limited

FORM, DONE = "registration/account_form.html", "registration/account_done.html"


def _words(title, text="", button=None) -> dict:
    return {"title": title, "text": text, "button": button}


# The reset mail's link starts like every other mail's (not with the request's Host header).
_SITE = urlsplit(settings.MUSTER_SITE_URL)
RESET_LINK = {"protocol": _SITE.scheme, "domain": _SITE.netloc}


urlpatterns = [
    # settings.LOGIN_URL is the admin's, so the pages name these.
    path("login/", auth_views.LoginView.as_view(
        template_name="registration/login.html", redirect_authenticated_user=True,
        next_page="home"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(next_page="login"), name="logout"),
    path("password/change/", rate_limited("password-check")(auth_views.PasswordChangeView.as_view(
        template_name=FORM, success_url=reverse_lazy("password_change_done"),
        extra_context=_words(_("Change your password"),
                             _("Your other browsers and devices are signed out when it changes."),
                             _("Change my password")))), name="password_change"),
    path("password/change/done/", auth_views.PasswordChangeDoneView.as_view(
        template_name=DONE, extra_context=_words(_("Your password is changed"))),
        name="password_change_done"),
    path("password/reset/", rate_limited("account-mail")(auth_views.PasswordResetView.as_view(
        template_name=FORM, success_url=reverse_lazy("password_reset_done"),
        extra_email_context=RESET_LINK, extra_context=_words(_("Forgotten your password?"),
                             _("Enter your account's e-mail address: Muster mails you a link to "
                               "set a new password."), _("Mail me the link")))),
         name="password_reset"),
    path("password/reset/done/", auth_views.PasswordResetDoneView.as_view(
        template_name=DONE, extra_context=_words(
            _("Check your mail"),
            _("If an account uses that address, a link to set a new password is on its way. "
              "No mail? Check the address, and your spam folder."))),
         name="password_reset_done"),
    path("reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(
        template_name=FORM, success_url=reverse_lazy("password_reset_complete"),
        extra_context=_words(_("Set a new password"), button=_("Set my password"))),
         name="password_reset_confirm"),
    path("reset/done/", auth_views.PasswordResetCompleteView.as_view(
        template_name=DONE, extra_context=_words(_("Your password is set"),
                                                 _("Sign in with it now."))),
         name="password_reset_complete"),
]
