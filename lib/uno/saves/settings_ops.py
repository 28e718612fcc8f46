"""What is made from the settings: a match's rules and names, and the names a table shows.
Loaded by the pages (each a program of its own) and a match's set-up (``uno.app.begin``,
dropped with it): a match's heap keeps only the data (``uno.saves.settings``).
"""


def rules_of(s):
    """The uno.core.ruleset.Rules that settings ``s`` make (preset, rules, target, seats);
    ValueError with the reason for a bad combination (say, one occupied seat)."""
    for tok in s.rules.lower().replace(";", " ").split():
        k = tok.split("=")[0]
        if k in ("seats", "target"):
            raise ValueError("%s is a setting of its own, not a rule option" % k)
    from uno.core import rules as R  # only while the rules are made: dropped below (2.5 KB)

    r = R.parse(s.rules, R.preset(s.preset))
    if s.target:
        r.update({"target": s.target})
    r.update({"seats": s.seats})
    R.drop()
    return r


def match_names(s):
    """The names of the occupied seats of settings ``s``, in seat order (as the match numbers
    them)."""
    return [s.names[i] for i in range(4) if s.seats[i]]


_DEFAULTS = ("YOU", "CPU", "CPU1", "CPU2", "CPU3", "P1", "P2", "P3", "P4")


def shown_names(s):
    """The name each of the four seats of settings ``s`` plays under ("" for an empty seat):
    what the table will show, so the players page says it too."""
    occ = [i for i in range(4) if s.seats[i]]
    names = seat_names([s.seats[i] for i in occ], [s.names[i] for i in occ])
    out = ["", "", "", ""]
    for k in range(len(occ)):
        out[occ[k]] = names[k]
    return out


def seat_names(seats, given):
    """The names the table shows for ``seats`` (kinds, as Rules.seats): ``given`` where set
    and not a default name, else "YOU" (P1, P2... with several humans) and "CPU" (CPU1...).
    A default name (one of these) is never kept: it follows the seat's kind and count."""
    humans = [s for s in range(len(seats)) if seats[s] == "human"]
    cpus = [s for s in range(len(seats)) if seats[s] != "human"]
    names = []
    for s in range(len(seats)):
        name = given[s] if given and s < len(given) else ""
        if name and name not in _DEFAULTS:
            names.append(name)
        elif seats[s] == "human":
            names.append("YOU" if len(humans) == 1 else "P%d" % (humans.index(s) + 1))
        else:
            names.append("CPU" if len(cpus) == 1 else "CPU%d" % (cpus.index(s) + 1))
    return names
