"""Business logic of the service: plain functions over the models, no HTTP."""
