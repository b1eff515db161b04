"""`cardgen build`: the whole print-and-play kit, incrementally, with a checked manifest."""

from cardgen.build.pipeline import BuildError, BuildReport, StepResult, build
from cardgen.build.steps import PROVIDERS, BuildContext, Output, Step, Unavailable, provider

__all__ = [
    "PROVIDERS",
    "BuildContext",
    "BuildError",
    "BuildReport",
    "Output",
    "Step",
    "StepResult",
    "Unavailable",
    "build",
    "provider",
]
