"""The project's tools, by trade. Each is a script run from the repository root
(``.venv/bin/python tools/vm/vm_app.py ...``, or ``python -m tools.vm.vm_app``) and a module
that the others and the tests import by its package (``from tools.vm import vm_app``): one
name for each module wherever it is run from, so no tool is loaded twice under two names.

- ``tools/bundle/``: the badge's files: ``bundle.py`` (the CIRCUITPY folder), ``constfold.py``
  and ``shortnames.py`` (what its compile folds and renames) with the firmware's name lists,
  ``make_sprites.py`` and ``make_font.py`` (``sprites/``, ``fonts/``);
- ``tools/vm/``: CircuitPython's and MicroPython's VMs and what is measured on them:
  ``cptools.py`` (where the compilers and VMs are), ``vm_app.py`` and ``soak.py`` (the app on
  CircuitPython's VM), ``budget.py`` (every budget in one table), ``bench_core.py``,
  ``bench_save.py``, ``bench_startup.py``, ``ram_budget.py``, and ``cpvm/`` (stand-ins of the
  badge's C modules, the VM's driver, ``build_vm.sh``: the VM built as the badge's firmware);
- ``tools/ai/``: the computer players' strength and cost: ``arena.py``, ``bench_ai.py``,
  ``selfplay.py``, ``rlcard_agent.py``, ``low_hands.py``;
- ``tools/records/``: game records and pictures: ``replay.py``, ``screenshots.py``;
- ``bootstrap.sh``: the ``.venv`` (``./test.sh`` and ``./play.sh`` run it).
"""
