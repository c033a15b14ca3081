"""The teacher's account in the class hub's database, made before anyone can sign up: nobody can take the name.

``install.sh`` runs it (as the hub's user, with the hub's Python) with the teacher's name, and
``run_load.py``/``check_security.py`` for each fresh hub they start. It writes the account the way
jupyterhub-nativeauthenticator's sign-up does (its ``UserInfo`` row, a bcrypt hash), already approved; the
hub makes that name its admin (``etc/hub.json``'s ``teacher``) and refuses to start without the row.
With the name taken, a sign-up under it is refused by NativeAuthenticator like any taken name.

Usage (the database is JupyterHub's, made if missing)::

    make_teacher.py --db sqlite:////opt/vegas-tutor-hub/state/hub/jupyterhub.sqlite NAME [--password-stdin] [--reset]

Prints the password, generated unless given on standard input; the teacher changes it at
``/hub/change-password`` after their first login. ``--reset`` gives an existing teacher a new password.
"""

from __future__ import annotations

import argparse
import re
import secrets
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import learner_server

MIN_PASSWORD = 8
"""As the hub's ``NativeAuthenticator.minimum_password_length``."""


def make_teacher(db_url: str, name: str, password: str, reset: bool = False) -> bool:
    """Write ``name``'s approved account with ``password``; False (and nothing changed) when it exists and
    ``reset`` is not set."""
    import bcrypt
    from jupyterhub import orm
    from nativeauthenticator.orm import UserInfo

    if not re.fullmatch(learner_server.NAME_PATTERN, name):
        raise ValueError(f"{name!r} is not a possible user name ({learner_server.NAME_PATTERN})")
    if len(password) < MIN_PASSWORD:
        raise ValueError(f"the password needs {MIN_PASSWORD} characters or more")
    session = orm.new_session_factory(db_url)()  # JupyterHub's own schema (UserInfo is one of its tables)
    try:
        hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt())
        found = UserInfo.find(session, name)
        if found is not None and not reset:
            return False
        if found is None:
            session.add(UserInfo(username=name, password=hashed, is_authorized=True))
        else:
            found.password, found.is_authorized = hashed, True
        session.commit()
        return True
    finally:
        session.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--db", required=True, metavar="URL", help="the hub's database (JupyterHub.db_url)")
    parser.add_argument("name")
    parser.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    parser.add_argument("--reset", action="store_true", help="give an existing teacher this new password")
    args = parser.parse_args(argv)
    password = sys.stdin.readline().rstrip("\n") if args.password_stdin else secrets.token_urlsafe(12)
    try:
        made = make_teacher(args.db, args.name, password, args.reset)
    except ValueError as error:
        print(f"make_teacher.py: {error}", file=sys.stderr)
        return 2
    if not made:
        print(f"make_teacher.py: {args.name} already has an account (--reset gives it a new password)",
              file=sys.stderr)
        return 1
    print(f"{args.name}: account ready" if args.password_stdin else password)
    return 0


if __name__ == "__main__":
    sys.exit(main())
