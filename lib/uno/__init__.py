"""UNO for the PyBadge, in layers: ``uno.core`` (the rules: cards, rng, rules, game) shared by
badge and PC; ``uno.players`` (the computer players) and ``uno.saves`` (settings, the store,
the codec), each over the core only; ``uno.view``, ``uno.app``, ``uno.hw`` and
``uno.programs`` above them (docs/APP.md, "Structure"). Here: the memory policy, ``drop``
lets a module go, ``drop_search`` the search's code, ``drop_codec`` the save codec.

CircuitPython keeps a loaded module's code in the heap until the module is forgotten (a class
keeps its module's globals, so a method is as resident as its module), and the badge's heap
(about 130 KB) must hold a match against three Advanced players. So the game is three programs,
each begun on a fresh heap (code.py and start/, uno.programs): the title's, a match's, a page of
a paused match's. Each keeps resident only what runs every frame, and loads the rest where it
is needed and lets it go after. Figures: the heap a module takes on the badge's model, compiled
as the bundle is (no line numbers), `tools/vm/vm_app.py modules --badge` (loaded after the
match's modules, so what they share is counted once). A package is a module too, loaded with
its first module: uno.saves 272, uno.core 160, uno.players 96 (the module, its dict of the
modules loaded, its ``__path__``; the bundle ships a package whose ``__init__`` is a docstring
without it); ``drop`` takes a module off its own package.

Resident in every program: uno.hw.pybadge, uno.view.layout, text, table, uno.saves (settings,
autosave), uno.app.fx and uno.app.main (the App: the frame, dimming, sleep, the save points'
and the screens' entry points, sound, lights; 2,656). In a match's program also the Match
controller, uno.app.match 2,656 (the steps of a match, the computer players' rest, the match's
screens), uno.app.table 4,816 and the rules core (uno.core: ruleset, cards, rng, journal, game):
51,280 with the name pool and the players' modules below, while a computer searches. A match
that uses the party rules loads their rules' code (uno.core.party 1,280, uno.players.party 256)
the first time it needs it and keeps it; a match without them never loads it. The title's and
the pages' programs never load the match's modules.

When each transient module is loaded, its heap in bytes, and what lets it go:
- a program's start: uno.app.loading 816, uno.view.bmp 1,600, uno.view.build 3,008,
  uno.hw.pybadge_init 576 (code.py, uno.view.table, uno.hw.pybadge), the program's
  composition uno.programs 1,408 (dropped by its root before the program's own modules load)
  and its root uno.programs.title 304, match 288 or page 560 (code.py);
- a match begun or continued, a match saved at its end settled: uno.app.begin 2,240 with
  uno.saves.settings_ops 1,280, uno.core.rules and uno.core.rulecheck 1,648 (Match.new,
  Match.resume, App.settle);
- each hand's deal: uno.core.deal 1,200; a refusal's reason: uno.core.explain 2,432
  (uno.core.game), with uno.core.notation 1,136 only where it names an action (a refused card
  needs none);
- the message bar after an action: uno.app.describe 2,912 (uno.app.table), loaded once the
  code that chose the action (a computer's search, a person's turn, a party prompt, the colour
  picker, the challenge) has returned and been let go: a person's action is applied by the
  table (Table.update) or the app (App.frame), not from inside that code;
- while a screen opens or closes (App.open_page, close, close_all, title): uno.app.screens
  880; a program's end (App.switch): uno.app.switch 352;
- while a pop-up or page shows (App.close, App.close_all): uno.app.popups 1,776, pause 1,488,
  results 2,368, handover 864, uno.view.panels 1,088; the title 1,808, options with ruletext
  6,640, help 2,064, scores 1,808, record 2,368, players 2,608, graph 2,672, with uno.app.page
  2,336;
- a save point, Continue, the start-up's read (drop_codec, App.save_point): uno.saves.codec
  7,712 with uno.core.rulecheck, and of uno.saves bitwrite 1,888, bitread 976, snapshot
  1,680, restore 1,712, store 2,080, stats 2,032, crc32py 736, handoff 640; uno.app.savepoint
  912;
- from a match's start or resumption, a hand's end or the pause menu to the next computer
  turn (uno.app.begin ``seat_up``, Match.rest_players): of uno.players normal 3,984, advanced
  2,096, easy 1,152, and the factory, make 416, only until the seats have their players;
  uno.core.observe 688;
- from a computer's search to its play's message (``drop_search``: uno.app.table before the
  message loads, and before a person's turn; App.save_point, Match.rest_players):
  uno.players.search 5,056 and uno.core.sample 896 (the sampled deal), with uno.players.infer
  1,360 where a Normal seat's plays are read (three or four seats); the next search loads them
  again (about 12 ms on the badge, tools/vm/bench_startup.py --loads);
- the hint asked on the pause menu: uno.app.hint 1,376 (App.frame's ``later``);
- a person's turn: uno.app.human 1,488, let go as the turn ends (before its last action's
  message), so a search runs without it (uno.app.table);
- a person's answer to a 7's swap or a jump-in: uno.app.party 1,040 and uno.view.marks 1,296,
  let go once it is answered (uno.app.party); a jump-in window, which mostly follows a
  computer's play, loads no uno.app.human.

docs/BENCHMARKS.md has the heap each program needs.
"""


def drop(name):
    """Forget module ``name`` ("uno.core.deal", "uno.app.begin", ...) and its package's attribute
    for it: its code leaves the heap at the next collection once nothing else holds it
    (CircuitPython keeps a loaded module's code in RAM); the next import loads it again."""
    import sys

    sys.modules.pop(name, None)
    pkg, _, attr = name.rpartition(".")
    parent = sys.modules.get(pkg)
    # not ``attr in dir(parent)``: MicroPython's dir() probes every interned name (~2,500
    # lookups, most of a program's start-up: tools/vm/bench_startup.py)
    if parent is not None and getattr(parent, attr, None) is not None:
        delattr(parent, attr)


def drop_search():
    """Free the Advanced player's search (uno.players.search, uno.core.sample, and
    uno.players.infer if a Normal seat loaded it) until the next search loads it again."""
    # the names made here, not written out (drop_codec says why): a program that never
    # searches (the title's, a page's) would intern them for nothing
    for name in ("search", "infer"):
        drop("uno.players." + name)
    drop("uno.core." + "sample")


def drop_codec():
    """Free the save codec (uno.saves: codec, bitwrite, bitread, snapshot, restore, store,
    stats; uno.core.rules, rulecheck) until the next save point: the app keeps only Settings
    and Saved between saves. Call with no reference to them held."""
    # the names made here, not written out: a name in the code is interned as the module loads
    # and kept for the whole program, whether that module is ever loaded or not
    for name in ("snapshot", "restore", "codec", "stats", "bitwrite", "bitread", "store",
                 "crc32py"):
        drop("uno.saves." + name)
    for name in ("rules", "rulecheck"):
        drop("uno.core." + name)
