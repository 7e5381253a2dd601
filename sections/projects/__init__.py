"""Projects, their members and invitations (resources.md R3)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models", "rules", "service", "schemas")


def register(app, api):
    from core import hooks, stats
    from sections.projects import (
        clients,
        rules,  # noqa: F401  (its kinds, for the policy)
        service,
    )

    # E5.8: a token of a client the project's oauthClients does not name is held out of it.
    hooks.PROJECT_GATES.fill(clients.gate)

    # An account's deletion: refused while it owns a project with other members; the projects
    # it owns alone go with it.
    hooks.ACCOUNT_DELETION_REFUSED.fill(service.refuse_owner_deletion)
    hooks.ACCOUNT_GOING.fill(service.delete_owned_projects)
    stats.show(stats.Statistic(  # its part of the statistics
        "projects", stats.counts_field("ProjectStats", ("total",)),
        lambda counts: {"total": counts.count("projects", "total")}))
    from sections.projects.invitation_routes import blp as invitation_routes
    from sections.projects.routes import blp as routes
    api.register_blueprint(routes)
    api.register_blueprint(invitation_routes)
    from sections.audit import service as audit
    audit.actions({action: "project" for action in (
        "project.update", "project.delete", "project.transfer", "project.member_add",
        "project.member_role", "project.member_remove")})
