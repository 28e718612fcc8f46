"""The Match controller: a match of this program from its first deal to its end. Made by a
match's program (uno.programs.match), or where the shell cannot start one by the program that
plays it in place (App.get_match); resident from then on.

It owns the table (uno.app.table.Table: the hands, the turns, the messages), the game record's
events, the score history, the computer players and their rest between hands, and the match's
own screens (colour picker, challenge, pause menu, results, hot-seat hand-over: each module
loaded while it shows). What runs once a match (the seats, Continue's reading) is
uno.app.begin's, loaded for it and dropped after; a save point's is uno.app.savepoint's.
"""

from uno import drop, drop_search
from uno.core.codes import PH_MATCH_OVER


class Match:
    """``table``: the Table; ``events``: the record events of the last action (the table's
    message); ``history``: the cumulative scores after each hand; ``in_match``: a match is
    being played (not yet over, not left); ``over_saved``: a match saved at its end waits for
    App.settle."""

    def __init__(self, app):
        """The match's table on ``app``'s View (its cards and panels built now if the program
        made it without them), the table, the rules core and the computer players' view of
        it loaded; ``app.match`` and ``app.table`` set."""
        app.view.build_table()
        from uno.app.table import Table

        # what each computer turn sees (Game.observe imports it at the first one): loaded
        # now, before the deal and the first searches fragment the heap
        import uno.core.observe  # noqa: F401

        self.app = app
        self.events = []
        self.history = []
        self.in_match = False
        self.over_saved = False
        self._make_player = None  # loaded at the first computer turn (wake_players)
        app.match = self
        self.table = app.table = Table(self)

    # ----- a match's steps -----------------------------------------------------------------

    def new(self):
        """Deal a new match with the run's rules or the settings' (rules, seats, names)."""
        from uno.app import begin

        try:
            begin.new_match(self)
        finally:
            self._begun()
        self._deal(True)  # once begin's code has gone: the deal's room
        self.app.seed += 1

    def resume(self, early=None):
        """Continue the saved match where its last save point left it (``early``: read
        already, uno.programs ``start_up``); False (and a notice) when it cannot be read."""
        from uno.app import begin

        try:
            return begin.resume(self, early)
        finally:
            self._begun()

    def _begun(self):
        # code run once a match (uno.app.begin) goes when it has run, and with it what made
        # the match's rules and names
        drop("uno.app.begin")
        drop("uno.saves.settings_ops")

    def next_hand(self):
        """The next hand of the match, dealt."""
        self._deal(False)

    @staticmethod
    def deal_next(app):
        """The results page's A, run by App.frame (``App.later``): the next hand, dealt once
        the page and its code are unreferenced, so the deal's code loads into their room."""
        app.match.next_hand()

    def _deal(self, first):
        # a match's first hand (its start), or the next
        tb = self.table
        self.events = []
        if first:
            tb.g.start()
        else:
            tb.g.next_hand()
        tb.sel = 0
        tb.offset = 0
        tb._after_action(self.app.now, None)

    def hand_over(self):
        """A hand (or the match) ended: its scores join ``history``; the computer players
        rest until the next hand's first computer turn (``rest_players``); the save point."""
        g = self.table.g
        if len(self.history) < g.hand_no:
            self.history.append(tuple(g.scores))
        self.rest_players(True)
        self.app.save_point(True)  # written at once: the results page may be the last seen

    def leave(self):
        """The human leaves a match unfinished: the record ends with ``quit``."""
        g = self.table.g
        if self.in_match and g is not None:
            if g.phase != PH_MATCH_OVER:
                self.sink({"ev": "quit", "p": self.table.seat})
        self.in_match = False

    def sink(self, ev):
        """Every game-record event: kept for the table's messages and given to the shell."""
        self.events.append(ev)
        app = self.app
        app.lines += 1
        app.hw.record(ev)

    # ----- the computer players ------------------------------------------------------------

    def make_player(self, level, seed):
        """A computer player of ``level`` for a new match (its code loaded again after
        ``rest_players``)."""
        if self._make_player is None:
            if self.app.cpu == "ai":
                from uno.players.make import make_player
            else:  # "first": every computer plays its first legal action (tests)
                from uno.app.first import make_player
            self._make_player = make_player
        return self._make_player(level, seed)

    def rest_players(self, always=False):
        """The match is over, or ``always`` (a hand's end, the pause menu): its computer players and
        their code (``uno.players.normal``, ``uno.players.easy``, ``uno.players.advanced``,
        ``uno.core.observe``, the search's: 14 KB on the VM) go until the next computer
        turn wakes them (``wake_players``), so the save point, the results page and a page opened
        over them have their room. What a player carries from one decision to the next (its random
        numbers, what its challenges learned, a challenge it waits to see settled) stays in
        ``table.rested``: it decides as if it had never gone."""
        tb = self.table
        if tb.g is None or not (always or tb.g.phase == PH_MATCH_OVER):
            return
        old = tb.rested
        rested = []
        for s in range(len(tb.players)):
            p = tb.players[s]
            if p is None or p == 0:  # a human, or resting since the hand's end
                rested.append(old[s] if p == 0 and s < len(old) else None)
            else:
                rested.append((getattr(p, "rng", None), getattr(p, "bluffs", None),
                                getattr(p, "honest", None),
                                getattr(p, "pending_challenge", None)))
        tb.rested = rested
        tb.players = [None if p is None else 0 for p in tb.players]  # seats stay computers'
        self._make_player = None
        drop_search()
        for name in ("advanced", "easy", "make", "normal"):
            drop("uno.players." + name)  # made here: uno.drop_codec says why
        drop("uno.core.observe")
        import gc

        gc.collect()

    def wake_players(self):
        """The resting computer players made again, each with what it carried (see
        ``rest_players``)."""
        tb = self.table
        g = tb.g
        seats = g.rules.seats
        rested = tb.rested
        import uno.core.observe  # noqa: F401 (before the players: as the Match's making orders them)

        for s in range(len(tb.players)):
            if tb.players[s] == 0:
                p = self.make_player(seats[s], g.seed + s)
                st = rested[s] if s < len(rested) else None
                if st is not None:
                    if st[0] is not None:
                        p.rng = st[0]
                    if st[1] is not None:
                        p.bluffs = st[1]
                        p.honest = st[2]
                        p.pending_challenge = st[3]
                tb.players[s] = p
        tb.rested = []
        # the factory's code goes once the seats have their players (0.6 KB at a search)
        self._make_player = None
        drop("uno.players.make")

    # ----- the match's screens -------------------------------------------------------------

    def pick_colour(self, default, card):
        """The colour picker for ``card`` (-1: the first card's wild), on ``default``."""
        from uno.app.popups import Picker

        s = Picker(self.app)
        s.open(default, card)
        self.app.push(s, "uno.app.popups")

    def challenge(self, who, pending):
        """The challenge prompt: ``who`` played a W+4 against you, ``pending`` cards."""
        from uno.app.popups import Challenge

        s = Challenge(self.app)
        s.open(who, pending)
        self.app.push(s, "uno.app.popups")

    def pause(self):
        """START: the pause menu over the match (a save point)."""
        app = self.app
        if app.stack and getattr(app.stack[-1], "module", None) in ("uno.app.pause",
                                                                    "uno.app.results"):
            return
        # nobody decides while the menu shows: the players' 14 KB give the save point, a page
        # program's hand-over and the hint their room (the next computer turn wakes them)
        self.rest_players(True)
        app.save_point()
        from uno.app.pause import Pause

        s = Pause(app)
        s.open()
        app.push(s, "uno.app.pause")

    def show_results(self):
        """The hand (or the match) is over: its save point, then the results page."""
        app = self.app
        app.close_all()
        self.hand_over()
        from uno.app.results import Results

        s = Results(app)
        s.open()
        app.push(s, "uno.app.results")

    def hand_over_to(self, seat):
        """Hot seat: the page that hides the table until ``seat``'s player has the badge."""
        from uno.app.handover import Handover

        s = Handover(self.app)
        s.open(seat)
        self.app.push(s, "uno.app.handover")
