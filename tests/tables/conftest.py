# The production application under uvicorn (event streams on), as the club's browser tests run it.
from tests.club.conftest import asgi_server, push_site  # noqa: F401
