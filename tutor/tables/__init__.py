"""Tables where people play each other, each in their own language, with the engine as referee;
and duplicate club nights, where every table plays the same deals (docs/tables.md)."""
