"""What keeps the site standing under hostile traffic: bad requests refused before any view
reads them, numbers and JSON read one way (``inputs``), client addresses taken only from the
proxy's hop, sliding-window limits, private pages kept out of caches (docs/security.md)."""
