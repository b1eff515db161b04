"""cardgen: print-and-play production pipeline with a verified rules engine for Attack Right."""

__version__ = "0.1.0"
