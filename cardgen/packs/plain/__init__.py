"""The `plain` pack: a data-only card game (name, type, cost, text with icons, stats, backs).

With it a designer prints a prototype of any card game that needs no engine.
"""
