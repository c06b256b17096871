"""Tests of the static board renderer (polis_nb.render)."""
