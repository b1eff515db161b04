"""PDF/X-1a:2001 from a CMYK PDF: the output intent with its ICC profile and the document
information PDF/X asks for, written by pikepdf (qpdf).

What the content must already be (cardgen's CMYK documents are): every colour DeviceCMYK (no
RGB, no ICC-based colour), every font embedded, no transparency, a TrimBox (or ArtBox) on every
page.  This adds: ``/OutputIntents`` (``/GTS_PDFX``, the profile as ``/DestOutputProfile``),
``/GTS_PDFXVersion``, ``/GTS_PDFXConformance`` and ``/Trapped`` in the document information,
PDF version 1.3 without object streams, and a document ID derived from the content (the same
input gives the same bytes).
"""

from __future__ import annotations

import io

PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"


def make_pdfx(pdf: bytes, profile: bytes, condition: str, title: str) -> bytes:
    """``pdf`` (CMYK, fonts embedded, boxes set) as PDF/X-1a:2001 with ``profile`` (a CMYK ICC
    profile named ``condition``) as its output intent."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as doc:
        icc = pikepdf.Stream(doc, profile)
        icc.N = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent,
            S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String("Custom"),
            OutputCondition=pikepdf.String(condition),
            Info=pikepdf.String(condition),
            RegistryName=pikepdf.String("http://www.color.org"),
            DestOutputProfile=doc.make_indirect(icc),
        )
        doc.Root.OutputIntents = pikepdf.Array([doc.make_indirect(intent)])
        info = doc.docinfo
        info.Title = pikepdf.String(title)
        info.GTS_PDFXVersion = pikepdf.String(PDFX_VERSION)
        info.GTS_PDFXConformance = pikepdf.String(PDFX_CONFORMANCE)
        info.Trapped = pikepdf.Name("/False")
        if "/ModDate" not in info and "/CreationDate" in info:
            info.ModDate = info.CreationDate
        out = io.BytesIO()
        doc.save(
            out,
            force_version="1.3",
            object_stream_mode=pikepdf.ObjectStreamMode.disable,
            deterministic_id=True,
        )
        return out.getvalue()
