"""Small helpers any card game pack needs (atomic writes, hashing)."""
