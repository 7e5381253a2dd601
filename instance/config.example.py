# Copy to instance/config.py to set values without environment variables.
# Environment variables of the same names win over this file.
# SECRET_KEY = "a long random string, the same on every host"
# DATABASE_URL = "postgresql://user@127.0.0.1:5432/app"
# RATELIMIT_STORAGE_URI = "redis://127.0.0.1:6379/0"
# MAIL_SERVER = "smtp.example.com"
