"""Projects, their members and invitations (resources.md R3)."""


def register(app, api):
    from sections.auth.services import deletion
    from sections.projects import service

    deletion.step(refuse=service.refuse_owner_deletion, cascade=service.delete_owned_projects)
    from sections.projects import rules  # noqa: F401  (its kinds, for the policy)
    from sections.projects.invitation_routes import blp as invitation_routes
    from sections.projects.routes import blp as routes
    api.register_blueprint(routes)
    api.register_blueprint(invitation_routes)
