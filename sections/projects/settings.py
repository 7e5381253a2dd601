"""A project's owner-only settings (extensions.md E4.2 `ssoRequired`, E4.3 `scimAdminGroups`,
E5.8 `oauthClients`):
the PATCH's keys and their columns. Only who may `configure` the project (its owner, a platform
admin) sends them; what a change needs (single sign-on ready before it is required) and what it
sets off (the directory's roles recomputed) belong to the sections that own those features,
through hooks.PROJECT_CHANGING and hooks.PROJECT_CHANGED."""

# The PATCH's fields of this kind (the API's keys) and their columns.
COLUMNS = {"ssoRequired": "sso_required", "scimAdminGroups": "scim_admin_groups",
           "oauthClients": "oauth_clients"}
