"""The GM console: server-rendered pages over the services, served by the API's app.

``create_console_app()`` (``web/app.py``) builds the API app and adds the console's pages
and its static files; ``tablekeeper console`` serves it. Templates (Jinja2) and static
assets (one CSS file, vendored htmx) ship inside this package: no build step. See
docs/architecture.md, "The GM console".
"""
