"""A project's domains under /api/projects/{id}/domains (extensions.md E4.1). Checks in R1's
order: the bearer, the project (404 to a non-member, 403 to a member), the body (400), the
state (409)."""
from core import policy as policies
from core.access import guard, login_required
from core.blueprint import ApiBlueprint
from core.db import db
from sections.domains import service as domains
from sections.domains.schemas import (
    DomainCreateSchema,
    DomainDataSchema,
    DomainListArgs,
    DomainPageSchema,
)

blp = ApiBlueprint("domains", __name__, url_prefix="/api/projects",
                   description="A project's verified domains (extensions.md E4.1)")

NO_DOMAIN = (404, "NOT_FOUND: no such domain in this project")


@blp.post("/<project_id>/domains")
@blp.doc(operationId="addProjectDomain")
@blp.response(201, DomainDataSchema)
@blp.errors((400, "VALIDATION_ERROR naming domain: not a host name of two labels or more, "
                  "longer than 234 characters, an IP address or a public suffix"),
            (409, "CONFLICT: the project has this domain already, or 20 domains"))
@login_required
@guard("project", "manage_domains", lock=True)
@blp.arguments(DomainCreateSchema)
def add_domain(data, project):
    """Claim a domain for the project; publish its TXT record, then verify it."""
    domain = domains.add(project, policies.caller(), data["domain"])
    db.session.commit()
    return {"data": domains.answer(domain)}


@blp.get("/<project_id>/domains")
@blp.doc(operationId="listProjectDomains")
@blp.response(200, DomainPageSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@guard("project", "list_domains")
@blp.arguments(DomainListArgs, location="query")
def list_domains(args, project):
    """List the project's domains (its owner or an admin)."""
    page = domains.page(project.id, args)
    return page.answer([domains.answer(row) for row in page.items])


@blp.post("/<project_id>/domains/<domain_id>/verify")
@blp.doc(operationId="verifyProjectDomain")
@blp.response(200, DomainDataSchema)
@blp.errors(NO_DOMAIN, (409, "CONFLICT: the TXT record expected is not found (the message "
                             "names it), or another project holds the domain verified"))
@login_required
@guard("project", "manage_domains")
def verify_domain(project, domain_id):
    """Verify a domain by its DNS TXT record."""
    domain = domains.verify(project, policies.caller(), domain_id)
    db.session.commit()
    return {"data": domains.answer(domain)}


@blp.delete("/<project_id>/domains/<domain_id>")
@blp.doc(operationId="removeProjectDomain")
@blp.response(204)
@blp.errors(NO_DOMAIN, (409, "CONFLICT: the last verified domain while the project requires "
                             "single sign-on"))
@login_required
@guard("project", "manage_domains", lock=True)
def remove_domain(project, domain_id):
    """Remove a domain from the project."""
    domains.remove(project, policies.caller(), domain_id)
    db.session.commit()
    return None
