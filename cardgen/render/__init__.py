"""Card rendering: faces, backs and the print products of `cardgen render`.

Print geometry (:mod:`units`, :mod:`geometry`), fonts, colours and icons (SVG files,
:mod:`svg_icons`) are kept apart from
card drawing (:mod:`card_face`, :mod:`card_back`) so boards and tokens reuse them; layouts live
in ``templates/card.yaml`` and ``templates/products.yaml``.  :class:`cardgen.render.api.Renderer`
is the library entry point; :mod:`preflight` checks text fit, art and icons for `cardgen validate`.
"""
