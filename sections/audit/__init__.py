"""The audit log (resources.md R8, extensions.md E4.5): who did what to which resource, written
by every section, one hash chain; a project's trail for its owner and admins, and
`flask --app app audit verify` for operators."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("service", "schemas")


def register(app, api):
    from core import hooks
    from sections.audit import (
        chain,  # noqa: F401  (the chain's listeners)
        models,  # noqa: F401  (its table)
        rules,  # noqa: F401  (its actions on a project, for the policy)
        service,
    )
    from sections.audit.commands import audit_commands
    from sections.audit.routes import blp
    service.actions({"user.delete": "user"})  # an account's deletion: an entry of audit's own
    hooks.ACCOUNT_GOING.fill(service.record_deletion)  # R8: `user.delete`, by whoever did it
    api.register_blueprint(blp)
    app.cli.add_command(audit_commands)
