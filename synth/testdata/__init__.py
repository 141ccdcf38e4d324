"""Test-data generators (labelled corpora, big exports, the README's surrogate examples): used by
tests, benchmarks and docs, never by the scrub, pack or audit commands."""
