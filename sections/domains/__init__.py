"""A project's verified domains (extensions.md E4.1): claimed by its owner, proved by a DNS
TXT record; the domains a project's identity providers and directory speak for."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models", "service")


def register(app, api):
    from sections.domains import (
        lookup,
        rules,  # noqa: F401  (its actions on the project kind)
    )
    from sections.domains.routes import blp

    if app.config["DNS_DEVELOPMENT_RESOLVER"] is None:  # a DNS server on the developer's machine
        app.config["DNS_DEVELOPMENT_RESOLVER"] = lookup.DEVELOPMENT_RESOLVER if app.debug else ""
    try:
        lookup.resolver_address(app.config["DNS_RESOLVER"])
        lookup.resolver_address(app.config["DNS_DEVELOPMENT_RESOLVER"], "DNS_DEVELOPMENT_RESOLVER")
    except ValueError as exc:
        raise SystemExit(f"error: {exc}") from None
    api.register_blueprint(blp)
    from sections.audit import service as audit
    audit.actions({"project.domain_add": "project", "project.domain_verify": "project",
                   "project.domain_remove": "project"})
