"""Writing files so that an interrupted or failed write never leaves a damaged one.

Every file flick writes goes to a temporary file in the target's folder, is flushed and
fsynced, and is then renamed over the target (a rename within one folder is atomic): a reader
sees the old file or the new one, never a truncated mix, and a write that fails partway leaves
the old file as it was. `keep_backup` keeps the previous file as NAME.bak; `check_writable`
finds a bad output path before any work starts.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from flick.errors import FlickError


@contextlib.contextmanager
def replacing(path: str | os.PathLike[str], binary: bool = False,
              encoding: str = "utf-8", newline: str | None = None) -> Iterator[IO[Any]]:
    """A file object to write the new content of `path` to; on leaving the block without an
    error it is flushed, fsynced and renamed over `path` (created with the folder if need be);
    on an error (or an interrupt) the temporary file is removed and `path` is untouched."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        mode = "wb" if binary else "w"
        kwargs: dict[str, Any] = {} if binary else {"encoding": encoding, "newline": newline}
        with os.fdopen(fd, mode, **kwargs) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):  # keep the old file's permissions when replacing
            os.chmod(tmp, target.stat().st_mode & 0o7777)
        if not target.exists():
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
        _sync_folder(target.parent)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> Path:
    """Write `text` to `path` atomically (see `replacing`)."""
    with replacing(path, encoding=encoding) as handle:
        handle.write(text)
    return Path(path)


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write `data` to `path` atomically (see `replacing`)."""
    with replacing(path, binary=True) as handle:
        handle.write(data)
    return Path(path)


def write_with(path: str | os.PathLike[str], save: Callable[[Path], Any]) -> Path:
    """Atomically write a file that a library saves by name (`pygame.image.save`,
    `Figure.savefig`): `save` writes a temporary name in the same folder (with the target's
    suffix, which such savers read the format from), which is then renamed over `path`."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}.",
                               suffix=target.suffix)
    os.close(fd)
    try:
        save(Path(tmp))
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        _check_written(Path(tmp))
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
        _sync_folder(target.parent)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target


_PNG_START = b"\x89PNG\r\n\x1a\n"
_PNG_END = b"IEND\xaeB`\x82"


def _check_written(tmp: Path) -> None:
    """Read back what a library saved: a saver that meets a full disk may write nothing, or
    stop short, and say nothing. An empty file, or a PNG without its signature or its end,
    raises OSError (ENOSPC) so the old file is kept."""
    size = tmp.stat().st_size
    whole = size > 0
    if whole and tmp.suffix.lower() == ".png":
        with open(tmp, "rb") as handle:
            start = handle.read(8)
            handle.seek(max(0, size - 8))
            end = handle.read(8)
        whole = start == _PNG_START and end == _PNG_END
    if not whole:
        raise OSError(errno.ENOSPC, "the file written is empty or cut short (is the disk full?)")


def keep_backup(path: str | os.PathLike[str]) -> Path | None:
    """Copy an existing `path` to NAME.bak (atomically, replacing an older backup) before it
    is overwritten; returns the backup's path, or None when there was nothing to keep."""
    target = Path(path)
    if not target.is_file():
        return None
    backup = target.with_name(target.name + ".bak")
    write_bytes(backup, target.read_bytes())
    return backup


def check_writable(path: str | os.PathLike[str], what: str = "output") -> Path:
    """Refuse an output path that cannot be written, before any work is done: its folder must
    exist (or be creatable) and be writable, and the path must not be a folder. Raises
    `FlickError` (exit 2)."""
    target = Path(path)
    if target.is_dir():
        raise FlickError(f"{target}: the {what} is a folder, not a file", exit_code=2)
    folder = target.parent
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise FlickError(f"{target}: cannot write the {what}: {existing} is not a folder",
                         exit_code=2)
    if not os.access(existing, os.W_OK | os.X_OK):
        raise FlickError(f"{target}: cannot write the {what}: {existing} is not writable",
                         exit_code=2)
    if target.exists() and not os.access(target, os.W_OK):
        raise FlickError(f"{target}: cannot write the {what}: the file is read-only",
                         exit_code=2)
    return target


def refuse_input(path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str] | None],
                 what: str = "output") -> None:
    """Refuse (FlickError, exit 2) an output that is one of the command's inputs (the same
    file by any name: a link, a relative path), before any work: writing it would destroy
    what is being read."""
    target = Path(path)
    for source in inputs:
        if source is None:
            continue
        try:
            same = target.exists() and os.path.samefile(target, source)
        except OSError:
            same = False
        if same:
            raise FlickError(f"{target}: the {what} would overwrite an input ({source}); "
                             "write it elsewhere", exit_code=2)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows opening a folder)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
