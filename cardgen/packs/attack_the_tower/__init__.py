"""Attack the Tower (seed 002): a two-player print-and-play game of bases, troops and palaces."""
