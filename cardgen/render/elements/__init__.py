"""Card layouts as data: typed layout elements (:mod:`.schema`), their loading with ``extends``
and positioned diagnostics (:mod:`.layout`), and the generic renderer (:mod:`.render`).

``docs/layouts.md`` describes the schema for designers.
"""
