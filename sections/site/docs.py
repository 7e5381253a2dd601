"""The interactive API reference at /api/docs: Swagger UI over /api/openapi.json, its assets
shipped with the flask-swagger-ui package (nothing is loaded from a CDN)."""
from flask_swagger_ui import get_swaggerui_blueprint

DOCS_PATH = "/api/docs"


def docs_blueprint(title: str):
    return get_swaggerui_blueprint(
        DOCS_PATH, "/api/openapi.json", blueprint_name="docs",
        config={"app_name": title, "displayOperationId": True,
                "persistAuthorization": False, "tryItOutEnabled": False})
