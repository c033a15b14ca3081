"""The board's connection watch and tab lease (widgets/shared.js), run in node against a fake kernel, a fake
clock and a fake server: silence on a connected socket is "busy", never "stopped"; no socket is "lost"; the
kernel's "dead" status or a server that no longer knows the kernel is "stopped"; every verdict clears when
the board answers again; a second tab is told the game is elsewhere and can take it over."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from vegas_tutor.resources import widgets_dir

HARNESS = Path(__file__).with_name("connection_harness.js")
"""Fake timers, page, storage, server and kernel (``fakeModel``), put after shared.js."""

WATCH = r"""
const answering = { on: true };
const model = fakeModel(answering);
const watch = connectionWatch(model, el, () => {});
const seen = () => watch.status;
watch.expectAnswer(); await advance(1000);
out.answered = seen();
answering.on = false;                                   // frozen (SIGSTOP): connected, no status, no answer
watch.expectAnswer(); const frozen = new Set();
for (let s = 0; s < 60; s++) { await advance(1000); if (s >= 3) frozen.add(seen()); }
out.frozen = [...frozen];
out.frozenSeconds = watch.seconds();
out.checkedServer = asked.length > 0 && asked[0] === "/api/kernels/k1";
answering.on = true; await advance(5000);              // SIGCONT: the next ping is answered
out.afterFrozen = seen();
model.kernel.connectionStatus = "connecting";          // the network goes away
model.kernel.connectionStatusChanged.emit(model.kernel, "connecting"); server.down = true;
await advance(20000);
out.cut = seen();
server.down = false; await advance(4000);               // the server answers again: reconnect at once
out.reconnects = model.kernel.reconnects;
model.kernel.connectionStatus = "connected"; model.kernel.connectionStatusChanged.emit(model.kernel, "connected");
await advance(1000);
out.afterCut = seen();
model.kernel.statusChanged.emit(model.kernel, "busy"); answering.on = false; watch.expectAnswer();
model.emit("msg:custom", { type: "busy", what: "Preparing the fast simulator (first start only)" });
await advance(4000);
out.thinking = [seen(), watch.kernelBusy, watch.what];
answering.on = true; model.kernel.statusChanged.emit(model.kernel, "idle"); await advance(5000);
out.afterThinking = seen();
model.kernel.statusChanged.emit(model.kernel, "dead");  // the server saw the process die
await advance(1000);
out.dead = seen();
out.refused = (watch.refuse(), watch.note !== "");
"""

GONE = r"""
const answering = { on: false };
const model = fakeModel(answering);
const watch = connectionWatch(model, el, () => {});
model.kernel.connectionStatus = "connecting"; model.kernel.connectionStatusChanged.emit(model.kernel, "connecting");
server.down = true; await advance(10000);
out.down = watch.status;
server.down = false; server.status = 403; await advance(4000);   // a new server: it does not know this kernel
out.unknown = watch.status;
answering.on = true; model.kernel.connectionStatus = "connected"; watch.expectAnswer(); await advance(1000);
out.answersAgain = watch.status;                          // a wrong "stopped" clears once the board answers
"""

RESTARTED = r"""
const answering = { on: true };
const model = fakeModel(answering);
const watch = connectionWatch(model, el, () => {});
await advance(1000);
out.before = watch.status;
answering.on = false; model.kernel.session = "second-process";   // restarted behind the page, same kernel id
model.kernel.connectionStatus = "connecting"; model.kernel.connectionStatusChanged.emit(model.kernel, "connecting");
await advance(2000);
model.kernel.connectionStatus = "connected"; model.kernel.connectionStatusChanged.emit(model.kernel, "connected");
await advance(2000);
out.after = watch.status;
model.emit("msg:custom", { type: "busy", what: "x" }); await advance(1000);
out.stays = watch.status;
"""

DEAD_SOCKET = r"""
const model = fakeModel({ on: false });
const watch = connectionWatch(model, el, () => {});
model.kernel.statusChanged.emit(model.kernel, "dead");   // the server saw the process die
await advance(1000);
out.dead = watch.status;
model.send = () => { throw new Error("the kernel's socket is disposed"); };   // as a dead kernel's comm does
const seen = new Set();
for (let s = 0; s < 20; s++) { await advance(1000); seen.add(watch.status); }
out.after = [...seen];
"""

LEASE = r"""
const first = fakeModel({ on: true });
first.saved = { record: "R1", moves: 3, game: "las_vegas", options: { bots: "hard", coach: true, pace: "pause" } };
const one = gameKeeper(first, () => {});
out.first = one.tab;
out.kept = JSON.parse(localStorage.getItem("vegas-tutor:game:/voila/render/lesson.ipynb#b1")).options;
TAB_ID = "another-tab";
const second = fakeModel({ on: true });
second.saved = { record: "R0", moves: 0, game: "las_vegas" };
const two = gameKeeper(second, () => {});
out.second = [two.tab, two.offer === null];
await advance(30000);                                     // the first tab renews its lease: still elsewhere
out.stillSecond = two.tab;
const sent = [];
two.takeOver((msg) => sent.push(msg));
window.fire("storage", { key: "vegas-tutor:lease:/voila/render/lesson.ipynb#b1" });
await advance(3000);
out.taken = [two.tab, one.tab];
out.sent = sent.slice(0, 4);                               // the kept options, then the game
const ping = sent[4];
out.ping = [ping.type, Number.isInteger(ping.n) && ping.n > 0];
second.saved = { record: "R0", moves: 0, game: "las_vegas", options: { bots: "hard" } };  // the new game's answer
second.emit("change:saved");                                // to the options: the kept game is not overwritten
out.keptWhileResuming = JSON.parse(localStorage.getItem("vegas-tutor:game:/voila/render/lesson.ipynb#b1")).record;
second.emit("msg:custom", { type: "pong", n: ping.n });   // Python has taken the kept game
second.saved = { record: "R1b", moves: 5, game: "las_vegas" }; second.emit("change:saved");  // bots played on
out.sentAfter = sent.length;
first.saved = { record: "R2", moves: 4, game: "las_vegas" }; first.emit("change:saved");   // the old tab saves nothing
out.record = JSON.parse(localStorage.getItem("vegas-tutor:game:/voila/render/lesson.ipynb#b1")).record;
out.bad = optionMessages({ bots: "<script>", coach: "yes", pace: "<img>" });
"""


def _run(probe: str) -> dict[str, Any]:
    if shutil.which("node") is None:
        if os.environ.get("CI"):
            pytest.fail("node is missing (required when CI is set: apt-get install nodejs)")
        pytest.skip("needs node (Debian's nodejs) to run the widgets' helpers")
    source = "\n".join((widgets_dir() / name).read_text(encoding="utf-8") for name in ("words.js", "shared.js"))
    program = source + HARNESS.read_text(encoding="utf-8") + probe + "\nconsole.log(JSON.stringify(out));"
    done = subprocess.run(["node", "--input-type=module", "-e", program], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_silence_on_a_connected_socket_is_busy_never_stopped_and_every_verdict_clears() -> None:
    out = _run(WATCH)
    assert out["answered"] == "ok"
    assert out["frozen"] == ["busy"] and out["frozenSeconds"] >= 59  # a minute frozen: busy, ticking
    assert out["checkedServer"]
    assert out["afterFrozen"] == "back"
    assert out["cut"] == "lost" and out["reconnects"] >= 1
    assert out["afterCut"] == "back"
    assert out["thinking"] == ["busy", True, "Preparing the fast simulator (first start only)"]
    assert out["afterThinking"] in ("back", "ok")
    assert out["dead"] == "stopped" and out["refused"]


def test_a_server_that_no_longer_knows_the_kernel_is_stopped_until_the_board_answers() -> None:
    out = _run(GONE)
    assert out == {"down": "lost", "unknown": "stopped", "answersAgain": "back"}


def test_another_kernel_process_behind_the_page_is_stopped() -> None:
    out = _run(RESTARTED)
    assert out == {"before": "ok", "after": "stopped", "stays": "stopped"}


def test_a_stopped_kernel_stays_stopped_when_its_socket_refuses_the_pings() -> None:
    out = _run(DEAD_SOCKET)
    assert out == {"dead": "stopped", "after": ["stopped"]}  # never back to "lost, trying again"


def test_one_tab_keeps_a_game_and_another_can_take_it_over() -> None:
    out = _run(LEASE)
    assert out["first"] == "here" and out["kept"] == {"bots": "hard", "coach": True, "pace": "pause"}
    assert out["second"] == ["elsewhere", True] and out["stillSecond"] == "elsewhere"
    assert out["taken"] == ["here", "moved"]
    # The options before the game: the bots that play on at once after the resume play at the kept level.
    assert out["sent"] == [{"type": "option", "name": "bots", "value": "hard"},
                           {"type": "option", "name": "pace", "value": "pause"}, {"type": "coach", "on": True},
                           {"type": "resume", "record": "R1"}]
    assert out["ping"] == ["ping", True] and out["keptWhileResuming"] == "R1"
    assert out["sentAfter"] == 5  # nothing more once the bots have played on
    assert out["record"] == "R1b"  # the tab that took the game keeps it; the one it moved from writes nothing
    assert out["bad"] == []
