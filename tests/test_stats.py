"""The player's record on the title's Statistics page (docs/SAVES.md "The player's record",
docs/APP.md): matches played and won by table, the longest winning streak, hands won, points
a hand won, the best and the worst match; kept in the save beside the high scores, read from
older saves with nothing recorded, refused when damaged, cleared only after A says yes."""

import io
import json

from host_sim import __main__ as M
from host_sim import bot
from host_sim.hw import FileNvm, HostHardware, RecordFile
from uno.saves import codec as save, stats
from uno.app.input import A, B, DOWN, UP
from uno.programs import make
from uno.saves.store import Store

LEVEL = {"human": "Human", "easy": "Easy", "normal": "Normal", "advanced": "Adv"}
ORDER = ("human", "easy", "normal", "advanced")
TAG = 0xA7  # the byte before the record in a save (docs/SAVES.md, Payload)


def program(nvm, flags=(), seed=1, log=None):
    """One program run on ``nvm`` (a start of the badge): the title (which settles a match
    the last run finished), then, with ``log``, a whole match by the built-in player."""
    hw = HostHardware(headless=True, render=False, out=io.StringIO(),
                      log=RecordFile(str(log)) if log else None)
    hw.skip_refresh = True
    args = M.parse_args(["--headless", "--quiet", "--speed", "10", "--no-sound"] + list(flags))
    hw.nvm = FileNvm(str(nvm))
    app = make(hw, "title", rules=M.build_rules(args), seed=seed, speed=10, sound=False)
    M.settle(app, hw, False)
    if log:
        bot.play_match(app, hw, M.settle)
        M.end_record(app, hw)
    return app, hw


def press(app, hw, key):
    hw.press(key)
    M.settle(app, hw, False)


def expected(logs):
    """The page's figures worked out from the game records alone."""
    tables = {}
    order = []
    hands = won_hands = points = 0
    streak = best_streak = 0
    best = worst = None
    for path in logs:
        evs = [json.loads(line) for line in open(path)]
        start = [e for e in evs if e["ev"] == "match"][0]
        seats = start["seats"]
        penalty = start["rules"]["scoring"] == "penalty"
        p = seats.index("human")
        opps = sorted((seats[s] for s in range(len(seats)) if s != p), key=ORDER.index)
        key = " ".join(LEVEL[o] for o in opps)
        end = [e for e in evs if e["ev"] == "match_end"][0]
        won = end["winner"] == p
        if key not in tables:
            tables[key] = [0, 0]
            order.append(key)
        tables[key][0] += 1
        tables[key][1] += won
        for e in evs:
            if e["ev"] == "hand_end":
                hands += 1
                if e["winner"] == p:
                    won_hands += 1
                    points += sum(e["points"])
        streak = streak + 1 if won else 0
        best_streak = max(best_streak, streak)
        sc = end["scores"]
        others = [sc[s] for s in range(len(sc)) if s != p]
        other = min(others) if penalty else max(others)
        margin = other - sc[p] if penalty else sc[p] - other
        m = (margin, sc[p], other, key)
        if best is None or margin > best[0]:
            best = m
        if worst is None or margin < worst[0]:
            worst = m
    played = sum(t[0] for t in tables.values())
    won = sum(t[1] for t in tables.values())
    return {"played": played, "won": won, "streak": best_streak, "hands": hands,
            "hands_won": won_hands, "points": points, "best": best, "worst": worst,
            "tables": [(k, tables[k][1], tables[k][0]) for k in order]}


def figures(lines):
    """The page's lines read back as figures (what a player reads off the screen)."""
    def value(label):
        for ln in lines:
            if ln.startswith(label):
                return ln[len(label):].strip()
        raise AssertionError("no line %r in %r" % (label, lines))

    def match(label):
        i = [ln.split()[0] + " " + ln.split()[1] for ln in lines].index(label)
        head, tail = lines[i + 1].split(" v ")
        mine, _, other = head.split()
        return (int(lines[i].split()[-1]), int(mine), int(other), tail.strip())

    won = value("Matches won").split()[0]
    hw, _, hands = value("Hands won").split()
    i = lines.index("Opponents       won/played")
    tables = []
    for ln in lines[i + 1:-1]:
        name, score = ln.strip().rsplit(" ", 1)
        w, n = score.split("/")
        tables.append((name.strip(), int(w), int(n)))
    return {"played": int(value("Matches played")), "won": int(won),
            "streak": int(value("Longest winning streak")), "hands": int(hands),
            "hands_won": int(hw), "points": value("Points a hand won"),
            "best": match("Best match"), "worst": match("Worst match"), "tables": tables}


WEEK = (  # (flags, seed): the tables of a week's play, a program run each
    (["--seats", "human,normal"], 3),
    (["--seats", "human,advanced,advanced,advanced", "--rules", "target=200"], 4),
    (["--seats", "human,easy,normal", "--rules", "scoring=penalty target=300"], 5),
    (["--seats", "human,normal"], 6),
    (["--seats", "human,easy", "--rules", "target=200"], 7),
    (["--seats", "human,normal"], 8),
    (["--seats", "human,advanced,advanced,advanced", "--rules", "target=200"], 9),
)


def test_the_statistics_page_shows_a_week_of_play(tmp_path):
    nvm = tmp_path / "nvm.bin"
    logs = []
    for i, (flags, seed) in enumerate(WEEK):
        log = tmp_path / ("match%d.jsonl" % i)
        program(nvm, flags, seed, log)
        logs.append(log)
    app, hw = program(nvm)  # the last match settles as this run starts
    want = expected(logs)
    app.open_page("record")
    page = app.top()
    lines = page.lines_all
    got = figures(lines)
    pts = want.pop("points")
    assert got.pop("points") == str((pts + want["hands_won"] // 2) // want["hands_won"])
    assert got == want, "\n".join(lines)
    pct = (want["won"] * 100 + want["played"] // 2) // want["played"]
    assert lines[1].endswith("%d (%d%%)" % (want["won"], pct))
    assert lines[-1] == "Clear statistics"
    # the screen shows the first eight lines; DOWN scrolls the rest into view
    assert page.lines[0] == lines[0]
    for _ in range(len(lines) - 1):
        press(app, hw, DOWN)
    assert page.lines[-1] == "Clear statistics" and page.lines[0] == lines[len(lines) - 8]


def test_an_older_save_is_read_with_nothing_recorded(tmp_path):
    # today's save as the version before the record wrote it: settings, scores, a match
    old = save.Saved()
    old.settings.speed = 3
    old.settings.names = ["ANN", "CPU1", "CPU2", "CPU3"]
    old.scores = [(310, "ANN", "classic", ("normal",))]
    buf = bytearray(b"\xff" * 8192)
    save.save(buf, old)
    data = Store(buf).read()
    assert TAG not in data[-3:]  # nothing recorded: no section at all
    got, notice = save.load(buf)
    assert notice is None
    assert got.stats is None
    assert got.settings == old.settings and got.scores == old.scores
    # a match after the settings reads as before
    app, hw = program(tmp_path / "n.bin")
    app.open_page("record")
    assert "No matches yet." in app.top().lines


def _with_record(tmp_path, games=1):
    nvm = tmp_path / "nvm.bin"
    for i in range(games):
        program(nvm, ["--seats", "human,normal", "--rules", "target=100"], 20 + i,
                tmp_path / ("m%d.jsonl" % i))
    app, hw = program(nvm)
    return nvm, app, hw


def test_a_match_saved_with_a_record_reads_back_whole(tmp_path):
    nvm, app, hw = _with_record(tmp_path)
    assert app.saved.stats
    buf = bytearray(nvm.read_bytes())
    got, notice = save.load(buf)
    assert notice is None and got.stats == app.saved.stats
    st = stats.unpack(got.stats)
    assert stats.totals(st)[0] == 1 and st[0][0][0] == ("normal",)


def test_damaged_record_bytes_are_refused_with_a_notice(tmp_path):
    nvm, app, hw = _with_record(tmp_path)
    payload = bytes(Store(bytearray(nvm.read_bytes())).read())
    k = payload.index(bytes([TAG, len(app.saved.stats)]) + app.saved.stats)
    n = len(app.saved.stats)
    bad = []
    # its version, a table with more wins than matches, a length past the payload
    v = bytearray(payload)
    v[k + 2] = 9
    bad.append(v)
    st = stats.unpack(app.saved.stats)
    st[0][0][2] = st[0][0][1] + 1
    body = stats.pack(st)
    bad.append(payload[:k + 2] + body + payload[k + 2 + n:])
    v = bytearray(payload)
    v[k + 1] = 250
    bad.append(v)
    for data in bad:
        buf = bytearray(b"\xff" * 8192)
        Store(buf).write(bytes(data))  # a fault before the CRC: the record checks
        got, notice = save.load(buf)
        assert notice == save.NOTICE_BAD and got.stats is None
    # with a good record before it, that one is used
    buf = bytearray(b"\xff" * 8192)
    st = Store(buf)
    st.write(payload)
    st.write(bytes(bad[1]))
    got, notice = save.load(buf)
    assert notice == save.NOTICE_OLDER and got.stats == app.saved.stats
    # the page never sees such bytes, and would show an empty record rather than fail
    app.saved.stats = bytes(bad[1][k + 2:k + 2 + n])
    app.open_page("record")
    assert "No matches yet." in app.top().lines


def test_clearing_asks_and_only_a_clears(tmp_path):
    nvm, app, hw = _with_record(tmp_path)
    app.open_page("record")
    page = app.top()
    press(app, hw, UP)  # from the first line up to the last: Clear
    assert page.lines_all[page.sel] == "Clear statistics"
    press(app, hw, A)
    assert "Clear the statistics?" in page.lines
    press(app, hw, B)  # no
    assert app.saved.stats and page.lines[-1] == "Clear statistics"
    assert save.load(bytearray(nvm.read_bytes()))[0].stats == app.saved.stats
    press(app, hw, UP)  # A on any other line asks nothing
    press(app, hw, A)
    assert "Clear the statistics?" not in page.lines
    press(app, hw, DOWN)
    press(app, hw, A)
    press(app, hw, A)  # yes
    assert app.saved.stats is None and "No matches yet." in page.lines
    app.autosave.poll(app.now // 1000 + 11)
    got, notice = save.load(bytearray(nvm.read_bytes()))
    assert notice is None and got.stats is None
    assert got.scores == app.saved.scores and got.settings == app.settings


def test_the_record_fits_the_store_for_four_long_names():
    # the largest record: every table, every figure at its widest
    st = stats.new()
    for n in (1, 2, 3):
        def keys(k, lo):
            if k == 0:
                yield ()
                return
            for i in range(lo, 4):
                for rest in keys(k - 1, i):
                    yield (stats.KINDS[i],) + rest
        for key in keys(n, 0):
            st[0].append([key, 30000, 30000])
    assert len(st[0]) == 34
    st[1] = st[2] = 0xFFFFF
    st[3] = 0xFFFFFF
    st[4] = st[5] = 65535
    st[6] = (20000, 30000, 10000, ("advanced",) * 3)
    st[7] = (-20000, 10000, 30000, ("human",) * 3)
    body = stats.pack(st)
    assert stats.unpack(body) == st
    s = save.Saved()
    s.settings.names = ["ABCDEFGHIJKLMNOP"] * 4
    s.settings.seats = ["human", "advanced", "advanced", "advanced"]
    s.scores = [(32767, "ABCDEFGHIJKLMNOP", "custom", ("advanced",) * 3)] * 10
    s.stats = body
    data, dropped = save.fit(s, Store(bytearray(8192)).capacity)
    assert dropped == () and len(body) <= 255
