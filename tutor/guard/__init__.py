"""What keeps the site standing under hostile traffic: bad requests refused before any view
reads them, client addresses taken only from the proxy's hop, sliding-window limits, private
pages kept out of caches."""
