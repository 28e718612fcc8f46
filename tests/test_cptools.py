"""tools/vm/cptools.py: what the VM runs fall back to where a tool is missing."""

from tools.vm import cptools


def test_without_setarch_vm_runs_keep_randomisation_and_say_so(monkeypatch):
    """Where ``setarch`` is absent the VM still runs (no prefix), and the tools' note says the
    runs at the edge of a heap may vary, instead of claiming a fixed layout."""
    monkeypatch.setattr(cptools, "_FIXED", [])
    monkeypatch.setattr(cptools.shutil, "which", lambda name: None)
    assert cptools.fixed_layout() == []
    note = cptools.fixed_layout_note()
    assert "not available" in note and "may pass or fail" in note


def test_a_refused_setarch_falls_back_the_same_way(monkeypatch, tmp_path):
    """A ``setarch`` that the kernel (or a container's policy) refuses is treated as absent."""
    fake = tmp_path / "setarch"
    fake.write_text("#!/bin/sh\necho 'setarch: failed to set personality' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setattr(cptools, "_FIXED", [])
    monkeypatch.setenv("PATH", str(tmp_path))
    assert cptools.fixed_layout() == []
