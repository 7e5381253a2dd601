"""DNS_DEVELOPMENT_RESOLVER (docs/how-to/single-sign-on.md, docs/explanation/decisions.md): a
name under a top-level domain that no public DNS answers (.example, .test, .invalid,
.localhost) is asked of it when it is set (by default with --debug only), every other name of
DNS_RESOLVER as in production; and scripts/dns_txt_server.py, the DNS server the page starts
there, publishing the one record it is given."""
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import dns.resolver
import pytest

from tests.conftest import free_port
from tests.content import signed_in_user
from tests.dns_server import DnsStandIn
from tests.factories import make_project

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "dns_txt_server.py"
OWNER = "owner@corp.test"


@pytest.fixture
def development_dns():
    stand_in = DnsStandIn().start()
    yield stand_in
    stand_in.stop()


def claimed(app, domain):
    """(client, headers, path of the domain, its verification record) for a new project."""
    headers = signed_in_user(app, OWNER)
    project = make_project(app, OWNER, name="Corp")
    client = app.test_client()
    answer = client.post(f"/api/projects/{project}/domains", headers=headers,
                         json={"domain": domain})
    assert answer.status_code == 201, answer.get_json()
    data = answer.get_json()["data"]
    return client, headers, f"/api/projects/{project}/domains/{data['id']}", data["verification"]


def status_after_verify(client, headers, path):
    answer = client.post(path + "/verify", headers=headers)
    return answer.status_code, answer.get_json()


@pytest.mark.parametrize("domain", ["corp.example", "corp.test", "CORP.Invalid",
                                    "corp.localhost"])
def test_a_reserved_name_is_asked_of_the_development_resolver(make_app, dns_server,
                                                              development_dns, domain):
    app = make_app(DNS_RESOLVER=dns_server.address, DNS_TIMEOUT=0.3,
                   DNS_DEVELOPMENT_RESOLVER=development_dns.address)
    client, headers, path, record = claimed(app, domain)
    dns_server.publish(record["name"], record["value"])  # the production resolver's: not asked
    code, body = status_after_verify(client, headers, path)
    assert code == 409 and "NXDOMAIN" in body["message"]
    development_dns.publish(record["name"], record["value"])
    code, body = status_after_verify(client, headers, path)
    assert code == 200 and body["data"]["status"] == "VERIFIED"


def test_any_other_name_is_asked_of_dns_resolver_as_in_production(make_app, dns_server,
                                                                   development_dns):
    app = make_app(DNS_RESOLVER=dns_server.address, DNS_TIMEOUT=0.3,
                   DNS_DEVELOPMENT_RESOLVER=development_dns.address)
    client, headers, path, record = claimed(app, "corp-example.org")
    development_dns.publish(record["name"], record["value"])
    code, body = status_after_verify(client, headers, path)
    assert code == 409 and "NXDOMAIN" in body["message"]
    assert development_dns.zone.asked == []
    dns_server.publish(record["name"], record["value"])
    code, body = status_after_verify(client, headers, path)
    assert code == 200 and body["data"]["status"] == "VERIFIED"


def test_unset_it_is_on_with_debug_only(make_app):
    # (A webhook secret given: debug mode would otherwise keep a generated one in instance/.)
    debug = make_app(DEBUG=True, PAYMENT_WEBHOOK_SECRET=["whsec_test"])
    assert debug.config["DNS_DEVELOPMENT_RESOLVER"] == "127.0.0.1:8053"
    assert make_app().config["DNS_DEVELOPMENT_RESOLVER"] == ""
    off = make_app(DEBUG=True, PAYMENT_WEBHOOK_SECRET=["whsec_test"], DNS_DEVELOPMENT_RESOLVER="")
    assert off.config["DNS_DEVELOPMENT_RESOLVER"] == ""


def test_without_it_a_reserved_name_is_asked_of_dns_resolver(make_app, dns_server):
    app = make_app(DNS_RESOLVER=dns_server.address, DNS_TIMEOUT=0.3)
    client, headers, path, record = claimed(app, "corp.example")
    dns_server.publish(record["name"], record["value"])
    code, body = status_after_verify(client, headers, path)
    assert code == 200 and body["data"]["status"] == "VERIFIED"


@pytest.mark.parametrize("setting", ["dns.example:53", "127.0.0.1:0"])
def test_a_setting_that_is_not_an_address_stops_the_server_naming_it(make_app, setting):
    with pytest.raises(SystemExit, match="DNS_DEVELOPMENT_RESOLVER"):
        make_app(DNS_DEVELOPMENT_RESOLVER=setting)


def run_script(*args, env=None, timeout=30):
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)


@pytest.fixture
def background(tmp_path):
    """Start the script with --background; every server started is stopped at the end."""
    started = []

    def start(*args, env=None):
        run = run_script("--background", str(tmp_path / "dns.log"), *args, env=env)
        if run.returncode == 0:
            started.append(int(run.stdout))
        return run

    yield start
    for pid in started:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass


def ask(port, name, kind="TXT", tcp=False):
    resolver = dns.resolver.Resolver(configure=False)
    resolver.nameservers, resolver.port, resolver.lifetime = ["127.0.0.1"], port, 3
    return resolver.resolve(name, kind, tcp=tcp, raise_on_no_answer=False)


def test_the_script_publishes_the_one_record_it_is_given(background, tmp_path):
    port = free_port()
    run = background("_saas-verification.corp.example", "saas-verification=" + "a" * 300,
                     "--address", f"127.0.0.1:{port}")
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) > 0
    for tcp in (False, True):
        answer = ask(port, "_SAAS-Verification.corp.example", tcp=tcp)
        (record,) = answer.rrset
        assert b"".join(record.strings) == ("saas-verification=" + "a" * 300).encode()
    assert ask(port, "_saas-verification.corp.example", "A").rrset is None  # no such record
    with pytest.raises(dns.resolver.NXDOMAIN):
        ask(port, "_saas-verification.other.example")
    log = (tmp_path / "dns.log").read_text()
    assert f"listening at 127.0.0.1:{port}" in log
    assert "TXT _saas-verification.corp.example: the TXT record" in log
    assert "TXT _saas-verification.other.example: NXDOMAIN" in log


def test_the_script_listens_where_the_server_asks(background, make_app):
    port = free_port()
    app = make_app(DNS_DEVELOPMENT_RESOLVER=f"127.0.0.1:{port}", DNS_TIMEOUT=0.5)
    client, headers, path, record = claimed(app, "corp.example")
    env = {**os.environ, "DNS_DEVELOPMENT_RESOLVER": f"127.0.0.1:{port}"}
    run = background(record["name"], record["value"], env=env)
    assert run.returncode == 0, run.stderr
    code, body = status_after_verify(client, headers, path)
    assert code == 200 and body["data"]["status"] == "VERIFIED"


def test_a_port_it_cannot_take_fails_the_command_saying_why(background):
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as taken:
        taken.bind(("127.0.0.1", 0))
        port = taken.getsockname()[1]
        run = background("_saas-verification.corp.example", "v", "--address",
                         f"127.0.0.1:{port}")
    assert run.returncode == 1 and run.stdout == ""
    assert f"cannot listen at 127.0.0.1:{port}" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("address", ["dns.example:53", "127.0.0.1:0", "127.0.0.1:x", "[::1",
                                     "::1]:53", "192.0.2.53:99999"])
def test_an_address_that_is_not_one_is_refused_in_a_line(address):
    run = run_script("name", "value", "--address", address)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "--address" in run.stderr
