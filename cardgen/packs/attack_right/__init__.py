"""Attack Right's rules: the rules model (vocabulary + tunable constants) and the engine."""
