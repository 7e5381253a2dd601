"""A project's audit trail (extensions.md E4.5): its list and its NDJSON export, for the
project's owner and admins (a member 403, anyone else 404)."""
from flask import Response, stream_with_context

from core.access import guard, login_required
from core.blueprint import ApiBlueprint
from core.fields import data_schema
from sections.audit import service as audit
from sections.audit.schemas import (
    AuditEntryPageSchema,
    AuditEntrySchema,
    ProjectAuditHeadSchema,
    ProjectAuditListArgs,
)

blp = ApiBlueprint("audit", __name__, url_prefix="/api/projects",
                   description="A project's audit trail, a part of the one tamper-evident log "
                               "(extensions.md E4.5)")

NDJSON = "application/x-ndjson"


@blp.get("/<project_id>/audit-log")
@blp.doc(operationId="listProjectAuditLog")
@blp.response(200, AuditEntryPageSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@guard("project", "read_audit")
@blp.arguments(ProjectAuditListArgs, location="query")
def list_project_audit_log(args, project):
    """List the entries of the project's audit trail (its owner and admins)."""
    page = audit.project_entries_page(project.id, args)
    return page.answer([audit.entry_answer(entry, actor) for entry, actor in page.items])


@blp.get("/<project_id>/audit-log/export")
@blp.doc(operationId="exportProjectAuditLog", responses={200: {
    "description": "Every entry of the project's audit trail in `seq` order, one JSON object "
                   "(an AuditEntry) a line, streamed: an outsider recomputes each `hash` from "
                   "these lines alone (the entries of other projects in between are not "
                   "included, so `prevHash` names an entry that may be another project's), "
                   "and the project's own chain (`projectSeq`, `projectPrevHash`, "
                   "`projectHash`) shows that none is missing "
                   "(scripts/verify_audit_export.py)",
    "content": {NDJSON: {"schema": AuditEntrySchema}}}})
@login_required
@guard("project", "read_audit")
def export_project_audit_log(project):
    """Export the project's audit trail as NDJSON, in seq order (its owner and admins)."""
    return Response(stream_with_context(audit.export_lines(project.id)), mimetype=NDJSON)


@blp.get("/<project_id>/audit-log/head")
@blp.doc(operationId="getProjectAuditLogHead")
@blp.response(200, data_schema(ProjectAuditHeadSchema))
@login_required
@guard("project", "read_audit")
def get_project_audit_log_head(project):
    """The project's own chain's last entry (its owner and admins): record it outside the
    service (daily, say) and check an export later with `python3
    scripts/verify_audit_export.py EXPORT --head PSEQ:PHASH`."""
    return {"data": audit.project_head(project.id)}
