"""gunicorn's settings, which it reads from the directory it starts in (the project's)."""


def post_worker_init(worker) -> None:
    """Each worker process starts warm, once the application is loaded (core.warmup)."""
    from core.warmup import warm_up

    warm_up()
