"""Attack Right's balance lab: the summary and targets of its simulation figures
(:mod:`.balance`, :mod:`.targets`), its report sections (:mod:`.report`) and the warnings of
`cardgen validate --simulate` (:mod:`.warnings`)."""
