"""Build steps and the registry of product providers.

A *provider* turns the build context into steps; a *step* writes one or more output files and
carries a content key (hash of every input it depends on).  Providers register under a group
(``cards``, ``components``, ``appendix`` …), so a product library plugs in by registering.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.util.hashing import digest_bytes, digest_data

if TYPE_CHECKING:  # loading the catalogue code is not needed to find the kit up to date
    from cardgen.catalogue.loader import Catalogue

#: The output folder's private subfolder: the build cache and the stored rasters, never listed
#: in the manifest.
PRIVATE_DIR = ".cardgen"


@dataclass(frozen=True)
class Output:
    """One file a step wrote and what it holds.

    ``contains`` counts rulebook components (keys of the rules model's ``components``);
    ``variant`` names the edition it belongs to: all files of one variant together must hold
    each component they contain exactly as often as the rulebook lists it.
    """

    path: str  # relative to the output folder, '/'-separated
    description: str
    pages: int | None = None
    contains: dict[str, int] = field(default_factory=dict)
    variant: str = ""
    cards: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "description": self.description,
            "pages": self.pages,
            "contains": dict(sorted(self.contains.items())),
            "variant": self.variant,
            "cards": list(self.cards),
        }

    @classmethod
    def from_dict(cls, d: dict) -> Output:
        return cls(
            path=d["path"],
            description=d["description"],
            pages=d.get("pages"),
            contains=dict(d.get("contains", {})),
            variant=d.get("variant", ""),
            cards=tuple(d.get("cards", ())),
        )


@dataclass(frozen=True)
class Step:
    """A unit of work: writes files under the output folder when its ``key`` changed.

    ``inputs`` names the digests the key is made of (``"card x"``, ``"code"``, ``"rules"`` …),
    so the build can say why a step ran again.  An ``aside`` step shares nothing with the
    others but the build's inputs, so it may run in a worker process while they run (the
    documents and the cards' vector PDFs, beside the card images)."""

    id: str
    group: str
    title: str
    key: str
    run: Callable[[Path], list[Output]]
    inputs: dict[str, str] = field(default_factory=dict)
    aside: bool = False


def keyed_step(
    step_id: str,
    group: str,
    title: str,
    inputs: dict[str, str],
    run: Callable[[Path], list[Output]],
    aside: bool = False,
) -> Step:
    """A step whose key is the digest of its named ``inputs``."""
    return Step(step_id, group, title, digest_data(inputs), run, inputs, aside)


def options_digest(options: Any) -> str:
    """The digest of what a :class:`cardgen.render.api.RenderOptions` changes in the files it
    makes (its ``jobs`` change nothing)."""
    icc = digest_bytes(options.icc) if options.icc else None
    return digest_data(
        [
            list(options.products),
            list(options.papers),
            str(options.duplex.value),
            options.cmyk,
            options.pnp_bleed,
            options.tts_url,
            list(options.tts_parts),
            list(options.tts_cell) if options.tts_cell else None,
            icc,
        ]
    )


def no_progress(what: str, count: int) -> None:
    """A step's progress, reported to no one."""


@dataclass(frozen=True)
class BuildContext:
    """What providers plan from: the validated catalogue, the paper and the output folder."""

    catalogue: Catalogue
    out_dir: Path
    paper: str
    #: the print service whose files the kit also holds (``home``: none besides the kit)
    service: str = "home"
    #: processes rasterising card images (None: the machine's cores); never part of a step's
    #: key, as the files are the same for every number
    jobs: int | None = None
    #: products a provider left out, with the reason (e.g. a missing external tool)
    skipped: dict[str, str] = field(default_factory=dict)
    #: the print options of the card files (a :class:`cardgen.render.api.RenderOptions`:
    #: the print-and-play papers, duplex, bleed, CMYK, ICC profile, TTS address; its products
    #: are the steps'); None: the defaults (A4 and Letter sheets)
    card_options: Any = None
    #: ``progress(what, count)`` as a step's work gets done (``"images", 1``: one design
    #: rasterised); never part of a step's key
    progress: Callable[[str, int], None] = field(default=no_progress, compare=False)
    #: values providers compute once per build and share (e.g. each card's digest)
    memo: dict[str, Any] = field(default_factory=dict)

    @property
    def private_dir(self) -> Path:
        """The build's own folder inside the output folder (cache, stored rasters)."""
        return self.out_dir / PRIVATE_DIR

    @property
    def rules(self) -> Any:
        return self.catalogue.rules


class Unavailable(Exception):
    """Raised by a provider whose library is not installed yet; the build notes and skips it."""


Provider = Callable[[BuildContext], list[Step]]

#: group name -> provider, in build order.
PROVIDERS: dict[str, Provider] = {}


def provider(group: str) -> Callable[[Provider], Provider]:
    """Register ``fn`` as the provider of ``group``'s steps."""

    def register(fn: Provider) -> Provider:
        PROVIDERS[group] = fn
        return fn

    return register
