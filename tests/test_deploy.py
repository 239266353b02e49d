"""The example deployment under deploy/: the systemd units run what the Procfile runs, and nginx
and systemd accept the files as they are (checked where nginx and systemd-analyze are
installed: Debian's nginx and systemd packages)."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
UNITS = sorted((DEPLOY / "systemd").glob("club*.*"))
SERVICES = [unit for unit in UNITS if unit.suffix == ".service"]
CHECKOUT = "/srv/club"


def _procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip())


def _unit(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read_string(path.read_text())
    return parser


def test_the_release_step_is_one_command():
    assert _procfile()["release"] == "python manage.py release"
    assert _unit(DEPLOY / "systemd" / "club-release.service")["Service"]["ExecStart"] == \
        f"{CHECKOUT}/.venv/bin/python manage.py release"


@pytest.mark.parametrize("process, unit", [("web", "club-web"), ("worker", "club-worker"), ("beat", "club-beat")])
def test_each_process_of_the_procfile_has_its_unit(process, unit):
    service = _unit(DEPLOY / "systemd" / f"{unit}.service")["Service"]
    # The same program with the same first arguments (the Procfile's shell defaults aside).
    command = _procfile()[process].split(" --bind")[0].split(" --concurrency")[0].split(" --schedule")[0]
    assert service["ExecStart"].startswith(f"{CHECKOUT}/.venv/bin/{command}")
    assert service["Restart"] == "on-failure"


@pytest.mark.parametrize("unit", SERVICES, ids=lambda path: path.name)
def test_every_service_runs_as_the_club_with_its_environment_file(unit):
    service = _unit(unit)["Service"]
    assert (service["User"], service["EnvironmentFile"], service["WorkingDirectory"]) == \
        ("club", "/etc/club/club.env", CHECKOUT)


def test_the_web_process_starts_after_the_release_and_only_if_it_succeeded():
    web = _unit(DEPLOY / "systemd" / "club-web.service")["Unit"]
    assert "club-release.service" in web["Requires"].split()
    assert "club-release.service" in web["After"].split()


def test_the_backup_runs_nightly():
    timer = _unit(DEPLOY / "systemd" / "club-backup.timer")["Timer"]
    assert timer["OnCalendar"] == "*-*-* 04:00:00" and timer["Persistent"] == "true"
    assert _unit(DEPLOY / "systemd" / "club-backup.service")["Service"]["ExecStart"] == \
        f"{CHECKOUT}/.venv/bin/python manage.py backup"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_accepts_the_units(tmp_path):
    # verify also checks that the programs exist: this checkout's virtualenv stands in for the club's.
    venv = Path(sys.executable).parent.parent
    for unit in UNITS:
        (tmp_path / unit.name).write_text(unit.read_text().replace(f"{CHECKOUT}/.venv", str(venv)))
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", *sorted(str(p) for p in tmp_path.iterdir())],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr


@pytest.mark.skipif(shutil.which("nginx") is None or shutil.which("openssl") is None,
                    reason="nginx or openssl is not installed")
def test_nginx_accepts_the_site(tmp_path):
    """``nginx -t`` on a configuration of its own that includes the site, with a certificate made
    for the test where certbot's would be."""
    live = tmp_path / "live"
    live.mkdir()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=club.example.org", "-keyout", str(live / "privkey.pem"),
                    "-out", str(live / "fullchain.pem")], check=True, capture_output=True, timeout=60)
    site = (DEPLOY / "nginx" / "club.conf").read_text()
    assert "/etc/letsencrypt/live/club.example.org/" in site
    (tmp_path / "site.conf").write_text(site.replace("/etc/letsencrypt/live/club.example.org", str(live)))
    (tmp_path / "nginx.conf").write_text(f"""
pid {tmp_path}/nginx.pid;
error_log {tmp_path}/error.log;
events {{}}
http {{
    access_log off;
    client_body_temp_path {tmp_path}/body;
    proxy_temp_path {tmp_path}/proxy;
    include {tmp_path}/site.conf;
}}
""")
    done = subprocess.run(["nginx", "-t", "-c", str(tmp_path / "nginx.conf")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "[warn]" not in done.stderr and "[emerg]" not in done.stderr, done.stderr
