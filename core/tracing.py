"""OpenTelemetry traces over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/how-to/
operations.md, "Tracing"): a span per request, SQL statement, Redis command and outgoing HTTP
call. Unset, OpenTelemetry is never imported: tracing costs nothing."""
import threading

_process_lock = threading.Lock()
_process_done = []  # the tracer provider and the library patches, once per process


def configure(app) -> None:
    endpoint = app.config["OTEL_EXPORTER_OTLP_ENDPOINT"]
    if not endpoint:
        return
    provider = _configure_process(endpoint.rstrip("/") + "/v1/traces",
                                  app.config["OTEL_SERVICE_NAME"])
    # Imported here, not at the top: a process without the setting never loads them.
    from opentelemetry.instrumentation.flask import FlaskInstrumentor
    from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor

    from core.db import db

    FlaskInstrumentor.instrument_app(app, tracer_provider=provider)
    with app.app_context():
        # The instrumentation declares SQLAlchemy < 2.1 and would skip 2.1 without a word; the
        # engine events it listens to are unchanged there (tests/core/test_tracing.py).
        SQLAlchemyInstrumentor().instrument(engine=db.engine, tracer_provider=provider,
                                            skip_dep_check=True)


def _configure_process(traces_url: str, service_name: str):
    """The process's tracer provider, batching spans to `traces_url`; Redis and requests are
    instrumented process-wide (their clients are module-level classes)."""
    with _process_lock:
        if _process_done:
            return _process_done[0]
        from opentelemetry import trace
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        from opentelemetry.instrumentation.redis import RedisInstrumentor
        from opentelemetry.instrumentation.requests import RequestsInstrumentor
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor

        provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
        # Batched in a background thread (OTEL_BSP_* environment variables tune it); the
        # exporter's own calls are not traced (requests is instrumented below).
        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=traces_url)))
        trace.set_tracer_provider(provider)
        RedisInstrumentor().instrument(tracer_provider=provider)
        RequestsInstrumentor().instrument(tracer_provider=provider,
                                          excluded_urls=traces_url)
        _process_done.append(provider)
        return provider
