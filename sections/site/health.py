"""Liveness with a database round trip, for load balancers and monitors."""
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from core.blueprint import ApiBlueprint
from core.db import db
from core.fields import ErrorSchema, HealthSchema
from core.outcomes import Unavailable

blp = ApiBlueprint("health", __name__, url_prefix="/api", description="Service health")


@blp.get("/health")
@blp.doc(operationId="getHealth")
@blp.response(200, HealthSchema)
@blp.errors((503, "SERVICE_UNAVAILABLE: the database does not answer"), schema=ErrorSchema)
def health():
    """Report whether the service and its database answer."""
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        raise Unavailable("The database does not answer") from None
    return {"status": "ok"}
