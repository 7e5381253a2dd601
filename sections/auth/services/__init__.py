"""Authentication: accounts, passwords, sessions, the account cap and every sign-in flow."""
