"""Code that exists only for speed, each piece with the figure that keeps it (bench/README.md,
"Speed-only code"). The PERF_OFF setting (config.py) names pieces to leave out, for measuring
them side by side (bench/pieces.py); each piece asks `off(app, name)` where it is chosen."""

PIECES = ("held_sqlite", "limiter", "answer_cache", "ledger_sql", "lazy_openapi",
          "audit_driver")


def check(app) -> None:
    """Refuse a PERF_OFF that names no piece (a typo would measure the wrong thing)."""
    unknown = set(app.config["PERF_OFF"]) - set(PIECES)
    if unknown:
        raise SystemExit(f"error: PERF_OFF names no piece: {', '.join(sorted(unknown))} "
                         f"(pieces: {', '.join(PIECES)})")


def off(app, piece: str) -> bool:
    """Whether PERF_OFF leaves `piece` out of this app."""
    return piece in app.config["PERF_OFF"]
