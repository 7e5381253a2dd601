"""The identity provider's endpoints: /api/oauth2 (OAuth's own conventions), the consent and
the apps under /api/auth (the auth envelope), and the /.well-known documents."""
