"""Tags and Tracks (seed 002): a GM-run roleplaying core, as text the kernel runs."""
