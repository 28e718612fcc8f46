"""One hardware module per target, all with the interface described in docs/APP.md."""
