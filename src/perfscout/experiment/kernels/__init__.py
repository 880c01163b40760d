"""The bundled kernels (C sources shipped as package data) and the one result line they print.

Every kernel prints exactly one line starting with ``PERFSCOUT `` made of ``key=value`` pairs,
always including ``kernel``, ``n``, ``time_s``, ``metric``, ``value`` and ``checksum`` (see
README.md next to the sources). :func:`parse_result_line` turns it into a :class:`KernelResult`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from perfscout.model.errors import InputError, NotFoundError

RESULT_PREFIX = "PERFSCOUT "
SIZE_PREFIX = "PERFSCOUT_SIZE "


@dataclass(frozen=True)
class KernelInfo:
    """How to build and run one bundled kernel."""

    name: str
    source: str  # file name inside this package
    args: tuple[str, ...]  # argv after the program; "{size}" is replaced by the problem size
    metric: str  # the metric named in the result line
    direction: str  # "higher" or "lower" is better
    default_size: int
    screening_size: int
    mpi: bool = False
    flags: tuple[str, ...] = ("-O2", "-fopenmp")
    libs: tuple[str, ...] = ()
    description: str = ""


KERNELS: dict[str, KernelInfo] = {
    k.name: k
    for k in (
        KernelInfo("triad", "stream.c", ("{size}", "triad"), "bandwidth_MBps", "higher",
                   20_000_000, 4_000_000, description="STREAM triad a = b + s*c"),
        KernelInfo("copy", "stream.c", ("{size}", "copy"), "bandwidth_MBps", "higher",
                   20_000_000, 4_000_000, description="STREAM copy c = a"),
        KernelInfo("scale", "stream.c", ("{size}", "scale"), "bandwidth_MBps", "higher",
                   20_000_000, 4_000_000, description="STREAM scale b = s*c"),
        KernelInfo("add", "stream.c", ("{size}", "add"), "bandwidth_MBps", "higher",
                   20_000_000, 4_000_000, description="STREAM add c = a + b"),
        KernelInfo("matmul", "matmul.c", ("{size}", "3"), "gflops", "higher", 512, 256,
                   description="naive ijk dense matrix multiply"),
        KernelInfo("jacobi", "jacobi.c", ("{size}", "50"), "mlups", "higher", 1024, 512,
                   description="2D Jacobi 5-point stencil"),
        KernelInfo("ompreduce", "ompreduce.c", ("{size}", "1", "0"), "time_s", "lower",
                   50_000_000, 10_000_000,
                   description="per-thread sums with false-sharing and imbalance knobs"),
        KernelInfo("mpi_pingpong", "mpi_pingpong.c", ("{size}", "200"), "latency_us", "lower",
                   4_194_304, 65_536, mpi=True, flags=("-O2",),
                   description="MPI ping-pong size sweep"),
        KernelInfo("mpi_halo", "mpi_halo.c", ("{size}", "50", "0"), "time_s", "lower", 1024, 256,
                   mpi=True, flags=("-O2",),
                   description="MPI halo exchange with a load-imbalance knob"),
    )
}

SUPPORT_FILES = ("ps_common.h",)


def kernel(name: str) -> KernelInfo:
    """The bundled kernel ``name``; the error lists the valid names."""
    try:
        return KERNELS[name]
    except KeyError:
        raise NotFoundError(
            f"unknown kernel {name!r}", hint="bundled kernels: " + ", ".join(KERNELS)
        ) from None


def kernel_source(filename: str) -> str:
    """Text of a bundled source file (``stream.c``, ``variants/matmul_use_blas.c``, ...)."""
    res = resources.files(__name__).joinpath(filename)
    if not res.is_file():
        raise NotFoundError(f"bundled kernel file {filename} is missing")
    return res.read_text()


def kernels_dir() -> Path:
    """Directory of the bundled sources (package data, a real directory in installs)."""
    return Path(str(resources.files(__name__)))


@dataclass(frozen=True)
class KernelResult:
    """The parsed result line of one kernel run."""

    kernel: str
    n: int
    time_s: float
    metric: str
    value: float
    checksum: str
    fields: dict[str, str] = field(default_factory=dict)

    @property
    def bytes(self) -> float | None:
        """Minimum memory traffic of the timed region, when the kernel reports it."""
        raw = self.fields.get("bytes")
        return float(raw) if raw is not None else None


def size_fields(stdout: str) -> dict[str, str]:
    """Per-message-size figures from ``PERFSCOUT_SIZE bytes=B k=v ...`` lines (the MPI
    ping-pong prints one per size) as ``k@B`` fields, e.g. ``latency_us@8``."""
    out: dict[str, str] = {}
    for line in stdout.splitlines():
        if not line.startswith(SIZE_PREFIX):
            continue
        kv = dict(t.split("=", 1) for t in line[len(SIZE_PREFIX):].split() if "=" in t)
        b = kv.pop("bytes", "")
        if b.isdigit():
            out.update({f"{k}@{b}": v for k, v in kv.items()})
    return out


def parse_result_line(stdout: str, source: str = "kernel output") -> KernelResult:
    """Read the one ``PERFSCOUT`` line from a kernel's stdout; InputError when absent/broken.

    ``PERFSCOUT_SIZE`` lines before it are folded into the fields (:func:`size_fields`)."""
    lines = [ln for ln in stdout.splitlines() if ln.startswith(RESULT_PREFIX)]
    if len(lines) != 1:
        raise InputError(
            f"{source}: expected exactly one 'PERFSCOUT ...' result line, found {len(lines)}",
            hint="the program must print one line of key=value pairs starting with PERFSCOUT",
        )
    fields: dict[str, str] = {}
    for tok in lines[0][len(RESULT_PREFIX):].split():
        if "=" in tok:
            k, v = tok.split("=", 1)
            fields[k] = v
    fields.update(size_fields(stdout))
    missing = [k for k in ("kernel", "n", "time_s", "metric", "value", "checksum")
               if k not in fields]
    if missing:
        raise InputError(f"{source}: result line lacks {', '.join(missing)}: {lines[0]!r}")
    try:
        return KernelResult(fields["kernel"], int(fields["n"]), float(fields["time_s"]),
                            fields["metric"], float(fields["value"]), fields["checksum"], fields)
    except ValueError:
        raise InputError(f"{source}: non-numeric value in result line {lines[0]!r}") from None
