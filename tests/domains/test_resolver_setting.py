"""DNS_RESOLVER (extensions.md E4.1, docs/how-to/single-sign-on.md): an IP address with an
optional port, as in resolv.conf; anything else, a host name first of all (it would need a
resolver to be found), stops the server at start."""
import pytest

from sections.domains.lookup import resolver_address


@pytest.mark.parametrize("setting, address", [
    ("127.0.0.1:5353", ("127.0.0.1", 5353)),
    ("192.0.2.53", ("192.0.2.53", 53)),
    ("[::1]:5353", ("::1", 5353)),
    ("[::1]", ("::1", 53)),
    ("::1", ("::1", 53)),
    ("[2001:DB8::35]:53", ("2001:db8::35", 53)),
    (" 192.0.2.53:53 ", ("192.0.2.53", 53)),
    ("192.0.2.53:65535", ("192.0.2.53", 65535)),
    (None, None),
    ("", None),
])
def test_the_accepted_forms(setting, address):
    assert resolver_address(setting) == address


@pytest.mark.parametrize("setting", [
    "dns.example", "dns.example:53", "localhost", "[dns.example]:53",  # host names
    "192.0.2", "192.0.2.256", "01.2.3.4", "[127.0.0.1]:53", "[::1", "::1]:53",
    "user@192.0.2.53", "192.0.2.53:53/dns", "192.0.2.53:53?x", "192.0.2.53:5\t3",
    "192.0.2.53:", "[::1]:", "[::1]x", "[::1]53", "192.0.2.53 :53",
])
def test_anything_but_an_ip_address_with_a_port_is_refused(setting):
    with pytest.raises(ValueError, match="DNS_RESOLVER must be an IP address"):
        resolver_address(setting)


@pytest.mark.parametrize("setting", ["192.0.2.53:0", "192.0.2.53:65536", "192.0.2.53:dns",
                                     "[::1]:-1", "192.0.2.53:+53"])
def test_a_port_outside_1_to_65535_is_refused(setting):
    with pytest.raises(ValueError, match="DNS_RESOLVER has no valid port"):
        resolver_address(setting)


def test_a_host_name_stops_the_server_at_start(make_app):
    with pytest.raises(SystemExit, match="DNS_RESOLVER must be an IP address"):
        make_app(DNS_RESOLVER="dns.example:53")
