"""Muster settings, read from the environment (embedded defaults: SQLite, in-process tasks)."""
from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env(
    DEBUG=(bool, True),
    ALLOWED_HOSTS=(list, ["localhost", "127.0.0.1", "[::1]", "testserver"]),
    LANGUAGE_CODE=(str, "en"),
    CELERY_BROKER_URL=(str, ""),
    TIME_ZONE=(str, "UTC"),
)

DEBUG = env("DEBUG")
# Production (DEBUG=false) must set its own key: the development one is public.
SECRET_KEY = env("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY (50+ random characters) when DEBUG is false.")
    SECRET_KEY = "muster-insecure-development-key-change-me-in-production"
ALLOWED_HOSTS = env("ALLOWED_HOSTS")

# HTTPS. Safe defaults in production (DEBUG=false); plain HTTP in development. Behind a proxy that
# terminates TLS set SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO,https (only if the proxy
# always sets or strips that header).
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 365 * 24 * 60 * 60)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
_proxy_header = env.list("SECURE_PROXY_SSL_HEADER", default=[])
if _proxy_header and len(_proxy_header) != 2:
    raise ImproperlyConfigured("SECURE_PROXY_SSL_HEADER is a header and a value: "
                               "HTTP_X_FORWARDED_PROTO,https")
SECURE_PROXY_SSL_HEADER = tuple(_proxy_header) or None
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "config.admin_app.AdminConfig",  # the admin, discovered with the URLs
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "django_celery_beat",
    "simple_history",
    "core",
    "campaigns",
    "armies",
    "battles",
    "turns",
    "notifications",
    "demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Unknown URLs under /api/ answer JSON.
    "config.errors.ApiNotFoundMiddleware",
    # Before anything reads the body: an oversize one is a 413.
    "config.errors.RequestSizeLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'muster.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent players on the embedded default: readers never block the writer (WAL), and each
    # write transaction takes the write lock when it begins (IMMEDIATE) and waits its turn up to
    # the timeout, instead of failing with "database is locked" when a reader upgrades to writer.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,  # seconds
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })
else:
    # A new PostgreSQL connection is a server process with cold catalog caches: a worker's task or
    # a request that opened one paid more for it than for its own statements. Connections are kept
    # (checked before reuse, so one the server dropped is replaced rather than failing a request).
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("DATABASE_CONN_MAX_AGE", default=300))
    DATABASES["default"].setdefault("CONN_HEALTH_CHECKS", True)
    # A server out of reach fails a connection in seconds rather than hanging a process's start
    # (core.warmup asks its version) or a request.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 10)
# The hot reads (core.compiled) and the writes' statement (core.writes) are prepared statements on
# PostgreSQL: parsed and planned once per connection. Turn it off behind a pooler that cannot keep
# them (PgBouncer's transaction mode before 1.21). psycopg prepares nothing unless given a
# threshold; Django's own cursors bind on the client and never prepare, so only the statements
# that ask for it are prepared.
MUSTER_PREPARED_STATEMENTS = env.bool("DATABASE_PREPARED_STATEMENTS", default=True)
if MUSTER_PREPARED_STATEMENTS and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("prepare_threshold", 2**31 - 1)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = env("LANGUAGE_CODE")
LANGUAGES = [("en", _("English")), ("ru", _("Russian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env("TIME_ZONE")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
# WhiteNoise serves the static files. In production they are collected (collectstatic) with
# hashed, compressed names; in development (and tests) they are read from the apps as they are.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage" if DEBUG
                    else "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# Development (and the tests, which run with DEBUG switched off) serve from the apps' directories.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# Mail (notifications): printed on the console unless EMAIL_BACKEND says otherwise.
EMAIL_BACKEND = env("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=False)
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=30)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Muster <muster@localhost>")
SERVER_EMAIL = env("SERVER_EMAIL", default=DEFAULT_FROM_EMAIL)
# Links in the mails start with this (scheme and host, no trailing slash).
MUSTER_SITE_URL = env("MUSTER_SITE_URL", default="http://localhost:8000").rstrip("/")

# How long a GM's invitation link works unless the GM chooses (1 to 30 days), and a link that
# confirms a new e-mail address.
MUSTER_INVITATION_DAYS = env.int("MUSTER_INVITATION_DAYS", default=7)
MUSTER_EMAIL_CONFIRM_DAYS = 2
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# Celery: with no broker the tasks run in-process, so the embedded defaults need no services.
CELERY_BROKER_URL = env("CELERY_BROKER_URL") or "memory://"
CELERY_TASK_ALWAYS_EAGER = not env("CELERY_BROKER_URL")
# In-process as with a broker, whoever sent a task does not meet its errors: a passing database
# fault is retried (at once: an in-process retry does not wait), any other error is logged.
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 15 * 60
# Celery's Django fixup closes the database connection around every task unless told how many
# tasks may reuse it: a worker kept paying a new PostgreSQL connection per kingdom turn. Each task
# checks the connection first, as a web request does (config/celery.py).
CELERY_DB_REUSE_MAX = env.int("CELERY_DB_REUSE_MAX", default=200)
# A late-acked task that outlives the visibility timeout is delivered twice: keep it above.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 2 * 60 * 60}
CELERY_TIMEZONE = TIME_ZONE

CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# The lease of a claim: work left "resolving" this long whose row no worker still holds (its worker
# died), or left waiting this long (its message was lost), is sent again by the sweep, which runs
# every minute: with four minutes, it is back in the queue within five.
MUSTER_RESOLVING_TIMEOUT_SECONDS = env.int("MUSTER_RESOLVING_TIMEOUT_SECONDS", default=4 * 60)
# The most battles the API's odds endpoint fights for one answer (each takes a few milliseconds).
MUSTER_BATTLE_ODDS_MAX_RUNS = env.int("MUSTER_BATTLE_ODDS_MAX_RUNS", default=1000)
# How long an answer of the odds is kept for a scene that does not change (see battles/odds.py).
MUSTER_BATTLE_ODDS_CACHE_SECONDS = env.int("MUSTER_BATTLE_ODDS_CACHE_SECONDS", default=60 * 60)

# --- abuse: login lockout, API throttles, expiring hashed API tokens ----------------------------
# Throttle counts and cached odds live in the default cache: per process unless CACHE_URL names a
# shared one (e.g. redis://127.0.0.1:6379/2) for several server processes.
CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://")}
# How many proxies in front of the server append to X-Forwarded-For: the client address that
# login lockouts and throttles count is the one the nearest trusted proxy saw. 0 (the default)
# reads REMOTE_ADDR only, so that a client cannot choose its address by sending the header.
MUSTER_TRUSTED_PROXIES = env.int("MUSTER_TRUSTED_PROXIES", default=0)
# django-axes: this many failed logins for one user name, or from one address, lock both out of
# every login (pages, admin, API token) for the cool-off time.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("MUSTER_LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("MUSTER_LOGIN_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_CLIENT_IP_CALLABLE = "campaigns.auth.client_ip"
AXES_LOCKOUT_CALLABLE = "campaigns.auth.locked_out_page"
# django-rest-knox: API tokens are stored as digests and expire.
REST_KNOX = {
    "TOKEN_TTL": timedelta(hours=env.int("MUSTER_API_TOKEN_TTL_HOURS", default=10)),
    "AUTH_HEADER_PREFIX": "Token",
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first: its WWW-Authenticate header makes anonymous requests answer 401, not 403.
        "campaigns.api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Throttles count per client address: REMOTE_ADDR unless proxies are declared (see below).
    "NUM_PROXIES": MUSTER_TRUSTED_PROXIES,
    "DEFAULT_THROTTLE_RATES": {
        "api-token": env("MUSTER_API_TOKEN_RATE", default="20/hour"),
        "battle-odds": env("MUSTER_BATTLE_ODDS_RATE", default="60/hour"),
        # The pages' account forms (campaigns.auth.rate_limited), per user or else per address:
        # mail sent on a form's word (a password reset, a new address; the GM's invitations),
        # and the invitation links used.
        "account-mail": env("MUSTER_ACCOUNT_MAIL_RATE", default="5/hour"),
        "invitation-mail": env("MUSTER_INVITATION_MAIL_RATE", default="30/hour"),
        "invitation": env("MUSTER_INVITATION_RATE", default="20/hour"),
        # Forms that check the signed-in user's password (change it, sign out everywhere).
        "password-check": env("MUSTER_PASSWORD_CHECK_RATE", default="10/hour"),
    },
    # Bad input is a 4xx: deep JSON a 400, an oversize body a 413 (campaigns.api.parsers); an
    # answer quoting a lone surrogate is escaped, not a 500 (campaigns.api.renderers).
    "DEFAULT_PARSER_CLASSES": [
        "campaigns.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "campaigns.api.exceptions.exception_handler",
    "DEFAULT_RENDERER_CLASSES": [
        "campaigns.api.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Muster API",
    "DESCRIPTION": "Order your kingdom's armies between sessions; read turn reports.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs page's Swagger UI comes with the site (static files), not from a CDN: it works
    # offline and on networks that block CDNs.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Choice sets several fields share, named once.
    "ENUM_NAME_OVERRIDES": {
        "ActivityKindEnum": "armies.choices.ACTIVITY_KIND_CHOICES",
        "ActivityStatusEnum": "armies.choices.ActivityStatus",
        "ArmyStatusEnum": "armies.choices.ArmyStatus",
        "GearKindEnum": "armies.choices.GEAR_KIND_CHOICES",
        "TacticEnum": "armies.choices.TACTIC_CHOICES",
        "TurnStatusEnum": "campaigns.models.TurnStatus",
        "SceneStatusEnum": "battles.models.SceneStatus",
        "BattleSideEnum": "battles.models.SIDE_CHOICES",
        "PcFightEnum": "battles.models.PC_FIGHT_CHOICES",
        "WarActionEnum": "armies.choices.WAR_ACTION_CHOICES",
        "SectorBattleStatusEnum": "battles.sector.models.BattleStatus",
        "IllusoryTerrainEnum": "battles.sector.order_schema.SHOWN_TERRAIN",
    },
    # Each activity's params are a closed object; the schema offers them as an anyOf.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "armies.api.schema.close_activity_params",
        # The 400, 404, 413 and 415 answers the shared machinery gives, on every operation.
        "campaigns.api.schema.document_bad_input",
    ],
}
