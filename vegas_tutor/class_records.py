"""The class's records (class mode): one SQLite file the teacher chooses, one class session at a time.

What is kept, per learner (a class cookie's client id, with the display name chosen on joining): each lesson
opened (the server knows which page got which kernel), each prediction's answer and whether it was right, each
lesson finished, each game played to the end (result, the opponents' level, the coach's summary), and each
exercise answered on the Practice page (its game, theme and source, and the coach's judgement of the answer).

* **Written by the lesson only.** A record is made by the learner's kernel, which decides what it says (the
  kernel knows the answer), and signed there with a key only that kernel and the server have
  (:func:`kernel_key`: an HMAC of the kernel's id with the session's secret, given to the kernel in its
  environment when it starts). The page relays it (and keeps it until the server has it); the server
  checks the signature, and that the kernel was given to the learner whose class cookie sends it.
* **Once.** Each record has an idempotency key (the kernel's id and the record's number in that kernel): a
  retried record is stored once (:meth:`ClassRecords.add` says ``False`` for a duplicate).
* **Nothing lost.** WAL mode, ``synchronous=FULL``, every write one ``BEGIN IMMEDIATE`` transaction; a record
  refused (:class:`RecordRefused`, with the reason) changes nothing.
* **Versioned.** ``PRAGMA user_version`` holds the schema's version; :data:`MIGRATIONS` bring an older file up
  to date, each in its own transaction. A file from a newer vegas-tutor is refused rather than changed.

>>> store = ClassRecords(":memory:")
>>> store.version
2
>>> learner = store.join("client-anna-0000001")
>>> store.opened("k1", "client-anna-0000001", "01.01-placing-dice.ipynb")
>>> body, sig = sign_record(kernel_key(store.secret, "k1"), "k1", 1, "answer", {"question": "a1b2c3d4e5f6",
...     "text": "Who wins?", "choices": ["Anna", "Benno"], "choice": 0, "answer": 0, "attempt": 1})
>>> store.add(body, sig, "client-anna-0000001"), store.add(body, sig, "client-anna-0000001")
(True, False)
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import hmac
import io
import json
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vegas_tutor.core.checks import is_int
from vegas_tutor.i18n import _
from vegas_tutor.practice.exercise import THEMES

ENV_KERNEL = "VEGAS_TUTOR_KERNEL_ID"
"""The variable of a class-mode kernel's environment holding its id."""
ENV_KEY = "VEGAS_TUTOR_CLASS_KEY"
"""The variable of a class-mode kernel's environment holding its signing key (:func:`kernel_key`)."""
DEFAULT_FILE = "vegas-tutor-class.sqlite"
"""The file ``--class-db`` names by default, in the server's working folder."""

MAX_BODY = 8_000
"""The longest record (characters of its JSON) a page may send; longer ones are refused."""
MAX_NAME = 40
"""The longest display name."""
MAX_TEXT = 600
"""The longest question or choice text kept."""
MAX_CHOICES = 12
KINDS = ("answer", "finished", "game", "practice")
"""The kinds of record a kernel makes."""
RESULTS = ("won", "shared", "lost")
PRACTICE_SOURCES = ("game", "starter", "lesson")
PRACTICE_ANSWERS = ("best", "good", "inaccuracy", "mistake")
"""A practice answer as the coach judges it (a lesson question's: best or mistake)."""
KERNEL_ID = re.compile(r"[A-Za-z0-9-]{1,64}")
QUESTION_KEY = re.compile(r"[0-9a-f]{6,40}")
LESSON = re.compile(r"(?:[a-z]{2}/)?[A-Za-z0-9._-]{1,120}\.ipynb")

MIGRATIONS: tuple[str, ...] = (
    # 1: the session, the learners, the kernels given to them (lessons opened) and what their lessons recorded
    """
    CREATE TABLE session (id INTEGER PRIMARY KEY CHECK (id = 1), secret TEXT NOT NULL, started REAL NOT NULL,
                          anonymize INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE learners (client TEXT PRIMARY KEY, number INTEGER NOT NULL UNIQUE, name TEXT NOT NULL DEFAULT '',
                           joined REAL NOT NULL);
    CREATE TABLE kernels (kernel TEXT PRIMARY KEY,
                          client TEXT NOT NULL REFERENCES learners (client) ON DELETE CASCADE,
                          lesson TEXT NOT NULL, opened REAL NOT NULL);
    CREATE TABLE records (key TEXT PRIMARY KEY, client TEXT NOT NULL REFERENCES learners (client) ON DELETE CASCADE,
                          kernel TEXT NOT NULL, lesson TEXT NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL,
                          at REAL NOT NULL);
    """,
    # 2: a name's last change (the teacher sees who renamed), and the records found by lesson and kind
    """
    ALTER TABLE learners ADD COLUMN renamed REAL;
    CREATE INDEX records_by_lesson ON records (lesson, kind, client);
    """,
)
"""The schema, step by step: a file at version ``n`` runs ``MIGRATIONS[n:]``."""


class RecordRefused(ValueError):
    """A submission the store will not keep (malformed, too long, not signed by the learner's own lesson);
    nothing was changed. ``status`` is the HTTP status to answer with."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.status = status


class SchemaTooNew(RuntimeError):
    """The file was written by a newer vegas-tutor (a schema version this one does not know)."""


def kernel_key(secret: str, kernel_id: str) -> str:
    """The key a kernel signs its records with: only that kernel (in its environment) and the server know it."""
    return hmac.new(secret.encode(), f"kernel:{kernel_id}".encode(), hashlib.sha256).hexdigest()


def sign_record(key: str, kernel_id: str, seq: int, kind: str, data: Mapping[str, Any]) -> tuple[str, str]:
    """A record as its kernel sends it: the JSON ``body`` and its signature (hex HMAC-SHA256 under ``key``)."""
    body = json.dumps({"v": 1, "kernel": kernel_id, "seq": seq, "kind": kind, "data": dict(data),
                       "at": round(time.time(), 3)}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return body, hmac.new(key.encode(), body.encode(), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Learner:
    """One learner of the session: the client id, a number given in order of joining, the display name."""

    client: str
    number: int
    name: str

    def shown(self, anonymize: bool) -> str:
        """The name the teacher's page shows (``Learner N`` when anonymized or unnamed)."""
        return self.name if self.name and not anonymize else _("Learner {n}", n=self.number)


def valid_name(text: object) -> str:
    """A display name as kept: trimmed, inner spaces collapsed, 1 to :data:`MAX_NAME` printable characters;
    ``RecordRefused`` otherwise."""
    if not isinstance(text, str):
        raise RecordRefused(_("a name is text"))
    name = " ".join(text.split())
    if not name:
        raise RecordRefused(_("type a name (any name you like, at most {n} characters)", n=MAX_NAME))
    if len(name) > MAX_NAME:
        raise RecordRefused(_("a name has at most {n} characters", n=MAX_NAME))
    if any(not char.isprintable() for char in name):
        raise RecordRefused(_("a name cannot hold control characters"))
    return name


def _int(data: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = data.get(name)
    if not is_int(value) or not low <= value <= high:
        raise RecordRefused(_("{name} must be a whole number from {low} to {high}", name=name, low=low, high=high))
    return value


def _text(data: Mapping[str, Any], name: str, most: int = MAX_TEXT) -> str:
    value = data.get(name)
    if not isinstance(value, str) or len(value) > most:
        raise RecordRefused(_("{name} must be text of at most {most} characters", name=name, most=most))
    return value


def checked_data(kind: str, data: object) -> dict[str, Any]:
    """A record's ``data`` as stored, keeping only the fields its ``kind`` has; ``RecordRefused`` when a field
    is missing, of the wrong type or out of bounds."""
    if not isinstance(data, dict):
        raise RecordRefused(_("a record's data is a JSON object"))
    if kind == "answer":
        question = _text(data, "question", 40)
        if not QUESTION_KEY.fullmatch(question):
            raise RecordRefused(_("question must be the prediction's key"))
        choices = data.get("choices")
        if (not isinstance(choices, list) or not 2 <= len(choices) <= MAX_CHOICES
                or not all(isinstance(c, str) and len(c) <= MAX_TEXT for c in choices)):
            raise RecordRefused(_("choices must be 2 to {most} texts", most=MAX_CHOICES))
        last = len(choices) - 1
        return {"question": question, "text": _text(data, "text"), "choices": choices,
                "choice": _int(data, "choice", 0, last), "answer": _int(data, "answer", 0, last),
                "attempt": _int(data, "attempt", 1, 10_000)}
    if kind == "finished":
        return {"predictions": _int(data, "predictions", 0, 1_000)}
    if kind == "game":
        result = data.get("result")
        if result not in RESULTS:
            raise RecordRefused(_("result must be one of {results}", results=", ".join(RESULTS)))
        coach = data.get("coach")
        summary: dict[str, int] | None = None
        if coach is not None:
            if not isinstance(coach, dict):
                raise RecordRefused(_("coach must be a JSON object or null"))
            summary = {name: _int(coach, name, 0, 100_000) for name in ("decisions", "inaccuracies", "mistakes")}
        return {"game": _text(data, "game", 40), "result": result, "level": _text(data, "level", 40),
                "moves": _int(data, "moves", 0, 1_000_000), "coach": summary}
    if kind == "practice":
        game = data.get("game")
        if game not in THEMES:
            raise RecordRefused(_("game must be one of {games}", games=", ".join(THEMES)))
        theme = data.get("theme")
        if theme not in (*THEMES[game], "lesson"):
            raise RecordRefused(_("theme must be one of {themes}", themes=", ".join((*THEMES[game], "lesson"))))
        source = data.get("source")
        if source not in PRACTICE_SOURCES:
            raise RecordRefused(_("source must be one of {sources}", sources=", ".join(PRACTICE_SOURCES)))
        answer = data.get("answer")
        if answer not in PRACTICE_ANSWERS:
            raise RecordRefused(_("answer must be one of {answers}", answers=", ".join(PRACTICE_ANSWERS)))
        return {"game": game, "theme": theme, "source": source, "answer": answer}
    raise RecordRefused(_("unknown record kind {kind!r}: expected {kinds}", kind=str(kind)[:40],
                          kinds=", ".join(KINDS)))


class ClassRecords:
    """The class session's SQLite file (created and migrated when opened)."""

    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time,
                 migrations: tuple[str, ...] = MIGRATIONS) -> None:
        self.path = str(path)
        self.clock = clock
        self._lock = threading.RLock()
        if self.path != ":memory:" and not Path(self.path).exists():
            Path(self.path).touch(mode=0o600)  # it holds the session's secrets: the teacher's alone
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA foreign_keys = ON")
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = FULL")
        self._migrate(migrations)
        self.changes = 0
        """Counts the writes of this process (the teacher's page asks again only when it has moved)."""
        self.on_change: list[Callable[[], None]] = []
        """Called after each write is committed (the teacher's page, waiting for news, is answered)."""
        with self._write() as db:
            if db.execute("SELECT 1 FROM session").fetchone() is None:
                db.execute("INSERT INTO session (id, secret, started) VALUES (1, ?, ?)",
                           (secrets.token_hex(32), self.clock()))

    # ------------------------------------------------------------------ the file
    @property
    def version(self) -> int:
        """The schema version of the file."""
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self, migrations: tuple[str, ...]) -> None:
        """Bring the file up to ``len(migrations)``, one transaction per step; refuse a newer file."""
        with self._lock:
            current = self.version
            if current > len(migrations):
                raise SchemaTooNew(f"{self.path} has schema version {current}; this vegas-tutor knows up to "
                                   f"{len(migrations)}: use a newer vegas-tutor or another --class-db file")
            for number in range(current, len(migrations)):
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in migrations[number].split(";"):
                        if statement.strip():
                            self._db.execute(statement)
                    self._db.execute(f"PRAGMA user_version = {number + 1}")
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is kept, or none."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            self.changes += 1
        for told in list(self.on_change):
            told()

    def close(self) -> None:
        """Close the file (a checkpoint folds the WAL back into it)."""
        with self._lock:
            self._db.close()

    @property
    def secret(self) -> str:
        """The session's secret, from which each kernel's signing key is made."""
        return str(self._db.execute("SELECT secret FROM session").fetchone()[0])

    @property
    def cookie_secret(self) -> bytes:
        """The server's cookie secret for this session: a learner's class cookie outlives a server restart."""
        return hmac.new(self.secret.encode(), b"cookies", hashlib.sha256).digest()

    # ------------------------------------------------------------------ learners
    def join(self, client: str) -> Learner:
        """The learner of ``client``, added (with the next number) if new."""
        with self._write() as db:
            row = db.execute("SELECT number, name FROM learners WHERE client = ?", (client,)).fetchone()
            if row is None:
                number = int(db.execute("SELECT COALESCE(MAX(number), 0) + 1 FROM learners").fetchone()[0])
                db.execute("INSERT INTO learners (client, number, joined) VALUES (?, ?, ?)",
                           (client, number, self.clock()))
                return Learner(client, number, "")
        return Learner(client, int(row["number"]), str(row["name"]))

    def rename(self, client: str, name: object) -> Learner:
        """Set ``client``'s display name (checked by :func:`valid_name`)."""
        checked = valid_name(name)
        self.join(client)
        with self._write() as db:
            db.execute("UPDATE learners SET name = ?, renamed = ? WHERE client = ?", (checked, self.clock(), client))
        return self.join(client)

    def learner(self, client: str) -> Learner | None:
        """The learner of ``client``, or None."""
        row = self._db.execute("SELECT number, name FROM learners WHERE client = ?", (client,)).fetchone()
        return None if row is None else Learner(client, int(row["number"]), str(row["name"]))

    # ------------------------------------------------------------------ kernels and records
    def opened(self, kernel: str, client: str, lesson: str) -> None:
        """``client``'s page of ``lesson`` was given ``kernel`` (the lesson is opened)."""
        self.join(client)
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO kernels (kernel, client, lesson, opened) VALUES (?, ?, ?, ?)",
                       (kernel, client, lesson, self.clock()))

    def kernel_owner(self, kernel: str) -> tuple[str, str] | None:
        """(client, lesson) of ``kernel``, or None when no learner's page got it."""
        row = self._db.execute("SELECT client, lesson FROM kernels WHERE kernel = ?", (kernel,)).fetchone()
        return None if row is None else (str(row["client"]), str(row["lesson"]))

    def add(self, body: object, sig: object, client: str) -> bool:
        """Keep the record ``body`` signed ``sig``, sent by ``client``: True when stored, False when it was
        already (a retry). ``RecordRefused`` (nothing changed) when it is malformed, too long, not signed by
        its kernel, or that kernel is not one of ``client``'s lessons."""
        if not isinstance(body, str) or not isinstance(sig, str):
            raise RecordRefused(_("a record is sent as a JSON object with two texts, body and sig"))
        if len(body) > MAX_BODY:
            raise RecordRefused(_("this record is too long ({n} characters; at most {most})", n=len(body),
                                  most=MAX_BODY), 413)
        try:
            record = json.loads(body)
        except ValueError:
            raise RecordRefused(_("a record's body is JSON")) from None
        if not isinstance(record, dict) or record.get("v") != 1:
            raise RecordRefused(_("a record's body is a JSON object of version 1"))
        kernel = record.get("kernel")
        if not isinstance(kernel, str) or not KERNEL_ID.fullmatch(kernel):
            raise RecordRefused(_("a record names its kernel"))
        expected = hmac.new(kernel_key(self.secret, kernel).encode(), body.encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected.encode(), sig.encode()):
            raise RecordRefused(_("this record was not made by a lesson of this class"), 403)
        owner = self.kernel_owner(kernel)
        if owner is None or not hmac.compare_digest(owner[0].encode(), client.encode()):
            raise RecordRefused(_("this record belongs to another learner's lesson"), 403)
        seq = _int(record, "seq", 1, 10_000_000)
        kind = record.get("kind")
        data = checked_data(str(kind), record.get("data"))
        at = record.get("at")
        when = float(at) if isinstance(at, int | float) and not isinstance(at, bool) else self.clock()
        with self._write() as db:
            stored = db.execute(
                "INSERT OR IGNORE INTO records (key, client, kernel, lesson, kind, data, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (f"{kernel}:{seq}", client, kernel, owner[1], kind, json.dumps(data, ensure_ascii=False), when))
            return stored.rowcount == 1

    # ------------------------------------------------------------------ the teacher
    @property
    def anonymize(self) -> bool:
        """Whether the teacher's page hides the learners' names."""
        return bool(self._db.execute("SELECT anonymize FROM session").fetchone()[0])

    def set_anonymize(self, on: bool) -> None:
        with self._write() as db:
            db.execute("UPDATE session SET anonymize = ?", (int(bool(on)),))

    def learners(self) -> list[Learner]:
        """Every learner of the session, by number."""
        rows = self._db.execute("SELECT client, number, name FROM learners ORDER BY number").fetchall()
        return [Learner(str(r["client"]), int(r["number"]), str(r["name"])) for r in rows]

    def lessons_opened(self) -> list[tuple[str, str, float]]:
        """(client, lesson, when) of every lesson opened, first opening first."""
        rows = self._db.execute("SELECT client, lesson, opened FROM kernels ORDER BY opened").fetchall()
        return [(str(r["client"]), str(r["lesson"]), float(r["opened"])) for r in rows]

    def records(self, client: str | None = None, kind: str | None = None) -> list[dict[str, Any]]:
        """The records kept (of one ``client``, of one ``kind``), oldest first: key, client, lesson, kind, data, at."""
        query, args = "SELECT key, client, lesson, kind, data, at FROM records WHERE 1 = 1", list[str]()
        if client is not None:
            query, args = query + " AND client = ?", [*args, client]
        if kind is not None:
            query, args = query + " AND kind = ?", [*args, kind]
        rows = self._db.execute(query + " ORDER BY at, key", args).fetchall()
        return [{"key": str(r["key"]), "client": str(r["client"]), "lesson": str(r["lesson"]), "kind": str(r["kind"]),
                 "data": json.loads(r["data"]), "at": float(r["at"])} for r in rows]

    def export_csv(self) -> str:
        """Every record as CSV, one line each (learner number and name, lesson, what happened, when in UTC)."""
        names = {learner.client: learner for learner in self.learners()}
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["learner", "name", "lesson", "kind", "question", "choice", "answer", "right", "attempt",
                         "game", "result", "level", "moves", "decisions", "mistakes", "inaccuracies", "at_utc"])
        for client, lesson, opened in self.lessons_opened():
            who = names[client]
            writer.writerow([who.number, who.name, lesson, "opened", *[""] * 12, _utc(opened)])
        for record in self.records():
            who, data = names[record["client"]], record["data"]
            row: list[Any] = [who.number, who.name, record["lesson"], record["kind"]]
            if record["kind"] == "answer":
                row += [data["text"], data["choices"][data["choice"]], data["choices"][data["answer"]],
                        int(data["choice"] == data["answer"]), data["attempt"], "", "", "", "", "", "", ""]
            elif record["kind"] == "game":
                coach = data["coach"] or {}
                row += ["", "", "", "", "", data["game"], data["result"], data["level"], data["moves"],
                        coach.get("decisions", ""), coach.get("mistakes", ""), coach.get("inaccuracies", "")]
            else:
                row += [""] * 12
            row.append(_utc(record["at"]))
            writer.writerow(row)
        return out.getvalue()

    def delete_all(self) -> None:
        """Delete every learner, lesson opened and record of the session (the teacher's Delete)."""
        with self._write() as db:
            db.execute("DELETE FROM records")
            db.execute("DELETE FROM kernels")
            db.execute("DELETE FROM learners")
            db.execute("UPDATE session SET anonymize = 0")

    def size(self) -> int:
        """Bytes on disk (the file and its WAL)."""
        if self.path == ":memory:":
            return 0
        return sum(p.stat().st_size for p in (Path(self.path), Path(self.path + "-wal")) if p.exists())


def _utc(when: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when))
