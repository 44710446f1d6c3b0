"""Playing whole deals against the engine's beginner bots, and the referee for any position."""
