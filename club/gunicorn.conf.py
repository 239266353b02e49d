"""gunicorn's settings for the site: ``gunicorn club.wsgi -c club/gunicorn.conf.py``.

Everything comes from the environment, so the same file serves a laptop and a server:
``PORT`` / ``GUNICORN_BIND``, ``WEB_CONCURRENCY`` (worker processes), ``GUNICORN_THREADS``,
``GUNICORN_TIMEOUT``, ``FORWARDED_ALLOW_IPS`` (the proxy that terminates HTTPS, read by the site too)
and ``LOG_FORMAT``.
Requests are logged by the site itself (club.logging.RequestLogMiddleware), so gunicorn's own
access log stays off; its error log uses the site's formatter.
"""

import gc
import os

from club.logging import formatters
from club.warmup import warm

bind = os.environ.get("GUNICORN_BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
# Synchronous workers, twice as many as cores: a request waiting on the database or Redis leaves
# the core to another worker. Measured by bench/load.py on two cores, this served about a fifth
# more requests a second than threaded workers (whose threads wait on each other for Python's
# lock) or a worker per core. They close the connection after each answer, so they belong behind
# a proxy that buffers slow clients (nginx, or the platform's router). GUNICORN_THREADS=N (N > 1)
# makes them threaded (gthread) workers.
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1)))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
worker_class = "gthread" if threads > 1 else "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
# A worker is replaced now and then, so a slow leak never grows for long. The workers start
# together: with a tenth of jitter they were all replaced within seconds of each other, each
# starting with its own caches cold (bench/load.py saw all four go in four seconds, mid-run);
# half spreads them over minutes at full load.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "5000"))
max_requests_jitter = max_requests // 2
# The site is loaded once, in the master, and warmed there (club.warmup) before the workers are
# forked: a replaced worker starts at once, with the apps, the URL patterns, both languages'
# words and the compiled templates in memory, where loading them itself cost about a second of
# processor time and its first requests three times the usual. Nothing at start-up opens a
# database or cache connection, so no worker inherits one. A code change needs a restart (a HUP
# reloads the workers from the master's copy).
preload_app = True
# Only the proxy in front may say that the request came over HTTPS (X-Forwarded-Proto). The site
# reads the same variable, with the same default, to believe that proxy's X-Forwarded-For
# (club/client_address.py): the sign-in limits count each member's own address, not the proxy's.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# The heartbeat file on a RAM disk: a slow disk must not make the arbiter think a worker hung.
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"

accesslog = None
_format = os.environ.get("LOG_FORMAT") or ("text" if os.environ.get("DEBUG", "").lower() in ("1", "true", "yes", "on") else "json")
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": formatters(),
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": _format if _format in ("json", "text") else "json"}},
    "loggers": {
        "gunicorn.error": {"handlers": ["console"], "level": os.environ.get("GUNICORN_LOG_LEVEL", "INFO"), "propagate": False},
    },
}


def when_ready(server):
    """Before the first workers are forked (with preload_app, the site is already loaded)."""
    server.log.info("warmed up: %s templates compiled", warm())


def post_worker_init(worker):
    """What the worker loaded with the site (Django, the apps, the models) lives as long as the
    worker: frozen out of the garbage collector's reach, the collector's passes only walk what
    requests allocate, and with a higher first threshold fewer of them run."""
    gc.freeze()
    first, second, third = gc.get_threshold()
    gc.set_threshold(max(first, 5000), second, third)
