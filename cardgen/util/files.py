"""Reading files safely: only regular files, never blocking on a FIFO or a device.

A catalogue folder may hold anything a user (or another program) put there: a FIFO would make
``open`` wait forever for a writer, a device may never end, a broken symlink fails in ways the
reader did not expect.  :func:`read_input_file` reads a regular file (a symlink to one is
fine) and raises :class:`NotARegularFile` naming what the path is instead;
:func:`read_regular_file` is the quiet form for cache entries (None when refused).
"""

from __future__ import annotations

import os
import stat

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)

#: what a path that is not a regular file is (tests on its mode, in order)
_KINDS = (
    (stat.S_ISDIR, "folder"),
    (stat.S_ISFIFO, "FIFO"),
    (stat.S_ISSOCK, "socket"),
    (stat.S_ISCHR, "character device"),
    (stat.S_ISBLK, "block device"),
)


def file_kind(path: str | os.PathLike[str]) -> str:
    """What ``path`` is: ``"file"`` (a regular file, or a symlink to one), ``"FIFO"``,
    ``"socket"``, ``"character device"``, ``"block device"``, ``"folder"``, ``"broken symlink"``
    or ``"missing"``.  Never opens it."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "broken symlink" if os.path.islink(path) else "missing"
    except OSError:
        return "unreadable"
    if stat.S_ISREG(mode):
        return "file"
    return next((kind for test, kind in _KINDS if test(mode)), "special file")


def folder_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is not a folder to read, as the end of a sentence about it ("does not
    exist", "is a file, not a folder", "is a symlink loop"…), or None if it is one."""
    try:
        mode = os.stat(path).st_mode
    except ValueError:  # a NUL in the path
        return "has a NUL character in its name"
    except FileNotFoundError:
        if os.path.islink(path):
            return f"is a broken symlink (to {os.readlink(path)!r}, which does not exist)"
        return "does not exist"
    except NotADirectoryError:
        return "does not exist (a part of its path is a file, not a folder)"
    except OSError as exc:
        import errno

        if exc.errno == errno.ELOOP:
            return "is a symlink loop"
        if exc.errno == errno.ENAMETOOLONG:
            return "has a name too long for the file system"
        return f"cannot be read ({describe_os_error(exc, path)})"
    if stat.S_ISDIR(mode):
        return None
    kind = "file" if stat.S_ISREG(mode) else file_kind(path)
    return f"is a {kind}, not a folder"


class NotARegularFile(OSError):
    """A path that cannot be read as a file: what it is instead, as a sentence."""


class FileTooLarge(OSError):
    """A regular file larger than the reader allows."""

    def __init__(self, size: int):
        super().__init__(f"{size} bytes")
        self.size = size


def why_not_regular(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is not a regular file to read (``"it is a FIFO, not a regular file"``), or
    None if it is one (or is missing, or cannot be examined: opening it says so).  Never opens
    it."""
    kind = file_kind(path)
    if kind in ("file", "missing", "unreadable"):  # opening it says what is wrong
        return None
    if kind == "broken symlink":
        return f"it is a broken symlink (to {os.readlink(path)!r}, which does not exist)"
    return f"it is a {kind}, not a regular file"


def read_input_file(path: str | os.PathLike[str], *, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path`` (a symlink to one is followed).

    Raises :class:`NotARegularFile` for anything else (FIFO, socket, device, folder, broken
    symlink), saying what it is, without opening it; :class:`FileTooLarge` beyond ``max_bytes``;
    OSError when it cannot be read."""
    reason = why_not_regular(path)
    if reason is not None:
        raise NotARegularFile(reason)
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # swapped since it was examined
            raise NotARegularFile("it is not a regular file")
        if st.st_size > max_bytes:
            raise FileTooLarge(st.st_size)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(max_bytes + 1)
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise FileTooLarge(len(data))
    return data


def read_regular_file(
    path: str | os.PathLike[str], *, max_bytes: int, owner: int | None = None
) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (not a symlink, FIFO, device…) of at most
    ``max_bytes``, owned by ``owner`` when given and writable by nobody else; else None."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > max_bytes:
            return None
        if owner is not None and (st.st_uid != owner or st.st_mode & 0o022):
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(max_bytes + 1)
        return data if len(data) <= max_bytes else None
    except OSError:
        return None
    finally:
        os.close(fd)


def describe_os_error(exc: OSError, target: str | os.PathLike[str] | None = None) -> str:
    """What went wrong writing a file, as a short phrase naming the path at fault unless it is
    ``target``: ``"output: it is a file, not a folder"``, ``"no space left on the device"``…"""
    import errno

    name = exc.filename2 if exc.errno == errno.EISDIR and exc.filename2 else exc.filename
    same = name is not None and target is not None and os.fspath(name) == os.fspath(target)
    where = f"{os.fspath(name)}: " if name is not None and not same else ""
    reasons = {
        errno.EEXIST: "it is a file, not a folder",
        errno.ENOTDIR: "a part of the path is a file, not a folder",
        errno.EISDIR: "it is a folder, not a file",
        errno.ENOSPC: "no space left on the device",
        errno.EDQUOT: "disk quota exceeded",
        errno.EROFS: "the file system is read-only",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.ENAMETOOLONG: "file name too long",
        errno.ELOOP: "a symlink loop",
        errno.ENOENT: "it does not exist",
    }
    reason = reasons.get(exc.errno) if exc.errno is not None else None
    return f"{where}{reason or exc.strerror or exc}"
