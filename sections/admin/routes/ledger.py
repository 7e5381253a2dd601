"""The payment ledger, the statistics and the audit log, for admins (resources.md R8)."""
from core import listing
from core.access import roles_required
from core.fields import data_schema
from core.stats import STATISTICS
from sections.admin import service as admin
from sections.admin import stats
from sections.admin.routes import blp
from sections.admin.schemas import (
    LedgerPaymentSchema,
    LedgerRefundSchema,
    LedgerSubscriptionSchema,
    WebhookEventSchema,
)
from sections.audit import service as audit
from sections.audit.schemas import AdminAuditListArgs, AuditEntrySchema, AuditHeadSchema
from sections.payments import ledger

PaymentListArgs = listing.arguments("PaymentListArgs", sorts=["createdAt"], filters={
    "status": listing.text(), "currency": listing.text()})
RefundListArgs = listing.arguments("RefundListArgs", sorts=["createdAt"], filters={
    "currency": listing.text()})
SubscriptionListArgs = listing.arguments("SubscriptionListArgs", sorts=["createdAt"], filters={
    "status": listing.text(), "customer": listing.text(255)})
WebhookEventListArgs = listing.arguments("WebhookEventListArgs", sorts=["createdAt"], filters={
    "type": listing.text(255)})

ERRORS = ((400, "VALIDATION_ERROR"),)


def ledger_view(name: str, operation_id: str, args_schema, item_schema, answer, summary: str):
    """One read-only list of the ledger: the same shape for its four tables."""

    @roles_required("admin")
    @blp.arguments(args_schema, location="query")
    def view(args):
        page = ledger.page(name, args)
        return page.answer([answer(record) for record in page.items])

    view.__name__ = view.__qualname__ = f"list_{name.replace('-', '_')}"
    view.__doc__ = summary
    view = blp.errors(*ERRORS)(view)
    view = blp.response(200, listing.page_schema(item_schema))(view)
    view = blp.doc(operationId=operation_id)(view)
    return blp.get(f"/{name}")(view)


ledger_view("payments", "listPayments", PaymentListArgs, LedgerPaymentSchema,
            admin.payment_answer, "List recorded payments.")
ledger_view("refunds", "listRefunds", RefundListArgs, LedgerRefundSchema,
            admin.refund_answer, "List recorded refunds.")
ledger_view("subscriptions", "listSubscriptions", SubscriptionListArgs,
            LedgerSubscriptionSchema, admin.subscription_answer, "List recorded subscriptions.")
ledger_view("webhook-events", "listWebhookEvents", WebhookEventListArgs, WebhookEventSchema,
            admin.webhook_event_answer, "List verified payment webhook events.")


@blp.get("/stats")
@blp.doc(operationId="getAdminStats")
@blp.response(200, data_schema(STATISTICS))
@roles_required("admin")
def get_stats():
    """Count users, sessions, projects, content, tickets and payments."""
    return {"data": stats.stats()}


@blp.get("/audit-log")
@blp.doc(operationId="listAuditLog")
@blp.response(200, listing.page_schema(AuditEntrySchema))
@blp.errors(*ERRORS)
@roles_required("admin")
@blp.arguments(AdminAuditListArgs, location="query")
def list_audit_log(args):
    """List the audit log (read-only)."""
    page = audit.entries_page(args)
    return page.answer([audit.entry_answer(entry, actor) for entry, actor in page.items])


@blp.get("/audit-log/head")
@blp.doc(operationId="getAuditLogHead")
@blp.response(200, data_schema(AuditHeadSchema))
@roles_required("admin")
def get_audit_log_head():
    """The audit chain's last entry: record it outside the database (daily, say) and check it
    later with `flask --app app audit verify --head SEQ:HASH`."""
    return {"data": audit.head()}
