"""synth: workspace key and vault, keyed consistent surrogates, synthetic test data."""
