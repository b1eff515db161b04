"""`cardgen studio`: a local web app showing one catalogue folder of any pack.

Every card face and back as the kit prints it (the build's layout, its raster store and
PDFium), grouped, filtered and searched by field values; each card at print size with its
trim, bleed and safe zone, its printed text, fields and source; every diagnostic of
`cardgen validate` pinned on its card; the kit's pages; all of it updated the moment a
catalogue file is saved, without reloading the page.

- :mod:`.session`: the catalogue watched, rendered and validated (:class:`~.session.Studio`);
- :mod:`.state`: what the pages show, as JSON; :mod:`.events`: the server-sent events;
- :mod:`.kit`: the kit build in a child process, its pages drawn by PDFium;
- :mod:`.app`: the web app and its views (:mod:`.gallery`, :mod:`.kit_view`; a later view is
  one more entry of :data:`.app.VIEWS`); :mod:`.server`: 127.0.0.1, a free port, Ctrl-C;
- the Play table (:mod:`.play_view`, :mod:`.table`) shared with a group of playtesters by
  private links (:mod:`.table_share`; who may reach what: :mod:`.guests`), their notes
  (:mod:`.table_notes`), and a sandbox table for any catalogue (:mod:`.sandbox`).
"""
